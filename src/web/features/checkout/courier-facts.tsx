import type { CheckoutStatus } from '#src/domain/checkout.js';
import { TrackingLinks } from '../orders/index.js';

/**
 * The courier's side of a booked order, in its facts list: the courier's reference once it has
 * one, and the tracking links (the confirmation page, the account's order page).
 */
export function CourierFacts({
  status,
}: {
  status: Pick<CheckoutStatus, 'courierReference' | 'trackingPage' | 'trackingUrl'>;
}) {
  return (
    <>
      {status.courierReference && (
        <>
          <dt>Courier reference</dt>
          <dd>{status.courierReference}</dd>
        </>
      )}
      <TrackingLinks page={status.trackingPage} courierUrl={status.trackingUrl} />
    </>
  );
}

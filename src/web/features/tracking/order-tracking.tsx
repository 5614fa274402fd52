import { useEffect, useState } from 'react';
import {
  getOrderTracking,
  setOrderTrackingEmails,
  type TrackingView,
} from '#src/domain/api/tracking.js';
import type { TrackingEmailChoice } from '#src/domain/tracking.js';
import { formatLondon } from '#src/domain/london-time.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { Link } from '../../lib/router.js';
import { TrackedBoxes, TrackingStatusPanel } from './tracking-boxes.js';
import { TrackingEmails } from './tracking-emails.js';
import { expectedDeliveryText } from '#src/domain/delivery-estimate.js';
import { hrefOf } from '#src/domain/site-links.js';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; tracking: TrackingView | null; emails: TrackingEmailChoice | null }
  | { state: 'error'; message: string };

/** The path of a booking's tracking page. */
export function trackingPath(token: string): string {
  return hrefOf('tracking', { token });
}

/**
 * A booked order's tracking on the customer's order pages (the account's, Manage my booking):
 * the order's status, the expected delivery, each box's history, the way to its tracking page
 * (where a missed collection is rebooked) and the optional emails, which only these pages show.
 */
export function OrderTracking({ orderId }: { orderId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    callApi(getOrderTracking, { params: { id: orderId }, signal: controller.signal })
      .then(({ tracking, emails }) => setLoad({ state: 'ready', tracking, emails }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [orderId]);

  return (
    <section aria-labelledby="order-tracking-title" className="order-tracking">
      <h2 id="order-tracking-title">Where your boxes are</h2>
      {load.state === 'loading' && <Spinner label="Loading the tracking" />}
      {load.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{load.message}</p>
        </div>
      )}
      {load.state === 'ready' &&
        (load.tracking ? (
          <>
            <TrackingSummary tracking={load.tracking} />
            {load.emails && load.tracking.status !== 'cancelled' && (
              <TrackingEmails
                heading="h3"
                initial={load.emails}
                save={(choice) =>
                  callApi(setOrderTrackingEmails, { params: { id: orderId }, body: choice })
                }
              />
            )}
          </>
        ) : (
          <p>Tracking starts once the courier has your booking.</p>
        ))}
    </section>
  );
}

function TrackingSummary({ tracking }: { tracking: TrackingView }) {
  const path = trackingPath(tracking.token);
  return (
    <>
      <TrackingStatusPanel view={tracking} heading="h3" id="order-tracking-status" />
      {tracking.expectedDelivery && (
        <p data-testid="expected-delivery">
          <strong>Expected delivery:</strong> {expectedDeliveryText(tracking.expectedDelivery)}
        </p>
      )}
      <p className="order-tracking__links">
        {tracking.missedCollection ? (
          <Link to={path} className="button button--primary">
            Choose a new collection date
          </Link>
        ) : null}
        <Link to={path}>Open the tracking page</Link>
      </p>
      <TrackedBoxes boxes={tracking.boxes} />
      <p className="tracking-checked">
        {tracking.lastCheckedAt
          ? `Last checked with the courier: ${formatLondon(tracking.lastCheckedAt, 'long')}`
          : 'Not checked with the courier yet.'}
      </p>
    </>
  );
}

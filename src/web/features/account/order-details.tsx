import { useState } from 'react';
import type { CheckoutStatus } from '#src/domain/checkout.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { formatKg } from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import { COLLECTION_WINDOW_TEXT } from '#src/domain/receipt.js';
import { addressLines, type OrderAddress, type OrderView } from '#src/domain/order.js';
import { getOrder } from '#src/domain/api/orders.js';
import { PaymentReceipt } from '../../components/content/payment-receipt.js';
import { PaymentSummaryView } from '../../components/content/payment-summary.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { navigate } from '../../lib/router.js';
import { CourierFacts } from '../checkout/index.js';
import { continuePath, DocumentLinks, setCurrentOrder } from '../orders/index.js';
import { OrderTracking } from '../tracking/index.js';
import { BookingChangesSection } from './booking-changes.js';
import { ClaimsSection } from './claims-section.js';
import { errorMessage } from '../../lib/error-message.js';
import { formatLondon } from '#src/domain/london-time.js';
import { orderStatusText } from '../../lib/order-status.js';
import { OrderFact } from './order-list-parts.js';

function AddressLines({ address }: { address: OrderAddress | null }) {
  if (!address) return <>Not given yet</>;
  return (
    <address className="order-page__address">
      {addressLines(address).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

/** Carries on an unpaid order in this tab, at the step where it stopped. */
export function ContinueBooking({ orderId, label }: { orderId: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          callApi(getOrder, { params: { id: orderId } })
            .then((order) => {
              setCurrentOrder(order);
              navigate(continuePath(order));
            })
            .catch((caught: unknown) => {
              setBusy(false);
              setError(errorMessage(caught));
            });
        }}
      >
        {busy ? <Spinner label="Opening your booking" /> : label}
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Statuses whose page offers to cancel or change the booking, or shows what was done. */
const AFTER_BOOKING = ['booked', 'cancelling', 'cancelled'];

/**
 * One order: what was booked, its status, collection, where its boxes are (once booked), labels
 * and declared items.
 */
export function OrderDetails({
  order,
  checkout,
  onChanged,
}: {
  order: OrderView;
  checkout: CheckoutStatus;
  /** Reloads the order after the customer cancelled or changed it. */
  onChanged: () => void;
}) {
  const booked = checkout.result === 'SUCCESS';
  const inProgress = order.status === 'draft' || order.status === 'booking_failed';
  const service = order.services.find((s) => s.service === order.selectedService);
  return (
    <div className="order-page">
      <dl className="confirmation__facts">
        <dt>Order reference</dt>
        <dd data-testid="order-reference">{order.reference}</dd>
        <dt>Status</dt>
        <dd data-testid="order-status">{orderStatusText(order, 'customer')}</dd>
        <dt>Ordered</dt>
        <dd>{formatLondon(order.createdAt, 'day')}</dd>
        <dt>Route</dt>
        <dd>
          {order.collection.title} {order.collection.postcode} to {order.destination.title}{' '}
          {order.destination.postcode}
        </dd>
        <dt>Boxes</dt>
        <dd>
          {order.smallBoxes} small, {order.largeBoxes} large ({order.totalWeightKg} kg)
        </dd>
        {service && (
          <>
            <dt>Service</dt>
            <dd>
              {service.name}: {formatPence(order.pricePence ?? service.pricePence)}
            </dd>
          </>
        )}
        <dt>Collection</dt>
        <dd>
          {order.status === 'cancelled' && order.collectionDate
            ? `None: cancelled (was ${formatCalendarDate(order.collectionDate)})`
            : order.collectionDate
              ? `${formatCalendarDate(order.collectionDate)}, ${COLLECTION_WINDOW_TEXT}`
              : 'No date chosen yet'}
        </dd>
        <CourierFacts status={checkout} />
      </dl>

      {order.status === 'booking_failed' && (
        <div className="notice" role="status">
          <p>
            We could not book this collection, and you have not been charged. Your order is kept as
            you left it: continue your booking to check it and pay again.
          </p>
        </div>
      )}

      {inProgress && (
        <div className="order-page__continue">
          <ContinueBooking orderId={order.id} label="Continue your booking" />
        </div>
      )}

      {AFTER_BOOKING.includes(order.status) && (
        <BookingChangesSection
          orderId={order.id}
          reference={order.reference}
          pricePence={order.pricePence}
          collectionAddress={order.collectionAddress}
          onChanged={onChanged}
        />
      )}

      {order.status === 'booked' && <OrderTracking orderId={order.id} />}

      {order.status === 'booked' && <ClaimsSection orderId={order.id} />}

      {booked && (
        <>
          <h2>Labels and documents</h2>
          {checkout.documents.length > 0 ? (
            <DocumentLinks documents={checkout.documents} />
          ) : (
            <p>Your labels are not ready yet.</p>
          )}
        </>
      )}

      <h2>Addresses</h2>
      <dl className="order-page__addresses">
        <OrderFact term="Collection">
          <AddressLines address={order.collectionAddress} />
        </OrderFact>
        <OrderFact term="Delivery">
          <AddressLines address={order.deliveryAddress} />
        </OrderFact>
      </dl>

      <h2>Declared items</h2>
      {order.parcels.some((p) => p.items.length > 0) ? (
        order.parcels.map((parcel) => (
          <section key={parcel.key} className="order-page__parcel">
            <h3>{parcel.title}</h3>
            {parcel.items.length > 0 ? (
              <ul>
                {parcel.items.map((item) => (
                  <li key={item.id}>
                    {item.numberOfUnits} × {item.name}, {formatPence(item.unitValuePence)} each,{' '}
                    {formatKg(item.unitWeightGrams)} kg each
                  </li>
                ))}
              </ul>
            ) : (
              <p>Nothing declared in this box yet.</p>
            )}
          </section>
        ))
      ) : (
        <p>No items declared yet.</p>
      )}

      {checkout.money && <PaymentSummaryView summary={checkout.money} />}

      {checkout.receipt && (
        <PaymentReceipt receipt={checkout.receipt} reference={checkout.reference} />
      )}
    </div>
  );
}

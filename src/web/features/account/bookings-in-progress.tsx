import { useRef, useState } from 'react';
import { BOOKING_STEP_LABELS } from '#src/domain/booking-progress.js';
import type { AccountOrder } from '#src/domain/api/my-orders.js';
import { discardOrder } from '#src/domain/api/orders.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPence } from '#src/domain/money.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { CUSTOMER_STATUS_LABELS, statusLabel } from '../../lib/order-status.js';
import { forgetDiscardedOrder } from '../orders/index.js';
import { ContinueBooking } from './order-details.js';
import { Flag, OrderFact, OrderLink } from './order-list-parts.js';

/**
 * The account's bookings in progress (docs/accounts.md): one row per booking, the most recently
 * changed first, each with its route, boxes, last step and last change, Continue and, for a draft
 * nothing holds, Discard behind a confirmation. Bookings of the same route stay separate rows,
 * told apart by their reference, last step and last change.
 */
export function BookingsInProgress({
  bookings,
  onDiscarded,
}: {
  bookings: AccountOrder[];
  /** The booking is gone on the server (discarded now, or before): drop it from the list. */
  onDiscarded: (id: string) => void;
}) {
  const [discarding, setDiscarding] = useState<AccountOrder | null>(null);
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  /** Set once a booking is gone: the heading takes the focus when the dialog has closed. */
  const focusHeading = useRef(false);
  const sorted = [...bookings].sort(
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || (a.id < b.id ? -1 : 1),
  );

  function gone(booking: AccountOrder, message: string) {
    forgetDiscardedOrder(booking.id);
    setDiscarding(null);
    onDiscarded(booking.id);
    setStatus(message);
    focusHeading.current = true;
  }

  return (
    <>
      <h2 id="drafts-title" tabIndex={-1} ref={heading}>
        Bookings in progress
      </h2>
      {sorted.length === 0 ? (
        <p>You have no bookings in progress.</p>
      ) : (
        <ul className="account-orders" aria-label="Bookings in progress">
          {sorted.map((booking) => (
            <li
              key={booking.id}
              className="account-orders__item"
              aria-label={`Booking ${booking.reference}`}
            >
              <div className="account-orders__head">
                <OrderLink reference={booking.reference} />
                {booking.status !== 'draft' && (
                  <span className={`status-badge status-badge--${booking.status}`}>
                    {statusLabel(CUSTOMER_STATUS_LABELS, booking.status)}
                  </span>
                )}
              </div>
              <dl className="account-orders__facts account-orders__facts--booking">
                <OrderFact term="Route">
                  {booking.collection.postcode} to <Flag path={booking.destination.flagPath} />{' '}
                  {booking.destination.title} {booking.destination.postcode}
                </OrderFact>
                <OrderFact term="Boxes">{booking.totalBoxes}</OrderFact>
                <OrderFact term="Last step">{BOOKING_STEP_LABELS[booking.lastStep]}</OrderFact>
                <OrderFact term="Last change">
                  <time dateTime={booking.updatedAt}>
                    {formatLondon(booking.updatedAt, 'short')}
                  </time>
                </OrderFact>
                <OrderFact term="Price">
                  {booking.pricePence === null ? 'Not chosen yet' : formatPence(booking.pricePence)}
                </OrderFact>
              </dl>
              {booking.status === 'booking_failed' && (
                <p className="account-orders__note">
                  The courier could not take this booking and your card was not charged. Continue to
                  pay again.
                </p>
              )}
              {booking.status === 'draft' && !booking.discardable && (
                <p className="account-orders__note">
                  A card payment was started for this booking, so we keep it.
                </p>
              )}
              <div className="account-orders__actions account-orders__actions--row">
                <ContinueBooking orderId={booking.id} label="Continue your booking" />
                {booking.discardable && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setDiscarding(booking)}
                  >
                    Discard<span className="visually-hidden"> booking {booking.reference}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="account-orders__status">
        {status}
      </p>
      <ConfirmDialog
        open={discarding !== null}
        title={discarding ? `Discard booking ${discarding.reference}?` : 'Discard booking?'}
        confirmLabel="Discard booking"
        onClose={() => {
          setDiscarding(null);
          // After the dialog gave the focus back to its button, which is gone with its row.
          if (focusHeading.current) {
            focusHeading.current = false;
            heading.current?.focus();
          }
        }}
        action={async () => {
          if (!discarding) return;
          try {
            const reply = await callApi(discardOrder, { params: { id: discarding.id } });
            gone(discarding, `Discarded booking ${reply.reference}.`);
          } catch (error) {
            // Discarded already (another tab, or the deletion of abandoned drafts): gone anyway.
            if (error instanceof ApiClientError && error.status === 404) {
              gone(discarding, `Booking ${discarding.reference} was already gone.`);
              return;
            }
            throw error;
          }
        }}
      >
        {discarding && (
          <p>
            Booking {discarding.reference}: {discarding.totalBoxes}{' '}
            {discarding.totalBoxes === 1 ? 'box' : 'boxes'} from {discarding.collection.postcode} to{' '}
            {discarding.destination.title} {discarding.destination.postcode}, last step “
            {BOOKING_STEP_LABELS[discarding.lastStep]}”. Everything you entered for it is deleted;
            this cannot be undone. You have not paid anything for it.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

import { useEffect, useRef } from 'react';
import { getAdminOrder, type AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import { cancelAdminBooking } from '#src/domain/api/booking-changes.js';
import { formatPence } from '#src/domain/money.js';
import { ConfirmDialog, useKeyedDialog } from '../../components/ui/confirm-dialog.js';
import { callApi } from '../../lib/api.js';
import { OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE } from '#src/domain/api/admin/console.js';
import { fieldRefused, NoteInput, REASON_LABEL, useNoteField } from './note-field.js';

/** While the courier is asked to cancel, the page asks how it is going this often. */
const POLL_MS = 2_000;

/**
 * Cancel a booked order on the customer's behalf (docs/booking-changes.md): the customer's own
 * cancellation, recorded as this operator's; the courier is asked, then what is left of the
 * payment refunded. Offered only while the courier has not collected the boxes (it refuses a
 * cancellation after), with the amount that would really go back. The page follows the
 * cancellation until the courier has answered.
 */
export function CancelBooking({
  order,
  refundablePence,
  onChanged,
}: {
  order: AdminOrderDetail['order'];
  /** What is left of the captured payment after any refunds. */
  refundablePence: number;
  onChanged: (next: AdminOrderDetail, message?: string) => void;
}) {
  const dialog = useKeyedDialog();
  const reason = useNoteField(OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE);
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });

  const cancelling = order.status === 'cancelling';
  useEffect(() => {
    if (!cancelling) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi(getAdminOrder, { params: { id: order.id }, signal: controller.signal })
        .then((next) =>
          changed.current(
            next,
            next.order.status === 'cancelled'
              ? 'The courier cancelled the booking. What is left of the payment is being refunded and the customer has been emailed.'
              : next.order.status === 'booked'
                ? 'The courier did not cancel the booking: see its answer in the timeline.'
                : undefined,
          ),
        )
        .catch(() => {
          // The next round asks again.
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cancelling, order.id, order.status]);

  if (cancelling) {
    return (
      <p role="status" className="console-section">
        Cancelling with the courier…
      </p>
    );
  }
  // Once the courier has the boxes (any tracking status past booked), it cannot cancel.
  const collected = order.trackingStatus !== null && order.trackingStatus !== 'booked';
  if (order.status !== 'booked' || collected) return null;
  const refunded = order.pricePence !== null && refundablePence < order.pricePence;
  const amount = formatPence(refundablePence);
  return (
    <section aria-labelledby="cancel-booking-heading" className="console-section">
      <h2 id="cancel-booking-heading">Cancel the booking</h2>
      <p>
        For a customer who asks us to: the courier is asked to cancel (it refuses once it has
        collected the boxes), then {amount}
        {refunded
          ? `, what is left of the ${formatPence(order.pricePence ?? 0)} paid after the refunds already made,`
          : ', the whole payment,'}{' '}
        is refunded and the customer emailed.
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          reason.reset();
          dialog.show();
        }}
      >
        Cancel booking
      </button>
      <ConfirmDialog
        open={dialog.open}
        title={`Cancel booking ${order.reference}?`}
        confirmLabel="Cancel the booking"
        onClose={dialog.close}
        action={async () => {
          const why = reason.checked();
          if (why === null) return;
          try {
            await callApi(cancelAdminBooking, {
              params: { id: order.id },
              body: { requestKey: dialog.requestKey, reason: why },
            });
          } catch (error) {
            fieldRefused(error, 'reason', reason);
            return;
          }
          const next = await callApi(getAdminOrder, { params: { id: order.id } });
          dialog.close();
          changed.current(next, 'Cancellation asked: the courier is being told.');
        }}
      >
        <p>
          Only when the customer asked for it. The courier will not collect, and the customer is
          refunded {amount}. This cannot be undone.
        </p>
        <NoteInput id="cancel-booking-reason" label={REASON_LABEL} field={reason} />
      </ConfirmDialog>
    </section>
  );
}

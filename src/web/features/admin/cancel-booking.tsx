import { useEffect, useRef, useState } from 'react';
import { getAdminOrder, type AdminOrderDetail } from '#src/domain/api/admin/orders.js';
import { cancelAdminBooking } from '#src/domain/api/booking-changes.js';
import { formatPence } from '#src/domain/money.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { callApi } from '../../lib/api.js';

/** While the courier is asked to cancel, the page asks how it is going this often. */
const POLL_MS = 2_000;

/**
 * Cancel a booked order on the customer's behalf (docs/booking-changes.md): the customer's own
 * cancellation, recorded as this operator's; the courier is asked, then the payment refunded in
 * full. The page follows the cancellation until the courier has answered.
 */
export function CancelBooking({
  order,
  onChanged,
}: {
  order: AdminOrderDetail['order'];
  onChanged: (next: AdminOrderDetail, message?: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
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
              ? 'The courier cancelled the booking. The payment is being refunded in full and the customer has been emailed.'
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
  if (order.status !== 'booked') return null;
  return (
    <section aria-labelledby="cancel-booking-heading" className="console-section">
      <h2 id="cancel-booking-heading">Cancel the booking</h2>
      <p>
        For a customer who asks us to: the courier is asked to cancel (it refuses once it has
        collected the boxes), then{' '}
        {order.pricePence ? formatPence(order.pricePence) : 'the payment'} is refunded in full and
        the customer emailed.
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setRequestKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        Cancel booking
      </button>
      <ConfirmDialog
        open={open}
        title={`Cancel booking ${order.reference}?`}
        confirmLabel="Cancel the booking"
        onClose={() => setOpen(false)}
        action={async () => {
          await callApi(cancelAdminBooking, { params: { id: order.id }, body: { requestKey } });
          const next = await callApi(getAdminOrder, { params: { id: order.id } });
          setOpen(false);
          changed.current(next, 'Cancellation asked: the courier is being told.');
        }}
      >
        <p>
          Only when the customer asked for it. The courier will not collect, and the customer is
          refunded in full. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

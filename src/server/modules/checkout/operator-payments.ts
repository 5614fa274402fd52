import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { releaseAuthorisations, type CheckoutDeps } from './checkout-deps.js';

/** What the customer reads on their order page after an operator cancelled it. */
export const CANCELLED_BY_OPERATOR_MESSAGE =
  'We cancelled this booking before it was made and released the hold on your card: you have not been charged.';

/**
 * An operator cancels an `authorised` order before its booking starts (docs/operators.md,
 * "Orders"), in the caller's transaction under the order's row lock, its state re-checked there:
 * `booking_failed` (`CANCELLED_BY_OPERATOR`), the authorisation released by the cancel job (with
 * its own idempotency key), the customer emailed. An order whose booking has started (or is
 * over) is refused: the booking job decides it. Refunds are in `refunds.ts`.
 */
export async function cancelAuthorisation(deps: CheckoutDeps, orderId: string, tx: DbTransaction) {
  const { orders, mail } = deps;
  const order = await orders.lock(orderId, tx);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'authorised') {
    throw new ApiError(409, 'ORDER_NOT_CANCELLABLE', notCancellableMessage(order.status));
  }
  await orders.transition(
    orderId,
    'authorised',
    'booking_failed',
    {
      failureCode: 'CANCELLED_BY_OPERATOR',
      failureMessage: CANCELLED_BY_OPERATOR_MESSAGE,
      newPaymentAttempt: true,
    },
    tx,
  );
  const released = await releaseAuthorisations(deps, orderId, tx);
  await mail.emails.send(tx, 'cancelled-before-booking', order, {
    paymentAttempt: order.paymentAttempt,
  });
  return { reference: order.reference, released: released.length };
}

function notCancellableMessage(status: string): string {
  switch (status) {
    case 'booking':
      return 'The courier is being asked to book this order right now. Wait for the outcome: if it is booked, refund it; if not, the card hold is released by itself.';
    case 'needs_attention':
      return 'This order is waiting for a check with the courier. Resolve it instead: release it if the courier has no booking.';
    case 'booked':
      return 'This order is booked and its payment taken: refund it instead.';
    default:
      return 'No card payment is held for this order, so there is nothing to cancel.';
  }
}

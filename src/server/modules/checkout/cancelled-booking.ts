import type { DbTransaction } from '../../db/client.js';
import type { CheckoutDeps } from './checkout-deps.js';
import { capturePaymentJob } from './jobs/capture-payment.job.js';
import type { RefundRow } from './checkout.repository.js';
import { refundedUnderKey, type RefundBy, type Refunds } from './refunds.js';

/** Who cancelled a booking, as its refund records it. */
export type CancelledBy = RefundBy;

/** One refund per cancelled booking, whoever asks for it first (the cancellation or the capture). */
const refundKey = (orderId: string) => `booking-cancelled:${orderId}`;

/** Refunds in full what was captured of a cancelled booking (nothing when nothing was). */
export function refundCancelledBooking(
  refunds: Refunds,
  orderId: string,
  by: CancelledBy,
  tx: DbTransaction,
): Promise<RefundRow | null> {
  return refunds.refundInFull(
    orderId,
    { requestKey: refundKey(orderId), reason: 'The booking was cancelled before collection', by },
    tx,
  );
}

/**
 * The payments of a booking the courier has just cancelled, in the transaction that marks the
 * order `cancelled` (docs/booking-changes.md): each captured payment is refunded in full (the
 * refund job; `refundPence` is what they come to); a capture not yet made is brought forward,
 * and the capture job, seeing the order cancelled, releases the hold instead of charging.
 */
export async function settleCancelledBooking(
  deps: CheckoutDeps,
  refunds: Refunds,
  orderId: string,
  by: CancelledBy,
  tx: DbTransaction,
): Promise<{ refund: RefundRow | null; refundPence: number; releasing: boolean }> {
  const releasing = await resumeCaptures(deps, orderId, tx);
  const refund = await refundCancelledBooking(refunds, orderId, by, tx);
  // What the cancellation refunds in all: the booking's payment and any cover raise's.
  const refundPence = refundedUnderKey(
    await deps.repository.listRefunds({ orderId }, tx),
    refundKey(orderId),
  );
  return { refund, refundPence, releasing };
}

/**
 * Brings forward the capture of each payment of the order not captured yet (the capture job
 * waits while its booking is being cancelled): once cancelled, it releases the hold; once the
 * cancellation is refused, it captures. True when there was one.
 */
export async function resumeCaptures(
  deps: CheckoutDeps,
  orderId: string,
  tx: DbTransaction,
): Promise<boolean> {
  const waiting = (await deps.repository.listPayments(orderId, tx)).filter(
    (p) => p.status === 'capture_pending',
  );
  for (const p of waiting) await deps.jobs.hasten(tx, capturePaymentJob, { paymentId: p.id });
  return waiting.length > 0;
}

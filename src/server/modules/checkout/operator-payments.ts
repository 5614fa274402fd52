import { randomUUID } from 'node:crypto';
import { formatPence } from '../../../domain/money.js';
import { parseRefundAmount, REFUND_MESSAGES } from '../../../domain/refunds.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { JobOutcome } from '../../jobs/job-queue.js';
import { isProviderError } from '../../providers/provider-error.js';
import { CANCEL_PAYMENT_JOB, type CheckoutDeps } from './checkout-deps.js';
import type { PaymentRow, RefundRow } from './checkout.repository.js';
import { errorMessage } from '../../error-message.js';

export const REFUND_PAYMENT_JOB = 'refund-payment';

/** What the customer reads on their order page after an operator cancelled it. */
export const CANCELLED_BY_OPERATOR_MESSAGE =
  'We cancelled this booking before it was made and released the hold on your card: you have not been charged.';

/** Who asked for a refund (kept on the refund, as on the audit record). */
export interface RefundRequester {
  id: string;
  email: string;
}

const refunding = (r: RefundRow) => r.status === 'pending' || r.status === 'succeeded';
const refundedSoFar = (rows: readonly RefundRow[]) =>
  rows.filter(refunding).reduce((sum, r) => sum + r.amountPence, 0);

/**
 * The operators' payment and booking actions on an order (docs/operators.md, "Orders"): retry a
 * booking whose outcome was unknown, cancel an authorisation before the booking, and refund a
 * captured payment. Each runs in the caller's transaction under the order's row lock and
 * re-checks the order's state there; the payment provider is reached through the payment port
 * only by jobs (cancel, refund) that carry their own idempotency keys.
 */
export class OperatorPayments {
  constructor(private readonly deps: CheckoutDeps) {}

  /**
   * Cancels an `authorised` order before its booking starts: `booking_failed`
   * (`CANCELLED_BY_OPERATOR`), the authorisation released by the cancel job, the customer emailed.
   * An order whose booking has started (or is over) is refused: the booking job decides it.
   */
  async cancelAuthorisation(orderId: string, tx: DbTransaction) {
    const { orders, repository, jobs, mail, clock } = this.deps;
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
    const released = await repository.movePayments(
      { orderId },
      'authorised',
      'cancel_pending',
      clock.now(),
      tx,
    );
    for (const p of released) {
      await jobs.enqueue(tx, {
        kind: CANCEL_PAYMENT_JOB,
        key: `${CANCEL_PAYMENT_JOB}:${p.id}`,
        payload: { paymentId: p.id, orderId },
      });
    }
    const email = order.collectionAddress?.email;
    if (email) {
      await mail.emails.enqueueOrderUpdate(tx, {
        email,
        orderId: order.id,
        idempotencyKey: `order-update:${order.reference}:cancelled:${order.paymentAttempt}`,
        subject: `Your booking is cancelled: ${order.reference}`,
        heading: 'Your booking is cancelled',
        paragraphs: [
          `Hello ${order.collectionAddress?.firstName ?? ''},`.replace(/ ,$/, ','),
          `We have cancelled your booking ${order.reference} before it was made with the courier.`,
          'We have released the hold on your card: you have not been charged. You are welcome to book again at any time. Reply to this email if you have any question.',
        ],
      });
    }
    return { reference: order.reference, released: released.length };
  }

  /**
   * Records a refund of the order's captured payment and queues the refund job, in the caller's
   * transaction under the order's and the payment's row locks. The same request key again
   * returns the first refund (`created: false`) and queues nothing.
   */
  async requestRefund(
    orderId: string,
    input: { amount: string; requestKey: string; by: RefundRequester },
    tx: DbTransaction,
  ): Promise<{ reference: string; refund: RefundRow; created: boolean }> {
    const { orders, repository, jobs, clock } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const earlier = await repository.refundByRequestKey(input.requestKey, tx);
    if (earlier) {
      if (earlier.orderId !== orderId) {
        throw new ApiError(409, 'NOT_REFUNDABLE', 'That request was for another order.');
      }
      return { reference: order.reference, refund: earlier, created: false };
    }
    const captured = await this.capturedPayment(orderId, tx);
    if (!captured) {
      throw new ApiError(
        409,
        'NOT_REFUNDABLE',
        order.status === 'booked'
          ? 'The payment has not been captured yet, so there is nothing to refund. Try again in a minute.'
          : 'Nothing was charged for this order, so there is nothing to refund.',
      );
    }
    const payment = await repository.lockPayment(captured.id, tx);
    if (!payment || payment.status !== 'captured') {
      throw new ApiError(409, 'NOT_REFUNDABLE', REFUND_MESSAGES.nothingLeft);
    }
    const refunds = await repository.listRefunds({ paymentId: payment.id }, tx);
    const pending = refunds.find((r) => r.status === 'pending');
    if (pending) {
      throw new ApiError(
        409,
        'REFUND_IN_PROGRESS',
        `A refund of ${formatPence(pending.amountPence)} is still with the card provider. Wait until it is confirmed, then refund again.`,
      );
    }
    const remaining = payment.amountPence - refundedSoFar(refunds);
    const parsed = parseRefundAmount(input.amount, remaining);
    if ('error' in parsed) {
      throw new ApiError(422, 'VALIDATION_FAILED', parsed.error, { amount: parsed.error });
    }
    const now = clock.now();
    const { refund, created } = await repository.insertRefund(
      {
        id: randomUUID(),
        paymentId: payment.id,
        orderId,
        requestKey: input.requestKey,
        amountPence: parsed.pence,
        status: 'pending',
        adminId: input.by.id,
        adminEmail: input.by.email,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (created) {
      await jobs.enqueue(tx, {
        kind: REFUND_PAYMENT_JOB,
        key: `${REFUND_PAYMENT_JOB}:${refund.id}`,
        payload: { refundId: refund.id, orderId },
      });
    }
    return { reference: order.reference, refund, created };
  }

  /** The order's refunds and what is left to refund of its captured payment. */
  async refunds(orderId: string): Promise<{ refunds: RefundRow[]; refundablePence: number }> {
    const refunds = await this.deps.repository.listRefunds({ orderId });
    const captured = await this.capturedPayment(orderId);
    const refundablePence = captured
      ? captured.amountPence - refundedSoFar(refunds.filter((r) => r.paymentId === captured.id))
      : 0;
    return { refunds, refundablePence };
  }

  /**
   * The refund job: asks the provider for the refund with the refund's own idempotency key,
   * unless the provider already shows it (a reply lost after the provider refunded); then marks
   * it succeeded, the payment `refunded` once nothing is left, and emails the customer, in one
   * transaction. A refusal by the provider ends the refund `failed` (nothing was refunded); any
   * other failure is noted on the refund and retried.
   */
  async runRefund(refundId: string): Promise<JobOutcome> {
    const { repository, payment, clock, mail } = this.deps;
    const refund = await repository.refundById(refundId);
    if (!refund || refund.status !== 'pending') return { result: 'done' };
    const row = await repository.paymentById(refund.paymentId);
    if (!row) return { result: 'done' };
    try {
      // One refund of a payment is pending at a time, so what the provider shows beyond the
      // refunds already confirmed can only be this one.
      const confirmed = refundedSoFar(
        (await repository.listRefunds({ paymentId: row.id })).filter(
          (r) => r.status === 'succeeded',
        ),
      );
      const remote = await payment.retrievePayment(row.providerPaymentId);
      if (remote.amountRefundedPence < confirmed + refund.amountPence) {
        await payment.refund(row.providerPaymentId, `refund:${refund.id}`, refund.amountPence);
      }
    } catch (error) {
      const message = errorMessage(error);
      if (isProviderError(error) && !error.retryable) {
        await repository.transaction((tx) =>
          repository.settleRefund(refund.id, 'failed', message.slice(0, 1000), clock.now(), tx),
        );
        return { result: 'failed', error: message };
      }
      await repository.noteRefundError(refund.id, message, clock.now());
      throw error;
    }
    await this.refunded(refund, row);
    mail.worker.wake();
    return { result: 'done' };
  }

  private async refunded(refund: RefundRow, paymentRow: PaymentRow): Promise<void> {
    const { repository, orders, clock, mail } = this.deps;
    await repository.transaction(async (tx) => {
      const order = await orders.lock(refund.orderId, tx);
      const locked = await repository.lockPayment(paymentRow.id, tx);
      if (!order || !locked) return;
      const now = clock.now();
      const settled = await repository.settleRefund(refund.id, 'succeeded', null, now, tx);
      if (!settled) return;
      const total = refundedSoFar(
        (await repository.listRefunds({ paymentId: locked.id }, tx)).filter(
          (r) => r.status === 'succeeded',
        ),
      );
      if (total >= locked.amountPence && locked.status === 'captured') {
        await repository.movePayments({ id: locked.id }, 'captured', 'refunded', now, tx);
      }
      const email = order.collectionAddress?.email;
      if (!email) return;
      const whole = total >= locked.amountPence;
      await mail.emails.enqueueOrderUpdate(tx, {
        email,
        orderId: order.id,
        idempotencyKey: `order-update:${order.reference}:refund:${refund.id}`,
        subject: `We have refunded ${formatPence(refund.amountPence)}: ${order.reference}`,
        heading: 'Your refund',
        paragraphs: [
          `Hello ${order.collectionAddress?.firstName ?? ''},`.replace(/ ,$/, ','),
          `We have refunded ${formatPence(refund.amountPence)} to the card you paid with for booking ${order.reference}.`,
          whole
            ? `That is the whole of the ${formatPence(locked.amountPence)} you paid.`
            : `In all we have refunded ${formatPence(total)} of the ${formatPence(locked.amountPence)} you paid.`,
          'Refunds usually reach your account within 5 to 10 working days, depending on your bank. Reply to this email if you have any question.',
        ],
      });
    });
  }

  /** The order's captured payment, if it has one. */
  private async capturedPayment(orderId: string, tx?: DbTransaction) {
    const all = await this.deps.repository.listPayments(orderId, tx);
    return all.filter((p) => p.status === 'captured' || p.status === 'refunded').at(-1);
  }
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

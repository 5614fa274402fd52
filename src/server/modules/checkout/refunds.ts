import { randomUUID } from 'node:crypto';
import {
  parseRefundAmount,
  REFUND_MESSAGES,
  REFUND_STATUSES_ACTIONABLE,
  refundEmailParagraphs,
  refundedPence,
  refundLeftPence,
  type RefundRequesterKind,
} from '#src/domain/refunds.js';
import type { DbTransaction } from '../../db/client.js';
import { errorMessage } from '../../error-message.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext, JobOutcome } from '../../jobs/job-queue.js';
import { isProviderError, ProviderError } from '../../providers/provider-error.js';
import type { CheckoutDeps } from './checkout-deps.js';
import type { CheckoutRepository, PaymentRow, RefundRow } from './checkout.repository.js';
import { refundPaymentJob } from './jobs/refund-payment.job.js';

/** An operator who asked for a refund (kept on the refund, as on the audit record). */
export interface RefundRequester {
  id: string;
  email: string;
}

/** Who asks for a refund: an operator (named), the customer (their email when known), the site. */
export interface RefundBy {
  kind: RefundRequesterKind;
  id?: string;
  email?: string;
}

/**
 * Told, in the settling transaction, that a refund came back to the customer (the card provider
 * confirmed it, or an operator marked it refunded outside the site): what a refund pays for (a
 * claim) is settled with it, or not at all.
 */
export type RefundSettledHandler = (refund: RefundRow, tx: DbTransaction) => Promise<void>;

/** A refund an operator acts on is not of this order, or not in a state to act on. */
const REFUND_NOT_FOUND = () => new ApiError(404, 'REFUND_NOT_FOUND', 'There is no such refund.');

/** The provider's idempotency key of a refund: the same for every attempt and every retry. */
export const providerRefundKey = (refundId: string) => `refund:${refundId}`;

/**
 * What one request refunded in all: its refund under `requestKey` and those it made of other
 * payments, under `requestKey:<payment>` (`requestRefund`, `refundInFull`).
 */
export function refundedUnderKey(refunds: readonly RefundRow[], requestKey: string): number {
  return refundsUnderKey(refunds, requestKey).reduce((sum, r) => sum + r.amountPence, 0);
}

/** The refunds one request made: under `requestKey`, and `requestKey:<payment>` for the others. */
export function refundsUnderKey(refunds: readonly RefundRow[], requestKey: string): RefundRow[] {
  return refunds.filter(
    (r) => r.requestKey === requestKey || r.requestKey.startsWith(`${requestKey}:`),
  );
}

/** Every captured (or since refunded) payment of the order, oldest first. */
export async function capturedPayments(
  repository: Pick<CheckoutRepository, 'listPayments'>,
  orderId: string,
  tx?: DbTransaction,
): Promise<PaymentRow[]> {
  const all = await repository.listPayments(orderId, tx);
  return all.filter((p) => p.status === 'captured' || p.status === 'refunded');
}

/**
 * Every refund of the site, whoever asks for it (decisions 054 and 104): an operator's, in part or
 * in whole, from the console; the customer's or the site's when a booking is cancelled
 * (`refundInFull`); an operator's retry of one that needs action, or their note that it was
 * refunded outside the site; and the `refund-payment` job that sends each to the card provider.
 * Each request runs in the caller's transaction under the order's and the payments' row locks
 * and re-checks their state there; the provider is reached only by the job, with the refund's
 * own idempotency key, so a refund is never made twice. Refunds never block one another: what
 * may already have gone counts against what is left.
 */
export class Refunds {
  private settledHandlers: RefundSettledHandler[] = [];

  constructor(private readonly deps: CheckoutDeps) {}

  /** Set once at start-up by each module whose refunds pay for something (claims). */
  onSettled(handler: RefundSettledHandler): void {
    this.settledHandlers.push(handler);
  }

  private async settled(refund: RefundRow, tx: DbTransaction): Promise<void> {
    for (const handler of this.settledHandlers) await handler(refund, tx);
  }

  /**
   * Records an operator's refund of the order and queues its job, in the caller's transaction
   * under the order's and the payments' row locks. The amount may be up to what is left of every
   * captured payment together (the booking's and any a change paid for, such as a cover raise):
   * it is taken from the booking's payment first, then from each other payment, oldest first, a
   * refund per payment touched (the first under `requestKey`, another under
   * `requestKey:<payment>`). The same request key again returns the first refund
   * (`created: false`) and queues nothing. Other refunds still with the provider never block it:
   * what may already have gone counts against what is left (decision 104).
   */
  async requestRefund(
    orderId: string,
    input: { amount: string; requestKey: string; by: RefundRequester },
    tx: DbTransaction,
  ): Promise<{ reference: string; refund: RefundRow; amountPence: number; created: boolean }> {
    const { orders, repository } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const earlier = await repository.refundByRequestKey(input.requestKey, tx);
    if (earlier) {
      if (earlier.orderId !== orderId) {
        throw new ApiError(409, 'NOT_REFUNDABLE', 'That request was for another order.');
      }
      const amountPence = refundedUnderKey(
        await repository.listRefunds({ orderId }, tx),
        input.requestKey,
      );
      return { reference: order.reference, refund: earlier, amountPence, created: false };
    }
    const captured = await capturedPayments(this.deps.repository, orderId, tx);
    if (!captured.some((p) => p.kind === 'order')) {
      throw new ApiError(
        409,
        'NOT_REFUNDABLE',
        order.status === 'booked'
          ? 'The payment has not been captured yet, so there is nothing to refund. Try again in a minute.'
          : 'Nothing was charged for this order, so there is nothing to refund.',
      );
    }
    // The booking's payment first, then the others, oldest first; each locked, with what is left.
    const open: { payment: PaymentRow; leftPence: number }[] = [];
    for (const row of [...captured].sort((a, b) => kindRank(a) - kindRank(b))) {
      const payment = await repository.lockPayment(row.id, tx);
      if (!payment || payment.status !== 'captured') continue;
      const refunds = await repository.listRefunds({ paymentId: payment.id }, tx);
      open.push({ payment, leftPence: refundLeftPence(payment.amountPence, refunds) });
    }
    if (open.length === 0) throw new ApiError(409, 'NOT_REFUNDABLE', REFUND_MESSAGES.nothingLeft);
    const parsed = parseRefundAmount(
      input.amount,
      open.reduce((sum, p) => sum + p.leftPence, 0),
    );
    if ('error' in parsed) {
      throw new ApiError(422, 'VALIDATION_FAILED', parsed.error, { amount: parsed.error });
    }
    let toRefund = parsed.pence;
    let first: RefundRow | undefined;
    for (const { payment, leftPence } of open) {
      if (toRefund <= 0) break;
      if (leftPence <= 0) continue;
      const amountPence = Math.min(toRefund, leftPence);
      const { refund } = await this.addRefund(
        payment,
        {
          requestKey: first ? `${input.requestKey}:${payment.id}` : input.requestKey,
          amountPence,
          by: { kind: 'operator', id: input.by.id, email: input.by.email },
          reason: null,
        },
        tx,
      );
      first ??= refund;
      toRefund -= amountPence;
    }
    if (!first) throw new ApiError(409, 'NOT_REFUNDABLE', REFUND_MESSAGES.nothingLeft);
    return { reference: order.reference, refund: first, amountPence: parsed.pence, created: true };
  }

  /**
   * Refunds everything left of each captured payment of the order (a cancelled booking: the
   * order's own payment and any a change paid for, such as a cover raise), in the caller's
   * transaction under the order's and each payment's row locks, and queues the refund jobs. The
   * order's payment is refunded under `requestKey`, another under `requestKey:<payment>`, so the
   * same request again returns the first refunds and queues nothing. The order payment's refund
   * (else the first made); null when nothing was captured or nothing is left.
   */
  async refundInFull(
    orderId: string,
    input: { requestKey: string; reason: string; by: RefundBy },
    tx: DbTransaction,
  ): Promise<RefundRow | null> {
    const { orders, repository } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const earlier = await repository.refundByRequestKey(input.requestKey, tx);
    if (earlier && earlier.orderId !== orderId) {
      throw new ApiError(409, 'NOT_REFUNDABLE', 'That request was for another order.');
    }
    const made: RefundRow[] = [];
    for (const captured of await capturedPayments(this.deps.repository, orderId, tx)) {
      const requestKey =
        captured.kind === 'order' ? input.requestKey : `${input.requestKey}:${captured.id}`;
      const before = await repository.refundByRequestKey(requestKey, tx);
      if (before) {
        made.push(before);
        continue;
      }
      const payment = await repository.lockPayment(captured.id, tx);
      if (!payment || payment.status !== 'captured') continue;
      const left = refundLeftPence(
        payment.amountPence,
        await repository.listRefunds({ paymentId: payment.id }, tx),
      );
      if (left <= 0) continue;
      const { refund } = await this.addRefund(
        payment,
        { requestKey, amountPence: left, by: input.by, reason: input.reason.slice(0, 500) },
        tx,
      );
      made.push(refund);
    }
    return made.find((r) => r.requestKey === input.requestKey) ?? made[0] ?? null;
  }

  /** Writes a pending refund of a locked payment and, when new, queues its job. */
  private async addRefund(
    payment: PaymentRow,
    input: { requestKey: string; amountPence: number; by: RefundBy; reason: string | null },
    tx: DbTransaction,
  ): Promise<{ refund: RefundRow; created: boolean }> {
    const { repository, jobs, clock } = this.deps;
    const { by } = input;
    if (by.kind === 'operator' && (!by.id || !by.email)) {
      throw new Error('An operator’s refund names the operator.');
    }
    const now = clock.now();
    const { refund, created } = await repository.insertRefund(
      {
        id: randomUUID(),
        paymentId: payment.id,
        orderId: payment.orderId,
        requestKey: input.requestKey,
        amountPence: input.amountPence,
        status: 'pending',
        requestedBy: by.kind,
        adminId: by.kind === 'operator' ? (by.id ?? null) : null,
        adminEmail: by.kind === 'operator' ? (by.email ?? null) : null,
        requesterEmail: by.kind === 'operator' ? null : (by.email ?? null),
        reason: input.reason,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (created) {
      await jobs.enqueue(tx, refundPaymentJob, { refundId: refund.id, orderId: payment.orderId });
    }
    return { refund, created };
  }

  /**
   * An operator sends a refund that needs action (or that the provider refused) to the provider
   * again, in the caller's transaction: re-checked under the order's and the payment's row
   * locks, `pending` again, its job queued under a new key; the provider's idempotency key stays
   * the refund's own, so a refund that did go through is never made twice.
   */
  async retryRefund(
    orderId: string,
    refundId: string,
    tx: DbTransaction,
  ): Promise<{ reference: string; refund: RefundRow }> {
    const { repository, jobs, clock } = this.deps;
    const { order, payment, refund } = await this.lockRefund(orderId, refundId, tx);
    if (refund.status === 'failed') {
      // A refused refund gave its amount back: it must still fit in what is left.
      const others = (await repository.listRefunds({ paymentId: payment.id }, tx)).filter(
        (r) => r.id !== refund.id,
      );
      if (
        payment.status !== 'captured' ||
        refund.amountPence > refundLeftPence(payment.amountPence, others)
      ) {
        throw new ApiError(409, 'NOT_REFUNDABLE', REFUND_MESSAGES.tooMuchToRetry);
      }
    }
    const reopened = await repository.reopenRefund(
      refund.id,
      REFUND_STATUSES_ACTIONABLE,
      clock.now(),
      tx,
    );
    if (!reopened) throw refundNotActionable(refund.status);
    await jobs.enqueue(tx, refundPaymentJob, {
      refundId: refund.id,
      orderId,
      retry: reopened.retries,
    });
    return { reference: order.reference, refund: reopened };
  }

  /**
   * An operator says a refund that needs action (or was refused) was refunded outside the site,
   * with their note, in the caller's transaction under the order's and the payment's row locks.
   * The payment becomes `refunded` once what came back covers it.
   */
  async markRefundedOutside(
    orderId: string,
    refundId: string,
    input: { note: string; byEmail: string },
    tx: DbTransaction,
  ): Promise<{ reference: string; refund: RefundRow; paymentRefunded: boolean }> {
    const { repository, clock } = this.deps;
    const { order, payment, refund } = await this.lockRefund(orderId, refundId, tx);
    if (refund.status === 'failed') {
      const others = (await repository.listRefunds({ paymentId: payment.id }, tx)).filter(
        (r) => r.id !== refund.id,
      );
      if (refund.amountPence > refundLeftPence(payment.amountPence, others)) {
        throw new ApiError(409, 'NOT_REFUNDABLE', REFUND_MESSAGES.tooMuchToRetry);
      }
    }
    const now = clock.now();
    const marked = await repository.markRefundedOutside(
      refund.id,
      REFUND_STATUSES_ACTIONABLE,
      { note: input.note, byEmail: input.byEmail, at: now },
      tx,
    );
    if (!marked) throw refundNotActionable(refund.status);
    await this.settled(marked, tx);
    const paymentRefunded = await this.refundedIfCovered(payment, now, tx);
    return { reference: order.reference, refund: marked, paymentRefunded };
  }

  /** The order, its payment and the refund, the first two locked; 404 when they do not match. */
  private async lockRefund(orderId: string, refundId: string, tx: DbTransaction) {
    const { orders, repository } = this.deps;
    const order = await orders.lock(orderId, tx);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const seen = await repository.refundById(refundId, tx);
    if (!seen || seen.orderId !== orderId) throw REFUND_NOT_FOUND();
    const payment = await repository.lockPayment(seen.paymentId, tx);
    // Read again under the payment's lock: the state an operator acts on is the one now.
    const refund = await repository.refundById(refundId, tx);
    if (!payment || !refund) throw REFUND_NOT_FOUND();
    if (!REFUND_STATUSES_ACTIONABLE.includes(refund.status)) {
      throw refundNotActionable(refund.status);
    }
    return { order, payment, refund };
  }

  /** Moves a locked captured payment to `refunded` once what came back covers it. */
  private async refundedIfCovered(payment: PaymentRow, at: Date, tx: DbTransaction) {
    const { repository } = this.deps;
    if (payment.status !== 'captured') return false;
    const back = refundedPence(await repository.listRefunds({ paymentId: payment.id }, tx));
    if (back < payment.amountPence) return false;
    const moved = await repository.movePayments({ id: payment.id }, 'captured', 'refunded', at, tx);
    return moved.length > 0;
  }

  /** The order's refunds and what is left to refund of its captured payments together. */
  async ofOrder(orderId: string): Promise<{ refunds: RefundRow[]; refundablePence: number }> {
    const refunds = await this.deps.repository.listRefunds({ orderId });
    const captured = await capturedPayments(this.deps.repository, orderId);
    const refundablePence = captured
      .filter((p) => p.status === 'captured')
      .reduce(
        (sum, p) =>
          sum +
          refundLeftPence(
            p.amountPence,
            refunds.filter((r) => r.paymentId === p.id),
          ),
        0,
      );
    return { refunds, refundablePence };
  }

  /**
   * The refund job: asks the provider whether it already made THIS refund (by the refund's own
   * idempotency key: a reply lost after the provider refunded), and if not asks for it with that
   * key; then marks it succeeded, the payment `refunded` once what came back covers it, and
   * emails the customer, in one transaction. A refusal by the provider ends the refund `failed`
   * (nothing was refunded); any other failure is noted on the refund and retried, and on the
   * job's last attempt ends it `needs_action` for an operator (decision 104).
   */
  async runRefund(refundId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome> {
    const { repository, payment, clock, mail } = this.deps;
    const refund = await repository.refundById(refundId);
    if (!refund || refund.status !== 'pending') return { result: 'done' };
    const row = await repository.paymentById(refund.paymentId);
    if (!row) return { result: 'done' };
    const key = providerRefundKey(refund.id);
    try {
      const found = await payment.findRefund(row.providerPaymentId, key);
      if (found?.status === 'failed') {
        throw new ProviderError(
          'payment',
          'INVALID_REQUEST',
          false,
          'The card provider refused this refund.',
        );
      }
      if (found?.status === 'pending') {
        throw new ProviderError(
          'payment',
          'HTTP_ERROR',
          true,
          'The card provider has not finished this refund yet.',
        );
      }
      if (!found) await payment.refund(row.providerPaymentId, key, refund.amountPence);
    } catch (error) {
      const message = errorMessage(error).slice(0, 1000);
      if (isProviderError(error) && !error.retryable) {
        await repository.transaction((tx) =>
          repository.settleRefund(refund.id, 'failed', message, clock.now(), tx),
        );
        return { result: 'failed', error: message };
      }
      if (ctx.lastAttempt) {
        await repository.transaction((tx) =>
          repository.settleRefund(refund.id, 'needs_action', message, clock.now(), tx),
        );
        return { result: 'failed', error: message };
      }
      await repository.noteRefundError(refund.id, message, clock.now());
      throw error;
    }
    await this.succeeded(refund, row);
    mail.worker.wake();
    return { result: 'done' };
  }

  /**
   * The provider made the refund: it is `succeeded`, the payment `refunded` once what came back
   * covers it, and the customer is emailed, in one transaction under the order's and the
   * payment's row locks.
   */
  private async succeeded(refund: RefundRow, paymentRow: PaymentRow): Promise<void> {
    const { repository, orders, clock, mail } = this.deps;
    await repository.transaction(async (tx) => {
      const order = await orders.lock(refund.orderId, tx);
      const locked = await repository.lockPayment(paymentRow.id, tx);
      if (!order || !locked) return;
      const now = clock.now();
      const settled = await repository.settleRefund(refund.id, 'succeeded', null, now, tx);
      if (!settled) return;
      await this.settled(settled, tx);
      await this.refundedIfCovered(locked, now, tx);
      const total = refundedPence(await repository.listRefunds({ paymentId: locked.id }, tx));
      await mail.emails.send(tx, 'refund', order, {
        refundId: refund.id,
        requestKey: refund.requestKey,
        amountPence: refund.amountPence,
        paragraphs: refundEmailParagraphs({
          reference: order.reference,
          amountPence: refund.amountPence,
          cardLast4: locked.cardLast4,
          settledAt: now,
          refundedInAllPence: total,
          paidPence: locked.amountPence,
        }),
      });
    });
  }
}

function refundNotActionable(status: string): ApiError {
  return new ApiError(
    409,
    'REFUND_NOT_ACTIONABLE',
    status === 'pending'
      ? 'This refund is with the card provider right now: wait for its outcome.'
      : status === 'succeeded'
        ? 'The card provider has confirmed this refund: there is nothing to do.'
        : 'This refund is already settled as refunded outside the site.',
  );
}

/** The booking's own payment before any a change paid for. */
function kindRank(payment: PaymentRow): number {
  return payment.kind === 'order' ? 0 : 1;
}

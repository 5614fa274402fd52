import type { JobOutcome } from '../../jobs/job-queue.js';
import type { ProviderPayment } from '../../providers/payment/payment-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { CheckoutDeps } from './checkout-deps.js';
import { cancelPaymentJob } from './jobs/cancel-payment.job.js';
import type { PaymentRow } from './checkout.repository.js';
import { refundCancelledBooking } from './cancelled-booking.js';
import type { Refunds } from './refunds.js';

/** How long a capture waits while the courier is asked to cancel the booking. */
const CANCELLING_WAIT_MS = 30_000;

/**
 * The settlement jobs (docs/orders.md): capture takes the money once the booking exists; cancel
 * releases an authorisation that will not be used, so the customer is not charged. Each call
 * carries its own idempotency key, so a job run twice settles once.
 */
export class SettlementJobs {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly refunds: Refunds,
  ) {}

  /**
   * Takes the money of a booked order. A booking being cancelled is not charged
   * (docs/booking-changes.md): the capture waits for the courier's answer (the cancellation
   * brings it forward when it is settled), releases the hold
   * once the booking is cancelled, and refunds in full a capture that was already in flight
   * when the cancellation completed. Each decision is taken under the order's row lock.
   */
  async capture(paymentId: string): Promise<JobOutcome> {
    const { repository, orders, jobs, clock } = this.deps;
    const row = await repository.paymentById(paymentId);
    if (!row || row.status !== 'capture_pending') return { result: 'done' };
    const next = await repository.transaction(async (tx) => {
      const order = await orders.lock(row.orderId, tx);
      if (order?.status === 'cancelling') return 'wait' as const;
      if (order?.status !== 'cancelled') return 'capture' as const;
      const moved = await repository.movePayments(
        { id: paymentId },
        'capture_pending',
        'cancel_pending',
        clock.now(),
        tx,
      );
      if (moved.length > 0) {
        await jobs.enqueue(tx, cancelPaymentJob, { paymentId, orderId: row.orderId });
      }
      return 'released' as const;
    });
    // Asked again later without counting an attempt: the courier's answer may take a while, and
    // the cancellation brings this job forward once it is settled either way.
    if (next === 'wait') return { result: 'again', delayMs: CANCELLING_WAIT_MS };
    if (next === 'released') return { result: 'done' };
    const outcome = await this.settle(paymentId, 'capture_pending', 'captured', (p) =>
      this.deps.payment.capture(p.providerPaymentId, `capture:${p.id}`),
    );
    if (outcome.result === 'done') {
      await repository.transaction(async (tx) => {
        const order = await orders.lock(row.orderId, tx);
        if (order?.status === 'cancelled') {
          await refundCancelledBooking(this.refunds, row.orderId, { kind: 'system' }, tx);
        }
      });
    }
    return outcome;
  }

  cancel(paymentId: string): Promise<JobOutcome> {
    return this.settle(paymentId, 'cancel_pending', 'cancelled', (p) =>
      this.deps.payment.cancel(p.providerPaymentId, `cancel:${p.id}`),
    );
  }

  private async settle(
    paymentId: string,
    from: 'capture_pending' | 'cancel_pending',
    to: 'captured' | 'cancelled',
    call: (p: PaymentRow) => Promise<ProviderPayment>,
  ): Promise<JobOutcome> {
    const { repository, clock, payment } = this.deps;
    const row = await repository.paymentById(paymentId);
    if (!row || row.status !== from) return { result: 'done' };
    try {
      await call(row);
    } catch (error) {
      if (isProviderError(error) && !error.retryable) {
        const remote = await payment.retrievePayment(row.providerPaymentId);
        if (remote.status !== to) return { result: 'failed', error: error.message };
      } else {
        throw error;
      }
    }
    await repository.movePayments({ id: paymentId }, from, to, clock.now());
    return { result: 'done' };
  }
}

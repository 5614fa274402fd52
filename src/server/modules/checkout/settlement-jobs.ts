import type { JobOutcome } from '../../jobs/job-queue.js';
import type { ProviderPayment } from '../../providers/payment/payment-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { CheckoutDeps } from './checkout-deps.js';
import type { PaymentRow } from './checkout.repository.js';

/**
 * The settlement jobs (docs/orders.md): capture takes the money once the booking exists; cancel
 * releases an authorisation that will not be used, so the customer is not charged. Each call
 * carries its own idempotency key, so a job run twice settles once.
 */
export class SettlementJobs {
  constructor(private readonly deps: CheckoutDeps) {}

  capture(paymentId: string): Promise<JobOutcome> {
    return this.settle(paymentId, 'capture_pending', 'captured', (p) =>
      this.deps.payment.capture(p.providerPaymentId, `capture:${p.id}`),
    );
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

import type { PaymentSession } from '#src/domain/checkout.js';
import { PAYMENT_STATUS_RANK } from '#src/domain/order-states.js';
import type { DbTransaction } from '../../db/client.js';
import type { ProviderPayment } from '../../providers/payment/payment-provider.js';
import { queueCancels, type ChangePaymentHandler, type CheckoutDeps } from './checkout-deps.js';
import { capturePaymentJob } from './jobs/capture-payment.job.js';
import type { PaymentRow } from './checkout.repository.js';
import type { PaymentEvents } from './payment-events.js';
import { createPayment, existingPayment, paymentSession } from './payment-session.js';

/**
 * Payments for a change to a booked order, separate from the order's own payment (a cover raise:
 * decision 113). Each is created once per change and amount (the provider's idempotency key),
 * confirmed by the card step as the order's is, captured only once what it pays for is done
 * (the capture job, which also refuses to charge a booking being cancelled) and released
 * otherwise (the cancel job). The order's own payment attempts never see them; a cancelled
 * booking refunds them with the order's payment.
 */
export class ChangePayments {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly events: PaymentEvents,
  ) {}

  /** Set once at start-up by the module that makes such changes. */
  handle(handler: ChangePaymentHandler): void {
    this.events.changeHandler = handler;
  }

  /**
   * The payment of a change, created once for its amount and reused by repeated requests. An
   * authorisation whose confirm call and event were both lost is applied here first.
   */
  async start(input: {
    orderId: string;
    orderReference: string;
    attempt: number;
    changeId: string;
    kind: 'cover';
    amountPence: number;
    description: string;
  }): Promise<PaymentSession> {
    const idempotencyKey = `change:${input.changeId}:amount:${input.amountPence}`;
    const existing = await existingPayment(this.deps, this.events, idempotencyKey);
    if (existing) return paymentSession(this.deps, existing);
    const row = await createPayment(this.deps, {
      orderId: input.orderId,
      orderReference: input.orderReference,
      attempt: input.attempt,
      amountPence: input.amountPence,
      idempotencyKey,
      description: input.description,
      kind: input.kind,
      bookingChangeId: input.changeId,
    });
    return paymentSession(this.deps, row);
  }

  /** After the card step: reads the change's payment from the provider and applies it. */
  async confirm(changeId: string): Promise<void> {
    const { repository, payment } = this.deps;
    const row = await repository.paymentOfChange(changeId);
    if (!row || PAYMENT_STATUS_RANK[row.status] !== 0) return;
    const remote = await payment.retrievePayment(row.providerPaymentId);
    await this.events.apply(
      row.providerPaymentId,
      remote,
      remote.status === 'authorised' ? 'payment.authorised' : 'payment.failed',
    );
  }

  /** The payment as the card provider has it now (a restored site's reconciliation asks). */
  atProvider(row: PaymentRow): Promise<ProviderPayment> {
    return this.deps.payment.retrievePayment(row.providerPaymentId);
  }

  /** The change's payment, if one was started. */
  paymentOf(changeId: string, tx?: DbTransaction): Promise<PaymentRow | undefined> {
    return this.deps.repository.paymentOfChange(changeId, tx);
  }

  /**
   * What the payment paid for is done: the authorisation is captured by the capture job, in the
   * caller's transaction (under the order's lock). False when it was not authorised.
   */
  async capture(paymentId: string, tx: DbTransaction): Promise<boolean> {
    const { repository, jobs, clock } = this.deps;
    const moved = await repository.movePayments(
      { id: paymentId },
      'authorised',
      'capture_pending',
      clock.now(),
      tx,
    );
    for (const p of moved) {
      await jobs.enqueue(tx, capturePaymentJob, { paymentId: p.id, orderId: p.orderId });
    }
    return moved.length > 0;
  }

  /**
   * What the payment was for will not happen: a hold is released (or an unfinished card step
   * ended) by the cancel job, in the caller's transaction. Nothing for a payment already settled.
   */
  async release(paymentId: string, tx: DbTransaction): Promise<boolean> {
    const { repository, jobs, clock } = this.deps;
    const moved = await repository.movePayments(
      { id: paymentId },
      ['requires_payment_method', 'requires_action', 'authorised'],
      'cancel_pending',
      clock.now(),
      tx,
    );
    await queueCancels(jobs, moved, tx);
    return moved.length > 0;
  }
}

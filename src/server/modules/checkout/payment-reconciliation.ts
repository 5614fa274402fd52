import type { Logger } from 'pino';
import { isEditable, PAYMENT_STATUS_RANK } from '#src/domain/order-states.js';
import type { JobOutcome } from '../../jobs/job-queue.js';
import { queueCancels, type CheckoutDeps, type CheckoutOptions } from './checkout-deps.js';
import type { PaymentEvents } from './payment-events.js';

/** How many payments one reconciliation round looks at (the oldest first). */
const ROUND_LIMIT = 50;
/** Payments older than this are left alone (an abandoned card step is not looked up forever). */
const LOOK_BACK_MS = 2 * 24 * 60 * 60_000;

/**
 * The recurring reconciliation of authorisations (docs/orders.md, "Exactly once"): an
 * authorisation the card provider holds but no order state accounts for, because the process
 * stopped between the provider's answer and our write and no event or confirm call followed, is
 * applied (the order is authorised and booked, if the payment still matches it) or cancelled
 * (so the customer is not left with money held). Only payments untouched for
 * `reconcileAfterMs` are looked at: newer ones are still in the customer's hands.
 */
export class PaymentReconciliation {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly events: PaymentEvents,
    private readonly options: CheckoutOptions,
  ) {}

  async run(log: Logger): Promise<JobOutcome> {
    const { repository, clock, payment, orders, jobs } = this.deps;
    const now = clock.now().getTime();
    const rows = await repository.unsettledPaymentsBefore(
      new Date(now - this.options.reconcileAfterMs),
      new Date(now - LOOK_BACK_MS),
      ROUND_LIMIT,
    );
    let applied = 0;
    let released = 0;
    for (const row of rows) {
      try {
        if (PAYMENT_STATUS_RANK[row.status] === 0) {
          // We think the card step is unfinished: ask the provider.
          const remote = await payment.retrievePayment(row.providerPaymentId);
          if (remote.status !== 'authorised') continue;
          if (await this.events.apply(row.providerPaymentId, remote, 'payment.authorised')) {
            applied += 1;
          }
          continue;
        }
        // Authorised here: an order state must account for it (authorised, booking, or held
        // for an operator); one whose order is editable again, or on another attempt, is
        // released.
        const accounted = await repository.transaction(async (tx) => {
          const order = await orders.lock(row.orderId, tx);
          if (row.kind !== 'order') {
            // A change's own payment: accounted for while its change still waits for it.
            const locked = await repository.lockPayment(row.id, tx);
            if (locked && (await this.events.changeHandler?.holds(locked, tx))) return true;
          } else if (order && !isEditable(order.status) && order.paymentAttempt === row.attempt) {
            return true;
          }
          const moved = await repository.movePayments(
            { id: row.id },
            'authorised',
            'cancel_pending',
            clock.now(),
            tx,
          );
          await queueCancels(jobs, moved, tx);
          return moved.length === 0;
        });
        if (!accounted) released += 1;
      } catch (error) {
        // One payment the provider cannot answer for now does not stop the others.
        log.warn({ err: error, paymentId: row.id }, 'payment not reconciled this round');
      }
    }
    if (applied + released > 0) {
      log.warn({ applied, released }, 'reconciled authorisations no order state accounted for');
      jobs.wake();
    }
    return { result: 'again', delayMs: this.options.reconcileEveryMs };
  }
}

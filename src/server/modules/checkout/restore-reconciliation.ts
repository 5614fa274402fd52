import type { Logger } from 'pino';
import type { AdminRestore, RestoreOutcome } from '#src/domain/api/admin/restore.js';
import type { JobOutcome } from '../../jobs/job-queue.js';
import type { BookingJob } from './booking-job.js';
import type { CheckoutDeps, RestoredChangesHandler } from './checkout-deps.js';
import type { PaymentRow } from './checkout.repository.js';
import type { Refunds } from './refunds.js';

/** What a payment waiting to be settled becomes when the card provider already settled it. */
const SETTLED_AS = { capture_pending: 'captured', cancel_pending: 'cancelled' } as const;

/**
 * A restored site's reconciliation with the outside world (decision 141, docs/operations.md
 * "Restoring"). `npm run restore` leaves a mark in the database; while it is unreconciled no job
 * that reaches the courier, the card provider or the mail server runs (`afterRestore: 'waits'`,
 * held by the job queue). This job, which runs, asks first:
 * 1. the courier, for every order `authorised` or `booking` in the backup, what it booked under
 *    our reference (booked orders settled from it, the others left to their booking job);
 * 2. the courier (and for a cover raise the card provider first), for every booking change under
 *    way in the backup (a cancellation, a date, contact or cover change), what it has: each
 *    settled from the answer (`RestoredChangesHandler`, the booking changes' module), never sent
 *    to the courier again without asking;
 * 3. the card provider, for every payment waiting to be captured or released, its real state
 *    (one already captured or released is recorded so, never asked twice);
 * 4. the card provider, for every refund under way (those of the backup and those 2 made), what
 *    it has under the refund's own key (`Refunds.settleRestored`): never a second refund;
 * 5. then holds every email not yet sent (those of the backup, and those 1, 2 and 4 wrote: no
 *    email is sent while a restore waits) for an operator to send or discard, and records what
 *    it found. What is left to a job after this (a booking, change or refund the outside world
 *    has nothing of) emails for the first time when it is done.
 * A courier or card provider that cannot answer now fails the round: it is asked again, and the
 * jobs keep waiting.
 */
export class RestoreReconciliation {
  private changes: RestoredChangesHandler | undefined;

  constructor(
    private readonly deps: CheckoutDeps,
    private readonly booking: BookingJob,
    private readonly refunds: Refunds,
  ) {}

  /** Set once at start-up by the module that makes booking changes. */
  handleChanges(handler: RestoredChangesHandler): void {
    this.changes = handler;
  }

  async run(log: Logger): Promise<JobOutcome> {
    const { repository } = this.deps;
    const open = await repository.transaction((tx) => repository.openRestore(tx));
    if (!open) return { result: 'done' };
    const bookings: RestoreOutcome['bookings'] = [];
    for (const orderId of await this.deps.orders.idsIn(['authorised', 'booking'])) {
      const found = await this.booking.reconcileRestored(orderId, log);
      if (found) bookings.push(found);
    }
    const changes = (await this.changes?.settleRestored()) ?? [];
    const payments: RestoreOutcome['payments'] = [];
    for (const row of await repository.paymentsIn(['capture_pending', 'cancel_pending'])) {
      payments.push(await this.settlePayment(row));
    }
    const refunds = await this.refunds.settleRestored(await repository.refundsIn('pending'));
    const refundsWaiting = await repository.countRefundsIn('pending');
    const settled = bookings.filter((b) => b.outcome === 'booked').map((b) => b.orderId);
    const finished = await repository.transaction(async (tx) => {
      const restore = await repository.openRestore(tx);
      if (restore?.id !== open.id) return undefined;
      const heldEmails = await this.deps.mail.outbox.holdAfterRestore(tx);
      const outcome: RestoreOutcome = {
        bookings,
        changes,
        payments,
        refunds,
        refundsWaiting,
        heldEmails,
      };
      await repository.finishRestore(restore.id, this.deps.clock.now(), outcome, tx);
      return outcome;
    });
    if (finished) {
      log.warn(
        {
          booked: settled.length,
          toBook: bookings.filter((b) => b.outcome === 'to_book').length,
          needsAttention: bookings.filter((b) => b.outcome === 'needs_attention').length,
          changesSettled: changes.filter((c) => c.outcome === 'done' || c.outcome === 'not_made')
            .length,
          changesNeedingAttention: changes.filter((c) => c.outcome === 'needs_attention').length,
          paymentsSettled: payments.filter((p) => p.outcome !== 'unchanged').length,
          refundsSettled: refunds.filter((r) => r.outcome === 'succeeded' || r.outcome === 'failed')
            .length,
          refundsNeedingAction: refunds.filter((r) => r.outcome === 'needs_action').length,
          heldEmails: finished.heldEmails,
        },
        'restore reconciled: jobs that reach the courier, the card provider and mail resume',
      );
    }
    this.deps.jobs.wake();
    return { result: 'done' };
  }

  /** A payment waiting to be captured or released, as the card provider has it. */
  private async settlePayment(row: PaymentRow): Promise<RestoreOutcome['payments'][number]> {
    const remote = await this.deps.payment.retrievePayment(row.providerPaymentId);
    const from = row.status as keyof typeof SETTLED_AS;
    const to = SETTLED_AS[from];
    let outcome: RestoreOutcome['payments'][number]['outcome'] = 'unchanged';
    if (remote.status === to) {
      const moved = await this.deps.repository.movePayments(
        { id: row.id },
        from,
        to,
        this.deps.clock.now(),
      );
      if (moved.length > 0) outcome = to;
    }
    return {
      paymentId: row.id,
      orderId: row.orderId,
      was: row.status,
      provider: remote.status,
      outcome,
    };
  }

  /** The newest restore and what its reconciliation found, for the console. */
  /** Whether a restore left this booking change for an operator (its emails are then held). */
  changeLeftForOperator(changeId: string): Promise<boolean> {
    return this.deps.repository.changeLeftAtRestore(changeId);
  }

  async latest(): Promise<AdminRestore | null> {
    const row = await this.deps.repository.latestRestore();
    if (!row) return null;
    return {
      restoredAt: row.restoredAt.toISOString(),
      backupTakenAt: row.backupTakenAt?.toISOString() ?? null,
      backupFile: row.backupFile,
      reconciledAt: row.reconciledAt?.toISOString() ?? null,
      outcome: (row.outcome as RestoreOutcome | null) ?? null,
    };
  }
}

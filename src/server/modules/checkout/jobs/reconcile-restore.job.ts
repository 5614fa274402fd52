import type { Logger } from 'pino';
import { defineRecurringJob } from '#src/server/jobs/define-job.js';
import type { JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the restore's reconciliation (`restore-reconciliation.ts`). */
interface Reconciles {
  run(log: Logger): Promise<JobOutcome>;
}

/**
 * Scheduled at every start: when the database holds a restore not yet reconciled, asks the
 * courier and the card provider what they saw and holds the emails, before the jobs that reach
 * them run (decision 141). It runs itself while they wait; a failed round is retried.
 */
export const reconcileRestoreJob = defineRecurringJob({
  kind: 'reconcile-restore',
  afterRestore: 'runs',
  handle: (ctx, deps: { restore: Reconciles }) => deps.restore.run(ctx.log),
});

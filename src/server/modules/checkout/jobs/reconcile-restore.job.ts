import { z } from 'zod';
import type { Logger } from 'pino';
import { defineJob } from '#src/server/jobs/define-job.js';
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
export const reconcileRestoreJob = defineJob({
  kind: 'reconcile-restore',
  payload: z.object({}),
  key: () => 'reconcile-restore',
  lane: 'default',
  afterRestore: 'runs',
  handle: (_payload, ctx, deps: { restore: Reconciles }) => deps.restore.run(ctx.log),
});

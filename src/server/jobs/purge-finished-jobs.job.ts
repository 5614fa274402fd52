import { defineRecurringJob } from './define-job.js';
import type { JobQueue } from './job-queue.js';

export const PURGE_FINISHED_JOBS_JOB = 'purge-finished-jobs';
/** How long a finished job's row is kept by default (JOB_RETENTION_DAYS). */
export const DEFAULT_JOB_RETENTION_DAYS = 30;
/** How often the purge runs. */
export const JOB_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Rows deleted per statement: short transactions, so other jobs' claims never wait long. */
const BATCH = 1_000;
const DAY_MS = 86_400_000;

/**
 * Recurring: the rows of jobs that finished more than `retentionDays` ago are deleted, a
 * thousand at a time (docs/jobs.md, "Finished jobs"). Without it the table grows by about three
 * rows an order, forever.
 */
export const purgeFinishedJobsJob = defineRecurringJob({
  kind: PURGE_FINISHED_JOBS_JOB,
  afterRestore: 'runs',
  handle: async (ctx, deps: { queue: JobQueue; now: () => Date; retentionDays?: number }) => {
    const days = deps.retentionDays ?? DEFAULT_JOB_RETENTION_DAYS;
    const before = new Date(deps.now().getTime() - days * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await deps.queue.purgeFinished(before, BATCH);
      deleted += batch;
      if (batch < BATCH || ctx.stopping() || !ctx.stillMine()) break;
    }
    if (deleted > 0) {
      ctx.log.info({ deleted, finishedBefore: before.toISOString() }, 'finished jobs deleted');
    }
    return { result: 'again', delayMs: JOB_PURGE_INTERVAL_MS };
  },
});

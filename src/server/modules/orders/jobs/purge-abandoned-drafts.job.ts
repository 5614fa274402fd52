import { defineRecurringJob, jobStopped } from '#src/server/jobs/define-job.js';
import {
  DEFAULT_DRAFT_RETENTION_DAYS,
  DRAFT_PURGE_INTERVAL_MS,
  PURGE_ABANDONED_DRAFTS_JOB,
  type OrdersService,
} from '../orders.service.js';

/** Recurring: unpaid drafts unchanged for `retentionDays` are deleted (decision 050). */
export const purgeAbandonedDraftsJob = defineRecurringJob({
  kind: PURGE_ABANDONED_DRAFTS_JOB,
  afterRestore: 'runs',
  handle: async (ctx, deps: { orders: OrdersService; retentionDays?: number }) => {
    const result = await deps.orders.purgeAbandonedDrafts({
      retentionDays: deps.retentionDays ?? DEFAULT_DRAFT_RETENTION_DAYS,
      stopped: jobStopped(ctx),
    });
    if (result.deleted > 0) {
      ctx.log.info(
        { deleted: result.deleted, unchangedSince: result.before.toISOString() },
        'abandoned drafts deleted',
      );
    }
    return { result: 'again', delayMs: DRAFT_PURGE_INTERVAL_MS };
  },
});

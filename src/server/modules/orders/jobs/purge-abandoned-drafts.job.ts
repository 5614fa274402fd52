import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import {
  DEFAULT_DRAFT_RETENTION_DAYS,
  DRAFT_PURGE_INTERVAL_MS,
  PURGE_ABANDONED_DRAFTS_JOB,
  type OrdersService,
} from '../orders.service.js';

/** Recurring: unpaid drafts unchanged for `retentionDays` are deleted (decision 050). */
export const purgeAbandonedDraftsJob = defineJob({
  kind: PURGE_ABANDONED_DRAFTS_JOB,
  payload: z.object({}),
  key: () => PURGE_ABANDONED_DRAFTS_JOB,
  lane: 'default',
  afterRestore: 'runs',
  handle: async (_payload, ctx, deps: { orders: OrdersService; retentionDays?: number }) => {
    const result = await deps.orders.purgeAbandonedDrafts({
      retentionDays: deps.retentionDays ?? DEFAULT_DRAFT_RETENTION_DAYS,
      stopped: () => ctx.stopping() || !ctx.stillMine(),
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

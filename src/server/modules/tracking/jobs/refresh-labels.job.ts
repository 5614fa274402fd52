import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';

/** What the job calls: the tracking (`tracking.service.ts`). */
interface RefreshesLabels {
  refreshLabels(orderId: string, collectionDate: string): Promise<void>;
}

/**
 * A moved collection's labels the courier could not give at the move (docs/tracking.md, decision
 * 140): asked again, with the queue's retries, then kept in place of the old ones and emailed.
 * One job per order and day.
 */
export const refreshLabelsJob = defineJob({
  kind: 'refresh-labels',
  payload: z.object({ orderId: z.string().min(1), collectionDate: z.string().min(1) }),
  key: ({ orderId, collectionDate }) => `refresh-labels:${orderId}:${collectionDate}`,
  lane: 'default',
  afterRestore: 'runs',
  handle: async ({ orderId, collectionDate }, _ctx, deps: { tracking: RefreshesLabels }) => {
    await deps.tracking.refreshLabels(orderId, collectionDate);
    return { result: 'done' };
  },
});

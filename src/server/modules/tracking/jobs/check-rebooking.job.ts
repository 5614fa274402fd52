import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';

/** What the job calls: the tracking (`tracking.service.ts`). */
interface ChecksRebookings {
  checkRebooking(orderId: string, collectionDate: string): Promise<void>;
}

/**
 * A missed collection's rebooking the courier did not answer (docs/tracking.md, "Missed
 * collections"): the courier is asked which day it has, and the rebooking settled from its answer
 * (made, with the new labels; or not made, the new dates offered again), the customer emailed
 * either way. Without an answer it throws and the queue asks again. One job per order and day.
 */
export const checkRebookingJob = defineJob({
  kind: 'check-rebooking',
  payload: z.object({ orderId: z.string().min(1), collectionDate: z.string().min(1) }),
  key: ({ orderId, collectionDate }) => `check-rebooking:${orderId}:${collectionDate}`,
  lane: 'default',
  // It only reads the courier's account; its emails go through send-mail, which waits.
  afterRestore: 'runs',
  handle: async ({ orderId, collectionDate }, _ctx, deps: { tracking: ChecksRebookings }) => {
    await deps.tracking.checkRebooking(orderId, collectionDate);
    return { result: 'done' };
  },
});

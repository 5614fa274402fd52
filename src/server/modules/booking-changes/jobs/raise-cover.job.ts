import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobContext, JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the cover raises (`cover-raise.ts`). */
interface RaisesCover {
  run(changeId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome>;
}

/**
 * Finishes a cover raise whose payment is authorised (docs/cover-and-import-charges.md): tells
 * the courier the new cover, then raises the order's cover and hands the payment to the capture
 * job in one transaction; a refusal releases the hold. One job per change.
 */
export const raiseCoverJob = defineJob({
  kind: 'raise-cover',
  payload: z.object({ changeId: z.string().min(1), orderId: z.string().min(1).optional() }),
  key: ({ changeId }) => `raise-cover:${changeId}`,
  lane: 'default',
  afterRestore: 'waits',
  handle: ({ changeId }, ctx, deps: { coverRaises: RaisesCover }) =>
    deps.coverRaises.run(changeId, ctx),
});

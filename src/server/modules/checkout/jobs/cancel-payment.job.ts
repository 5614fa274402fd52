import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the settlement (`settlement-jobs.ts`). */
interface Cancels {
  cancel(paymentId: string): Promise<JobOutcome>;
}

/** Cancels an authorisation no booking will use; one job per payment. */
export const cancelPaymentJob = defineJob({
  kind: 'cancel-payment',
  payload: z.object({ paymentId: z.string().min(1), orderId: z.string().min(1).optional() }),
  key: ({ paymentId }) => `cancel-payment:${paymentId}`,
  lane: 'default',
  afterRestore: 'waits',
  handle: ({ paymentId }, _ctx, deps: { settlement: Cancels }) => deps.settlement.cancel(paymentId),
});

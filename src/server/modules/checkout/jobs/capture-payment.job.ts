import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the settlement (`settlement-jobs.ts`). */
interface Captures {
  capture(paymentId: string): Promise<JobOutcome>;
}

/** Captures a booked order's authorisation (or a raised cover's); one job per payment. */
export const capturePaymentJob = defineJob({
  kind: 'capture-payment',
  payload: z.object({ paymentId: z.string().min(1), orderId: z.string().min(1).optional() }),
  key: ({ paymentId }) => `capture-payment:${paymentId}`,
  lane: 'default',
  afterRestore: 'waits',
  handle: ({ paymentId }, _ctx, deps: { settlement: Captures }) =>
    deps.settlement.capture(paymentId),
});

import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobContext, JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the refunds (`refunds.ts`). */
interface SendsRefunds {
  runRefund(refundId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome>;
}

/**
 * Sends a refund to the card provider (decisions 054 and 104); on its last attempt a refund it
 * could not settle ends `needs_action`. One job per refund, and one more per operator's retry
 * (`retry`: the refund's retry count), so a retry is never taken for the job already done.
 */
export const refundPaymentJob = defineJob({
  kind: 'refund-payment',
  payload: z.object({
    refundId: z.string().min(1),
    orderId: z.string().min(1).optional(),
    retry: z.number().int().nonnegative().optional(),
  }),
  key: ({ refundId, retry }) =>
    retry === undefined
      ? `refund-payment:${refundId}`
      : `refund-payment:${refundId}:retry:${retry}`,
  lane: 'default',
  afterRestore: 'waits',
  handle: ({ refundId }, ctx, deps: { refunds: SendsRefunds }) =>
    deps.refunds.runRefund(refundId, ctx),
});

import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { CANCEL_PAYMENT_JOB } from '../checkout-deps.js';
import type { SettlementJobs } from '../settlement-jobs.js';

/** Cancels an authorisation no booking will use. */
export const cancelPaymentJob = defineJob({
  kind: CANCEL_PAYMENT_JOB,
  payload: z.object({ paymentId: z.string().min(1), orderId: z.string().min(1).optional() }),
  lane: 'default',
  handle: ({ paymentId }, _ctx, deps: { settlement: SettlementJobs }) =>
    deps.settlement.cancel(paymentId),
});

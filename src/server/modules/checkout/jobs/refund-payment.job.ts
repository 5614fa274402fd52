import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { REFUND_PAYMENT_JOB, type OperatorPayments } from '../operator-payments.js';

/**
 * Sends a refund to the card provider (decisions 054 and 104); on its last attempt a refund it
 * could not settle ends `needs_action`.
 */
export const refundPaymentJob = defineJob({
  kind: REFUND_PAYMENT_JOB,
  payload: z.object({ refundId: z.string().min(1), orderId: z.string().min(1).optional() }),
  lane: 'default',
  handle: ({ refundId }, ctx, deps: { operator: OperatorPayments }) =>
    deps.operator.runRefund(refundId, ctx),
});

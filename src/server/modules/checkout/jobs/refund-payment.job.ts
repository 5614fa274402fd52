import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { REFUND_PAYMENT_JOB, type OperatorPayments } from '../operator-payments.js';

/** Sends an operator's refund to the card provider (decision 054). */
export const refundPaymentJob = defineJob({
  kind: REFUND_PAYMENT_JOB,
  payload: z.object({ refundId: z.string().min(1), orderId: z.string().min(1).optional() }),
  lane: 'default',
  handle: ({ refundId }, _ctx, deps: { operator: OperatorPayments }) =>
    deps.operator.runRefund(refundId),
});

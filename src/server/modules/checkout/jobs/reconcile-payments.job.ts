import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import { RECONCILE_PAYMENTS_JOB } from '../checkout-deps.js';
import type { PaymentReconciliation } from '../payment-reconciliation.js';

/** Recurring: applies or cancels authorisations no order accounts for (docs/orders.md). */
export const reconcilePaymentsJob = defineJob({
  kind: RECONCILE_PAYMENTS_JOB,
  payload: z.object({}),
  key: () => RECONCILE_PAYMENTS_JOB,
  lane: 'default',
  afterRestore: 'waits',
  handle: (_payload, ctx, deps: { reconciliation: PaymentReconciliation }) =>
    deps.reconciliation.run(ctx.log),
});

import { defineRecurringJob } from '#src/server/jobs/define-job.js';
import { RECONCILE_PAYMENTS_JOB } from '../checkout-deps.js';
import type { PaymentReconciliation } from '../payment-reconciliation.js';

/** Recurring: applies or cancels authorisations no order accounts for (docs/orders.md). */
export const reconcilePaymentsJob = defineRecurringJob({
  kind: RECONCILE_PAYMENTS_JOB,
  afterRestore: 'waits',
  handle: (ctx, deps: { reconciliation: PaymentReconciliation }) =>
    deps.reconciliation.run(ctx.log),
});

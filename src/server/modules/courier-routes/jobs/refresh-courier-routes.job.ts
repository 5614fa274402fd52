import { defineRecurringJob, jobStopped } from '#src/server/jobs/define-job.js';
import {
  DEFAULT_WARMUP_CONCURRENCY,
  REFRESH_COURIER_ROUTES_JOB,
  ROUTE_REFRESH_INTERVAL_MS,
  type CourierRoutesService,
} from '../courier-routes.service.js';

/**
 * Recurring: the warm-up and refresh of the whole courier route matrix (decision 034). One
 * process at a time runs it, with at most `concurrency` courier calls, and it stops early when
 * its process stops.
 */
export const refreshCourierRoutesJob = defineRecurringJob({
  kind: REFRESH_COURIER_ROUTES_JOB,
  afterRestore: 'runs',
  handle: async (ctx, deps: { courierRoutes: CourierRoutesService; concurrency?: number }) => {
    await deps.courierRoutes.warmMatrix({
      concurrency: deps.concurrency ?? DEFAULT_WARMUP_CONCURRENCY,
      stopped: jobStopped(ctx),
    });
    return { result: 'again', delayMs: ROUTE_REFRESH_INTERVAL_MS };
  },
});

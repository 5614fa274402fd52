import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
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
export const refreshCourierRoutesJob = defineJob({
  kind: REFRESH_COURIER_ROUTES_JOB,
  payload: z.object({}),
  key: () => REFRESH_COURIER_ROUTES_JOB,
  lane: 'default',
  afterRestore: 'runs',
  handle: async (
    _payload,
    ctx,
    deps: { courierRoutes: CourierRoutesService; concurrency?: number },
  ) => {
    await deps.courierRoutes.warmMatrix({
      concurrency: deps.concurrency ?? DEFAULT_WARMUP_CONCURRENCY,
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    return { result: 'again', delayMs: ROUTE_REFRESH_INTERVAL_MS };
  },
});

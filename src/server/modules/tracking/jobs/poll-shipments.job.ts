import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { POLL_ROUND_MS, POLL_SHIPMENTS_JOB, type TrackingService } from '../tracking.service.js';

/**
 * Recurring: every shipment due a poll, a reminder or a missed-collection check (docs/tracking.md).
 * One row for the site, so one process runs it at a time and the courier sees at most
 * `TRACKING_CONCURRENCY` tracking calls at once. It runs again when the next shipment is due,
 * at most a minute later.
 */
export const pollShipmentsJob = defineJob({
  kind: POLL_SHIPMENTS_JOB,
  payload: z.object({}),
  lane: 'default',
  handle: async (_payload, ctx, deps: { tracking: TrackingService; now: () => Date }) => {
    const round = await deps.tracking.pollDue({
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    if (round.handled > 0) {
      ctx.log.info({ handled: round.handled, failed: round.failed }, 'tracking round');
    }
    const untilNext = round.nextDueAt
      ? round.nextDueAt.getTime() - deps.now().getTime()
      : POLL_ROUND_MS;
    return { result: 'again', delayMs: Math.min(POLL_ROUND_MS, Math.max(1_000, untilNext)) };
  },
});

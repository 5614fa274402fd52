import { defineRecurringJob, jobStopped } from '#src/server/jobs/define-job.js';

const POLL_SHIPMENTS_JOB = 'poll-shipments';
/** The job's round when nothing is due sooner. */
const POLL_ROUND_MS = 60_000;

/** What the job calls: the tracking (`tracking.service.ts`). */
interface PollsShipments {
  pollDue(options: {
    stopped: () => boolean;
  }): Promise<{ handled: number; failed: number; nextDueAt: Date | null }>;
}

/**
 * Recurring: every shipment due a poll, a reminder or a missed-collection check (docs/tracking.md).
 * One row for the site, so one process runs it at a time and the courier sees at most
 * `TRACKING_CONCURRENCY` tracking calls at once. It runs again when the next shipment is due,
 * at most a minute later; a booking hastens it (`jobs.hasten`).
 */
export const pollShipmentsJob = defineRecurringJob({
  kind: POLL_SHIPMENTS_JOB,
  afterRestore: 'waits',
  handle: async (ctx, deps: { tracking: PollsShipments; now: () => Date }) => {
    const round = await deps.tracking.pollDue({
      stopped: jobStopped(ctx),
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

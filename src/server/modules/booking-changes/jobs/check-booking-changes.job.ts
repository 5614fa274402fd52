import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';

const CHECK_BOOKING_CHANGES_JOB = 'check-booking-changes';
/** The job's round: a change in doubt is asked of the courier again at most a minute later. */
const CHECK_ROUND_MS = 60_000;

/** What the job calls: the booking changes (`booking-changes.service.ts`). */
interface ChecksBookingChanges {
  checkInDoubt(options: { stopped: () => boolean }): Promise<{ settled: number }>;
}

/**
 * Recurring: every booking change whose courier answer is unknown (`checking`: a call that timed
 * out or broke; or a date or contact change left `pending` by a process stopped during its call)
 * is asked of the courier and ended as the courier has it, the customer emailed either way
 * (docs/booking-changes.md, decision 138). It runs every minute, and at once when a change goes
 * `checking` (`jobs.wake`), so a change is settled long before its collection day.
 */
export const checkBookingChangesJob = defineJob({
  kind: CHECK_BOOKING_CHANGES_JOB,
  payload: z.object({}),
  key: () => CHECK_BOOKING_CHANGES_JOB,
  lane: 'default',
  afterRestore: 'waits',
  handle: async (_payload, ctx, deps: { bookingChanges: ChecksBookingChanges }) => {
    const round = await deps.bookingChanges.checkInDoubt({
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    if (round.settled > 0) ctx.log.info({ settled: round.settled }, 'booking changes checked');
    return { result: 'again', delayMs: CHECK_ROUND_MS };
  },
});

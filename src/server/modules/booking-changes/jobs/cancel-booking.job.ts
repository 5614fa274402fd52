import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobContext, JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the booking changes (`booking-changes.service.ts`). */
interface CancelsBookings {
  runCancel(changeId: string, ctx: Pick<JobContext, 'lastAttempt'>): Promise<JobOutcome>;
}

/**
 * Finishes a cancellation (docs/booking-changes.md): asks the courier to cancel the shipment,
 * then marks the order cancelled and refunds or releases its payment in one transaction. One job
 * per change.
 */
export const cancelBookingJob = defineJob({
  kind: 'cancel-booking',
  payload: z.object({ changeId: z.string().min(1), orderId: z.string().min(1).optional() }),
  key: ({ changeId }) => `cancel-booking:${changeId}`,
  lane: 'default',
  afterRestore: 'waits',
  handle: ({ changeId }, ctx, deps: { bookingChanges: CancelsBookings }) =>
    deps.bookingChanges.runCancel(changeId, ctx),
});

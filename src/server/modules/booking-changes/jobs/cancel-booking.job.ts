import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { CANCEL_BOOKING_JOB, type BookingChangesService } from '../booking-changes.service.js';

/**
 * Finishes a cancellation (docs/booking-changes.md): asks the courier to cancel the shipment,
 * then marks the order cancelled and refunds or releases its payment in one transaction.
 */
export const cancelBookingJob = defineJob({
  kind: CANCEL_BOOKING_JOB,
  payload: z.object({ changeId: z.string().min(1), orderId: z.string().min(1).optional() }),
  lane: 'default',
  handle: ({ changeId }, ctx, deps: { bookingChanges: BookingChangesService }) =>
    deps.bookingChanges.runCancel(changeId, ctx),
});

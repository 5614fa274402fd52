import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import type { BookingChangesService } from '../booking-changes.service.js';
import { RAISE_COVER_JOB } from '../cover-raise.js';

/**
 * Finishes a cover raise whose payment is authorised (docs/cover-and-import-charges.md): tells
 * the courier the new cover, then raises the order's cover and hands the payment to the capture
 * job in one transaction; a refusal releases the hold.
 */
export const raiseCoverJob = defineJob({
  kind: RAISE_COVER_JOB,
  payload: z.object({ changeId: z.string().min(1), orderId: z.string().min(1).optional() }),
  lane: 'default',
  handle: ({ changeId }, ctx, deps: { bookingChanges: BookingChangesService }) =>
    deps.bookingChanges.coverRaises.run(changeId, ctx),
});

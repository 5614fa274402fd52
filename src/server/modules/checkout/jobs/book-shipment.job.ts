import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import type { BookingJob } from '../booking-job.js';
import { BOOK_SHIPMENT_JOB } from '../checkout-deps.js';

/** Books the paid order's shipment, once (docs/orders.md), in the bookings' own lane. */
export const bookShipmentJob = defineJob({
  kind: BOOK_SHIPMENT_JOB,
  payload: z.object({ orderId: z.string().min(1), paymentId: z.string().min(1).optional() }),
  lane: 'booking',
  handle: ({ orderId }, ctx, deps: { booking: BookingJob }) =>
    deps.booking.run(orderId, ctx.createdAt, ctx.log),
});

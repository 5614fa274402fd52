import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobOutcome } from '#src/server/jobs/job-queue.js';

const payload = z.object({
  orderId: z.string().min(1),
  paymentId: z.string().min(1).optional(),
  /** The payment's attempt, in the key; absent from jobs added before the payload carried it. */
  attempt: z.number().int().positive().optional(),
});

/** What the job calls: the booking (`booking-job.ts`). */
interface Books {
  run(orderId: string, queuedAt: Date, log: Logger): Promise<JobOutcome>;
}

/**
 * Books the paid order's shipment, once (docs/orders.md), in the bookings' own lane. One job per
 * payment attempt: a new payment after a failed booking gets a job of its own.
 */
export const bookShipmentJob = defineJob({
  kind: 'book-shipment',
  payload,
  key: ({ orderId, attempt }: z.infer<typeof payload> & { attempt: number }) =>
    `book-shipment:${orderId}:${attempt}`,
  lane: 'booking',
  afterRestore: 'waits',
  handle: ({ orderId }, ctx, deps: { booking: Books }) =>
    deps.booking.run(orderId, ctx.createdAt, ctx.log),
});

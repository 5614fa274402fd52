/**
 * Type tests, run by `npm run typecheck` (never executed): adding a job takes its definition and a
 * payload of the definition's type, so a wrong payload or a job with no definition fails `tsc`
 * (docs/jobs.md). Each `@ts-expect-error` line must fail to type: if one ever types, `tsc` fails
 * on the unused directive, so this file cannot pass by accident.
 */
import type { Queryable } from './db/queryable.js';
import type { JobQueue } from './jobs/job-queue.js';
import { bookShipmentJob, capturePaymentJob, refundPaymentJob } from './modules/checkout/index.js';
import { sendMailJob } from './modules/email/index.js';
import { pollShipmentsJob } from './modules/tracking/index.js';

export async function typedEnqueue(jobs: JobQueue, tx: Queryable): Promise<void> {
  // What the site writes.
  await jobs.enqueue(tx, capturePaymentJob, { paymentId: 'p-1', orderId: 'o-1' });
  await jobs.enqueue(tx, bookShipmentJob, { orderId: 'o-1', paymentId: 'p-1', attempt: 2 });
  await jobs.enqueue(tx, refundPaymentJob, { refundId: 'r-1', retry: 1 });
  await jobs.hasten(tx, pollShipmentsJob, {});
  await jobs.schedule(pollShipmentsJob);

  // A payload of the wrong shape.
  // @ts-expect-error `paymentId` is missing
  await jobs.enqueue(tx, capturePaymentJob, { orderId: 'o-1' });
  // @ts-expect-error `paymentId` is a string
  await jobs.enqueue(tx, capturePaymentJob, { paymentId: 42 });
  // @ts-expect-error `payment` is not a field of the job
  await jobs.enqueue(tx, capturePaymentJob, { paymentId: 'p-1', payment: 'p-1' });
  // @ts-expect-error another job's payload
  await jobs.enqueue(tx, sendMailJob, { paymentId: 'p-1' });
  // @ts-expect-error the booking's key needs the payment's attempt
  await jobs.enqueue(tx, bookShipmentJob, { orderId: 'o-1', paymentId: 'p-1' });
  // @ts-expect-error a job with a required field is not scheduled without it
  await jobs.schedule(sendMailJob);

  // A job with no definition: a kind by name, or a row written by hand.
  // @ts-expect-error no definition
  await jobs.enqueue(tx, 'capture-payment', { paymentId: 'p-1' });
  await jobs.enqueue(
    tx,
    // @ts-expect-error no definition
    { kind: 'capture-payments', key: 'capture-payments:p-1', payload: { paymentId: 'p-1' } },
    { paymentId: 'p-1' },
  );
  // @ts-expect-error no definition
  await jobs.hasten(tx, 'poll-shipments', {});
}

import { randomUUID } from 'node:crypto';
import { formatPence } from '../../../domain/money.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { ShipmentDocuments } from '../../providers/courier/courier-provider.js';
import type { CheckoutDeps } from './checkout-deps.js';
import { cancelPaymentJob } from './jobs/cancel-payment.job.js';
import { capturePaymentJob } from './jobs/capture-payment.job.js';
import { bookingConfirmationOf, documentsOf } from './confirmation-email.js';
import { errorMessage } from '../../error-message.js';

/** What an operator found on the courier's side for a `needs_attention` order. */
export type Resolution =
  { outcome: 'booked'; courierReference: string } | { outcome: 'not_booked' };

/**
 * What the courier gave for the reference an operator found (`fetchCourierDocuments`), asked
 * before the operator's transaction: its labels and documents, or why there are none.
 */
export type CourierDocuments = { found: ShipmentDocuments } | { missing: string };

/**
 * Asks the courier for the labels and documents of a booking it already has, outside any
 * transaction (a network call never holds an order's lock). Never throws: an operator can still
 * resolve the order, and upload the PDFs themselves.
 */
export async function fetchCourierDocuments(
  deps: Pick<CheckoutDeps, 'courier'>,
  courierReference: string,
): Promise<CourierDocuments> {
  try {
    return { found: await deps.courier.getShipmentDocuments(courierReference) };
  } catch (error) {
    return { missing: errorMessage(error) };
  }
}

export const NOT_WAITING_MESSAGE =
  'This order is no longer waiting for a check: someone has already resolved it.';

/**
 * Resolves a `needs_attention` order (docs/orders.md), in the caller's transaction under the
 * order's row lock: booked (the reference the operator found; the money is captured) or not
 * booked (the authorisation is cancelled and the customer may pay again). Either way the
 * customer is emailed. Throws 409 when the order is not `needs_attention` any more.
 */
export async function resolveNeedsAttention(
  deps: CheckoutDeps,
  orderId: string,
  resolution: Resolution,
  tx: DbTransaction,
  courier: CourierDocuments = { missing: 'not asked' },
): Promise<{ reference: string; status: 'booked' | 'booking_failed'; labels?: number }> {
  const { orders, repository, clock, jobs, mail } = deps;
  const order = await orders.lock(orderId, tx);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'needs_attention') {
    throw new ApiError(409, 'ORDER_NOT_WAITING', NOT_WAITING_MESSAGE);
  }
  const now = clock.now();
  const email = order.collectionAddress?.email;
  const name = order.collectionAddress?.firstName ?? '';
  if (resolution.outcome === 'booked') {
    const found = 'found' in courier ? courier.found : undefined;
    const trackingUrl = found?.trackingUrl || undefined;
    // Stored as a normal booking stores them, so the console lists them and a resend carries them.
    const documents = (
      found && found.labels.length > 0 ? documentsOf(order.reference, found) : []
    ).map((doc, position) => ({
      ...doc,
      id: randomUUID(),
      orderId,
      position,
      contentType: 'application/pdf',
      createdAt: now,
    }));
    const booked = await orders.transition(
      orderId,
      'needs_attention',
      'booked',
      {
        courierReference: resolution.courierReference,
        ...(trackingUrl ? { trackingUrl } : {}),
        bookedAt: now,
        failureCode: null,
        failureMessage: null,
      },
      tx,
    );
    if (booked) await deps.tracking.enrol(tx, booked, resolution.courierReference);
    await repository.insertDocuments(
      documents.map(({ attachment: _, ...stored }) => stored),
      tx,
    );
    const captured = await repository.movePayments(
      { orderId, attempt: order.paymentAttempt },
      'authorised',
      'capture_pending',
      now,
      tx,
    );
    for (const p of captured) {
      await jobs.enqueue(tx, capturePaymentJob, { paymentId: p.id, orderId });
    }
    if (email && trackingUrl && documents.length > 0) {
      // The courier gave the labels: the customer gets the booking confirmation itself, with them.
      await mail.emails.enqueueBookingConfirmation(
        tx,
        bookingConfirmationOf(deps, { ...order, bookedAt: now }, documents),
        { orderId },
      );
    } else if (email) {
      // No labels yet (the courier could not give them): say so, and promise no attachment. An
      // operator uploads them and sends the confirmation from the console.
      await mail.emails.enqueueOrderUpdate(tx, {
        email,
        orderId,
        idempotencyKey: `order-update:${order.reference}:booked`,
        subject: `Your collection is booked: ${order.reference}`,
        heading: 'Your collection is booked',
        paragraphs: [
          `Hello ${name},`.replace(/ ,$/, ','),
          `We have checked with the courier: your booking ${order.reference} is confirmed, with courier reference ${resolution.courierReference}.`,
          `Your card is now charged ${order.pricePence ? formatPence(order.pricePence) : 'the price you were quoted'}, the amount that was held.`,
          'Your labels are not in this email: we are getting them from the courier, and will send them in a separate email before your collection day. Reply to this email if you have any question.',
        ],
      });
    }
    return {
      reference: order.reference,
      status: 'booked',
      labels: documents.filter((d) => d.kind === 'label').length,
    };
  }
  await orders.transition(
    orderId,
    'needs_attention',
    'booking_failed',
    {
      failureCode: 'NOT_BOOKED',
      failureMessage: 'The courier has no booking for this order; the card hold was released.',
      newPaymentAttempt: true,
    },
    tx,
  );
  const cancelled = await repository.movePayments(
    { orderId },
    'authorised',
    'cancel_pending',
    now,
    tx,
  );
  for (const p of cancelled) {
    await jobs.enqueue(tx, cancelPaymentJob, { paymentId: p.id, orderId });
  }
  if (email) {
    await mail.emails.enqueueOrderUpdate(tx, {
      email,
      orderId,
      idempotencyKey: `order-update:${order.reference}:not-booked`,
      subject: `We could not book your collection: ${order.reference}`,
      heading: 'We could not book your collection',
      paragraphs: [
        `Hello ${name},`.replace(/ ,$/, ','),
        `We have checked with the courier: your booking ${order.reference} was not made.`,
        'We have released the hold on your card: you have not been charged. You are welcome to book again at any time.',
      ],
    });
  }
  return { reference: order.reference, status: 'booking_failed' };
}

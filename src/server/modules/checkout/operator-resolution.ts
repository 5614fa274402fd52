import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { ShipmentDocuments } from '../../providers/courier/courier-provider.js';
import { releaseAuthorisations, type CheckoutDeps } from './checkout-deps.js';
import { capturePaymentJob } from './jobs/capture-payment.job.js';
import { bookingConfirmationOf, documentsOf } from './confirmation-email.js';
import { errorMessage } from '../../error-message.js';
import type { OrderRow } from '../orders/index.js';

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
  const order = await deps.orders.lock(orderId, tx);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'needs_attention') {
    throw new ApiError(409, 'ORDER_NOT_WAITING', NOT_WAITING_MESSAGE);
  }
  if (resolution.outcome === 'booked') {
    const found = 'found' in courier ? courier.found : undefined;
    return resolveBooked(deps, order, resolution.courierReference, found, tx);
  }
  return resolveNotBooked(deps, order, tx);
}

/**
 * Booked: the order takes the courier's reference and is tracked, the labels the courier gave
 * are stored, the held payment goes to the capture job and the customer is emailed.
 */
async function resolveBooked(
  deps: CheckoutDeps,
  order: OrderRow,
  courierReference: string,
  found: ShipmentDocuments | undefined,
  tx: DbTransaction,
) {
  const { orders, repository, jobs } = deps;
  const orderId = order.id;
  const now = deps.clock.now();
  const trackingUrl = found?.trackingUrl || undefined;
  const documents = storedDocuments(order, found, now);
  const booked = await orders.transition(
    orderId,
    'needs_attention',
    'booked',
    {
      courierReference,
      ...(trackingUrl ? { trackingUrl } : {}),
      bookedAt: now,
      failureCode: null,
      failureMessage: null,
    },
    tx,
  );
  if (booked) await deps.tracking.enrol(tx, booked, courierReference);
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
  // With the courier's labels (and tracking link) the customer gets the booking confirmation.
  const labels = trackingUrl && documents.length > 0 ? documents : undefined;
  await emailBooked(deps, { ...order, bookedAt: now, courierReference }, labels, tx);
  return {
    reference: order.reference,
    status: 'booked' as const,
    labels: documents.filter((d) => d.kind === 'label').length,
  };
}

/**
 * The courier's labels and documents, stored as a booking stores them: the console lists them and
 * a resend carries them.
 */
function storedDocuments(order: OrderRow, found: ShipmentDocuments | undefined, now: Date) {
  const documents = found && found.labels.length > 0 ? documentsOf(order.reference, found) : [];
  return documents.map((doc, position) => ({
    ...doc,
    id: randomUUID(),
    orderId: order.id,
    position,
    contentType: 'application/pdf',
    createdAt: now,
  }));
}

/**
 * The customer's email for a booking found: the booking confirmation itself, the one the booking
 * job sends (its receipt, tracking link and the cancel and change rules), with the courier's labels
 * when it gave them, else saying that they follow.
 */
async function emailBooked(
  deps: CheckoutDeps,
  order: OrderRow & { bookedAt: Date },
  labels: ReturnType<typeof storedDocuments> | undefined,
  tx: DbTransaction,
) {
  await deps.mail.emails.send(
    tx,
    'booking-confirmation',
    order,
    bookingConfirmationOf(deps, order, labels ?? []),
  );
}

/**
 * Not booked: the order becomes `booking_failed` with a new payment attempt, the held payment
 * goes to the cancel job and the customer is emailed that they were not charged.
 */
async function resolveNotBooked(deps: CheckoutDeps, order: OrderRow, tx: DbTransaction) {
  const orderId = order.id;
  await deps.orders.transition(
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
  await releaseAuthorisations(deps, orderId, tx);
  await deps.mail.emails.send(tx, 'not-booked', order, {});
  return { reference: order.reference, status: 'booking_failed' as const };
}

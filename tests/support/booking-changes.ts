import { randomUUID } from 'node:crypto';
import {
  changeCollectionContact,
  changeCollectionDate,
  getBookingChanges,
} from '../../src/domain/api/booking-changes.js';
import { call, ok, type Caller } from './call.js';
import { bookedOrder } from './factories/payments.js';
import type { TestApp } from './test-app.js';

/**
 * The requests and look-ups the booking-change tests share (docs/booking-changes.md): each
 * request is made as the order page makes it, with a request key of its own unless given one.
 */

/** A collection contact as a customer types it on the change form. */
export interface ContactChange {
  phoneNumber: string;
  email: string;
  instructions: string;
}

/** The new contact the tests change to (the courier normalises the phone number). */
export const NEW_CONTACT: ContactChange = {
  phoneNumber: '07400 123456',
  email: 'new.contact@example.com',
  instructions: 'Ring the side door',
};

export function changeContact(on: Caller, orderId: string, contact: ContactChange = NEW_CONTACT) {
  return call(on, changeCollectionContact, {
    params: { id: orderId },
    body: { ...contact, requestKey: randomUUID() },
  });
}

export function moveCollection(
  on: Caller,
  orderId: string,
  collectionDate: string,
  requestKey = randomUUID(),
) {
  return call(on, changeCollectionDate, {
    params: { id: orderId },
    body: { collectionDate, requestKey },
  });
}

/** The order's booking changes as the order page shows them. */
export function bookingChangesOf(on: Caller, orderId: string) {
  return ok(on, getBookingChanges, { params: { id: orderId } });
}

/** The status of each of the order's changes, oldest first. */
export async function changeStatuses(on: Caller, orderId: string): Promise<string[]> {
  return (await bookingChangesOf(on, orderId)).changes.map((c) => c.status);
}

/** An order booked by the courier, with the courier's reference for it. */
export async function bookedWithReference(t: TestApp) {
  const { order } = await bookedOrder(t);
  const row = await t.app.services.orders.findById(order.id);
  return { order, courierReference: row?.courierReference ?? '' };
}

/** The order's payments: the booking's first (a raise may be made in the same clock instant), then raises. */
export async function paymentsOf(t: TestApp, orderId: string) {
  return t.database.query<{
    kind: string;
    status: string;
    amount_pence: number;
    provider_payment_id: string;
  }>(
    `SELECT kind, status, amount_pence, provider_payment_id FROM payments WHERE order_id = $1
      ORDER BY kind = 'cover', created_at`,
    [orderId],
  );
}

/** The order's refunds, smallest first. */
export async function refundsOf(t: TestApp, orderId: string) {
  return t.database.query<{ status: string; amount_pence: number }>(
    'SELECT status, amount_pence FROM payment_refunds WHERE order_id = $1 ORDER BY amount_pence',
    [orderId],
  );
}

/** The subjects of the order's emails in the outbox. */
export async function mailSubjects(t: TestApp, orderId: string): Promise<string[]> {
  return (await t.mail.outbox.listForOrder(orderId)).map((m) => m.subject);
}

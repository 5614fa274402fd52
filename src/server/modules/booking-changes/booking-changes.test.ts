// On PostgreSQL too: changes race each other and the collection under the order's lock.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#tests/support/call.js';
import { checkoutStatus } from '#tests/support/checkout.js';
import {
  bookedWithReference,
  bookingChangesOf,
  changeContact,
  mailSubjects,
  moveCollection,
  paymentsOf,
  NEW_CONTACT,
  refundsOf,
} from '#tests/support/booking-changes.js';
import { sandbox, settle } from '#tests/support/factories/payments.js';
import { useSignedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { getAdminOrder } from '#src/domain/api/admin/orders.js';
import { cancelAdminBooking, cancelBooking } from '#src/domain/api/booking-changes.js';
import { BOOKING_CHANGE_MESSAGES } from '#src/domain/booking-changes.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { londonAt } from '#src/domain/london-time.js';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import { ProviderError } from '../../providers/provider-error.js';

/**
 * Cancelling and changing a booking after payment (docs/booking-changes.md), against the courier
 * simulator (which collects at 11:30 on the collection day) and the card sandbox, at the test's
 * clock. Each order is booked and its payment captured unless a test says otherwise.
 */

const t = useTestApp();
const operator = useSignedInAdmin(t);
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

const checkout = () => t.app.services.checkout;
afterEach(() => {
  // A test that made the sandbox's captures fail, or the settlement crash, puts them back.
  const proto = Object.getPrototypeOf(sandbox(t)) as SandboxPaymentProvider;
  sandbox(t).capture = proto.capture.bind(sandbox(t));
  delete (checkout() as { settleCancelledBooking?: unknown }).settleCancelledBooking;
});

function cancel(orderId: string, requestKey = randomUUID()) {
  return call(t.app, cancelBooking, { params: { id: orderId }, body: { requestKey } });
}

describe('cancelling a booking', () => {
  it('cancels with the courier once and refunds the payment in full once, however often it is asked', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const key = randomUUID();
    const first = await cancel(order.id, key);
    expect(first.statusCode).toBe(202);
    expect(first.json().status).toBe('cancelling');
    // A double click (same key), a second tab (another key): nothing more.
    expect((await cancel(order.id, key)).statusCode).toBe(202);
    expect((await cancel(order.id)).statusCode).toBe(202);
    await settle(t);

    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBe(1);
    const [payment] = await paymentsOf(t, order.id);
    expect(payment?.status).toBe('refunded');
    expect(await refundsOf(t, order.id)).toEqual([
      { status: 'succeeded', amount_pence: payment?.amount_pence },
    ]);
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.cancel).toEqual({ allowed: false, reason: BOOKING_CHANGE_MESSAGES.cancelled });
    expect(view.change.allowed).toBe(false);
    expect(view.changes.map((c) => [c.kind, c.status, c.by])).toEqual([
      ['cancel', 'done', 'customer'],
    ]);
    const mail = await mailSubjects(t, order.id);
    expect(mail.filter((s) => s.startsWith('Your booking is cancelled'))).toHaveLength(1);
    expect(mail.filter((s) => s.startsWith('We have refunded'))).toHaveLength(1);
    // Read-only afterwards: no change, no second cancellation.
    const moved = await moveCollection(t.app, order.id, '2026-11-27');
    expect(moved.statusCode).toBe(409);
    expect((await cancel(order.id)).statusCode).toBe(202);
    await settle(t);
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBe(1);
    expect(await refundsOf(t, order.id)).toHaveLength(1);
  });

  it('two cancels at once: one cancellation, one refund', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const answers = await Promise.all([cancel(order.id), cancel(order.id), cancel(order.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    await settle(t);
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBe(1);
    expect(await refundsOf(t, order.id)).toHaveLength(1);
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.changes).toHaveLength(1);
  });

  it('finishes after a crash between the courier’s cancellation and the refund', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const service = checkout();
    let crashes = 0;
    (service as { settleCancelledBooking: unknown }).settleCancelledBooking = () => {
      crashes += 1;
      throw new Error('the process stopped here');
    };
    await cancel(order.id);
    await settle(t);
    expect(crashes).toBe(1);
    // The courier has cancelled; our side has not: still cancelling, nothing refunded.
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBe(1);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelling');
    expect(await refundsOf(t, order.id)).toEqual([]);

    delete (service as { settleCancelledBooking?: unknown }).settleCancelledBooking;
    t.clock.set('2026-11-23T10:30:00Z');
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const [payment] = await paymentsOf(t, order.id);
    expect(await refundsOf(t, order.id)).toEqual([
      { status: 'succeeded', amount_pence: payment?.amount_pence },
    ]);
    expect(payment?.status).toBe('refunded');
  });

  it('releases a payment not captured yet, and never captures it', async () => {
    let captures = 0;
    sandbox(t).capture = () => {
      captures += 1;
      return Promise.reject(new ProviderError('sandbox', 'NETWORK', true, 'card network down'));
    };
    const { order } = await bookedWithReference(t);
    expect((await paymentsOf(t, order.id))[0]?.status).toBe('capture_pending');
    const tried = captures;
    await cancel(order.id);
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('cancelled');
    const [payment] = await paymentsOf(t, order.id);
    expect(payment?.status).toBe('cancelled');
    expect(captures).toBe(tried);
    const [remote] = await t.database.query<{ status: string }>(
      'SELECT status FROM sandbox_payments WHERE id = $1',
      [payment?.provider_payment_id],
    );
    expect(remote?.status).toBe('cancelled');
    expect(await refundsOf(t, order.id)).toEqual([]);
    const [cancelled] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE order_id = $1 AND subject LIKE 'Your booking is cancelled%'`,
      [order.id],
    );
    expect(cancelled?.text_body).toContain('released the hold on your card');
  });

  it('is refused once the courier has collected the boxes, with the reason', async () => {
    const { order } = await bookedWithReference(t);
    const collectionDate = order.collectionDate ?? '';
    t.clock.set(londonAt(collectionDate, '12:00'));
    await t.app.services.tracking.pollDue();
    const refused = await cancel(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'BOOKING_COLLECTED', message: BOOKING_CHANGE_MESSAGES.collected },
    });
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.cancel).toEqual({ allowed: false, reason: BOOKING_CHANGE_MESSAGES.collected });
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
  });

  it('a cancel racing the collection: the courier’s refusal puts the booking back, nothing refunded', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    // Our tracking has not heard of the collection yet; the courier has the boxes.
    t.clock.set(londonAt(order.collectionDate ?? '', '12:00'));
    expect((await cancel(order.id)).statusCode).toBe(202);
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBeUndefined();
    expect(await refundsOf(t, order.id)).toEqual([]);
    expect((await paymentsOf(t, order.id))[0]?.status).toBe('captured');
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.changes.map((c) => [c.kind, c.status])).toEqual([['cancel', 'refused']]);
    expect(view.changes[0]?.courierAnswer).toMatch(/collected/);
    expect(await mailSubjects(t, order.id)).toContain(
      `We could not cancel your booking: ${order.reference}`,
    );
  });
});

describe('a capture waiting on a cancellation', () => {
  it('goes ahead once the courier refuses the cancellation: the booking stands and is paid for', async () => {
    const proto = Object.getPrototypeOf(sandbox(t)) as SandboxPaymentProvider;
    sandbox(t).capture = () =>
      Promise.reject(new ProviderError('sandbox', 'NETWORK', true, 'card network down'));
    const { order } = await bookedWithReference(t);
    expect((await paymentsOf(t, order.id))[0]?.status).toBe('capture_pending');
    // The card network is back; the courier has the boxes, which our tracking has not heard yet.
    sandbox(t).capture = proto.capture.bind(sandbox(t));
    t.clock.set(londonAt(order.collectionDate ?? '', '12:00'));
    expect((await cancel(order.id)).statusCode).toBe(202);
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect((await paymentsOf(t, order.id))[0]?.status).toBe('captured');
    expect(await refundsOf(t, order.id)).toEqual([]);
  });
});

describe('changing a booking', () => {
  it('moves the collection day with one courier rebooking; the order, its tracking and its reminder follow', async () => {
    const { order } = await bookedWithReference(t);
    const before = await bookingChangesOf(t.app, order.id);
    expect(before.change.allowed).toBe(true);
    const newDate = before.change.dates.at(-1) ?? '';
    expect(newDate).not.toBe(order.collectionDate);
    const rebooks = t.courierSimulator!.calls().rebook;
    const requestKey = randomUUID();
    const moved = await moveCollection(t.app, order.id, newDate, requestKey);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().collectionDate).toBe(newDate);
    // The same request again changes nothing more.
    await moveCollection(t.app, order.id, newDate, requestKey);
    expect(t.courierSimulator!.calls().rebook).toBe(rebooks + 1);
    expect((await t.app.services.orders.findById(order.id))?.collectionDate).toBe(newDate);
    const tracking = await t.app.services.tracking.view(order.id);
    expect(tracking?.collectionDate).toBe(newDate);
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.changes.map((c) => [c.kind, c.status, c.by])).toEqual([
      ['collection_date', 'done', 'customer'],
    ]);
    await settle(t);
    expect(await mailSubjects(t, order.id)).toContain(
      `Collection rebooked for ${formatCalendarDate(newDate)}: booking ${order.reference}`,
    );
  });

  it('refuses a day not offered, and any change once the collection window has opened', async () => {
    const { order } = await bookedWithReference(t);
    const wrong = await moveCollection(t.app, order.id, '2027-01-01');
    expect(wrong.statusCode).toBe(422);
    t.clock.set(londonAt(order.collectionDate ?? '', '09:00'));
    const late = await changeContact(t.app, order.id, {
      ...NEW_CONTACT,
      email: 'new@example.com',
      instructions: '',
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      error: { code: 'CHANGES_CLOSED', message: BOOKING_CHANGE_MESSAGES.changesClosed },
    });
    // Cancelling stays open until the courier collects.
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.cancel.allowed).toBe(true);
  });

  it('changes the collection contact: checked as on the address step, sent to the courier, saved', async () => {
    const { order } = await bookedWithReference(t);
    const bad = await changeContact(t.app, order.id, {
      phoneNumber: '12',
      email: 'not an email',
      instructions: '',
    });
    expect(bad.statusCode).toBe(422);
    const problem = bad.json() as unknown as { error: { fields?: Record<string, string> } };
    expect(Object.keys(problem.error.fields ?? {}).sort()).toEqual(['email', 'phoneNumber']);
    const rebooks = t.courierSimulator!.calls().rebook;
    const saved = await changeContact(t.app, order.id, NEW_CONTACT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().contact).toEqual({
      phoneNumber: '+447400123456',
      email: 'new.contact@example.com',
      instructions: 'Ring the side door',
    });
    expect(t.courierSimulator!.calls().rebook).toBe(rebooks + 1);
    const row = await t.app.services.orders.findById(order.id);
    expect(row?.collectionAddress?.email).toBe('new.contact@example.com');
    // Both the new address and the one it replaced are told.
    const told = (await t.mail.outbox.listForOrder(order.id))
      .filter((m) => m.subject.startsWith('Your collection contact is updated'))
      .map((m) => m.to)
      .sort();
    expect(told).toEqual(['ada@example.com', 'new.contact@example.com']);
    expect(row?.collectionDate).toBe(order.collectionDate);
  });
});

describe('who did what', () => {
  it('an operator cancels for the customer by the same path; the timeline names who asked and what the courier said', async () => {
    const { order, courierReference } = await bookedWithReference(t);
    const res = await call(operator.browser, cancelAdminBooking, {
      params: { id: order.id },
      body: { requestKey: randomUUID(), reason: 'The customer phoned to cancel' },
    });
    expect(res.statusCode).toBe(202);
    await settle(t);
    expect(t.courierSimulator!.calls().cancellations[courierReference]).toBe(1);
    expect(await refundsOf(t, order.id)).toHaveLength(1);
    const detail = (
      await call(operator.browser, getAdminOrder, { params: { id: order.id } })
    ).json();
    const texts = detail.timeline.map((e: { text: string }) => e.text);
    expect(texts).toContain(`Cancellation asked by operator ${operator.email}`);
    expect(
      texts.some((x: string) => x.startsWith('Booking cancelled: the courier confirmed it on ')),
    ).toBe(true);
    expect(
      texts.some(
        (x: string) =>
          x.includes('order.booking.cancel') && x.endsWith('Reason: The customer phoned to cancel'),
      ),
    ).toBe(true);
    const view = await bookingChangesOf(t.app, order.id);
    expect(view.changes.map((c) => [c.kind, c.by, c.byEmail])).toEqual([
      ['cancel', 'operator', operator.email],
    ]);

    const other = await bookedWithReference(t);
    const moved = await bookingChangesOf(t.app, other.order.id);
    await moveCollection(t.app, other.order.id, moved.change.dates[0] ?? '');
    const otherDetail = (
      await call(operator.browser, getAdminOrder, { params: { id: other.order.id } })
    ).json();
    const otherTexts = otherDetail.timeline.map((e: { text: string }) => e.text);
    expect(otherTexts).toContain('New collection date asked by the customer');
    expect(otherTexts.some((x: string) => x.startsWith('Moved the collection from'))).toBe(true);
  });
});

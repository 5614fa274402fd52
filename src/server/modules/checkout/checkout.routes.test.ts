// On PostgreSQL too: payments and webhooks arriving at once capture exactly once.
import { describe, expect, it, vi } from 'vitest';
import { useTestApp, actAsOneBrowser, anotherProcess } from '#tests/support/test-app.js';
import { CHECKOUT_MESSAGES } from './checkout-deps.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import type { ShipmentBooking } from '../../providers/courier/courier-provider.js';
import {
  checkoutStatus,
  confirm,
  payWithCard,
  startPayment,
  useBookCallCount,
} from '#tests/support/checkout.js';
import { call, untyped } from '#tests/support/call.js';
import { getTracking } from '#src/domain/api/tracking.js';
import { getCollectionDates, setCollectionDate } from '#src/domain/api/booking.js';
import {
  paymentWebhook,
  sandboxAuthenticate,
  startPayment as startPaymentRoute,
} from '#src/domain/api/checkout.js';
import { acceptTerms, deleteItem } from '#src/domain/api/declaration.js';
import { selectService } from '#src/domain/api/orders.js';
import { readyOrder } from '#tests/support/factories/orders.js';
import {
  orderPayments,
  sandbox,
  sandboxPaymentRow,
  settle,
} from '#tests/support/factories/payments.js';

// Every test pays from the same address under a stopped clock: more payment requests than
// the per-address limit allows in one window (the limit has its own tests).
const t = useTestApp({ rateLimits: { payments: { max: 1000, windowSeconds: 900 } } });
const bookCalls = useBookCallCount(t);

const jobs = () => t.app.services.jobs;
/**
 * A good card authorises the session; the page's confirm call and the due jobs then run. Returns
 * what the confirm call answered.
 */
async function authoriseAndConfirm(orderId: string, clientSecret: string) {
  expect(await payWithCard(t.app, clientSecret, '4242424242424242')).toMatchObject({
    status: 'authorised',
  });
  const confirmed = await confirm(t.app, orderId);
  await settle(t);
  return confirmed;
}
/** The order's authorisation was cancelled: nothing charged, nothing booked. */
async function expectCancelledNeverBooked(orderId: string) {
  expect(await checkoutStatus(t.app, orderId)).toMatchObject({ notCharged: true });
  expect(await sandboxRow(await providerId(orderId))).toMatchObject({ status: 'cancelled' });
  expect(bookCalls()).toBe(0);
}
/** Pays for the order with a good card and lets the booking run; returns its checkout status. */
async function payAndSettle(orderId: string) {
  const session = await startPayment(t.app, orderId);
  await payWithCard(t.app, session.clientSecret, '4242424242424242');
  await confirm(t.app, orderId);
  await settle(t);
  return { session, status: await checkoutStatus(t.app, orderId) };
}
/** A ready order paid with a good card and confirmed: authorised, its booking job not yet run. */
async function confirmedOrder() {
  const order = await readyOrder(t.app);
  const { clientSecret } = await startPayment(t.app, order.id);
  await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
  await confirm(t.app, order.id);
  await sandbox(t).idle();
  return order;
}
const sandboxRow = async (id: string) => (await sandboxPaymentRow(t, id))!;
const paymentRows = (orderId: string) => orderPayments(t, orderId);
async function providerId(orderId: string) {
  return (await paymentRows(orderId)).at(-1)!.provider_payment_id;
}
const webhook = (body: string, signature: string) =>
  call(t.app, paymentWebhook, {
    headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
    body: Buffer.from(body),
  });

describe('authorise → book → capture', () => {
  it('books once with the fixed values, stores the labels, captures and queues the email', async () => {
    const spy = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    const order = await readyOrder(t.app, { small: 1, large: 1 });
    const session = await startPayment(t.app, order.id);
    expect(session.amountPence).toBe(order.pricePence);
    expect(session.provider).toBe('sandbox');

    const card = await payWithCard(t.app, session.clientSecret, '4242 4242 4242 4242');
    expect(card).toEqual({ status: 'authorised', error: null });
    const afterConfirm = await confirm(t.app, order.id);
    expect(['authorised', 'booking', 'booked']).toContain(afterConfirm.status);
    await settle(t);

    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({
      status: 'booked',
      result: 'SUCCESS',
      notCharged: false,
      error: null,
    });
    expect(status.courierReference).toMatch(/^GB\d{7}$/);
    expect(status.trackingUrl).toMatch(/^http/);
    // Our own tracking page first: its path opens this order's tracking.
    const token = /^\/track\/([\w-]{44})$/.exec(status.trackingPage ?? '')?.[1];
    expect(token, status.trackingPage ?? 'no tracking page').toBeDefined();
    const tracked = await call(t.app, getTracking, { params: { token: token! } });
    expect(tracked.json().reference).toBe(order.reference);
    expect(status.documents.map((d) => d.kind)).toEqual(['label', 'label', 'document']);
    expect(bookCalls()).toBe(1);

    const booking = spy.mock.calls[0]![0] as ShipmentBooking;
    expect(booking).toMatchObject({
      reference: order.reference,
      readyFrom: '09:00',
      // two parcels, each 4 × £12.50 + 2 × £20
      consignmentValuePence: 2 * (4 * 1250 + 2 * 2000),
      insurance: { coverPence: 5000, excessPence: 0, goodsAreNew: true, goodsAreFragile: false },
      serviceId: 53,
      collectionOptionId: 52,
    });

    // Each declared name once (the frozen clock gives the items one timestamp, so any order).
    expect(booking.consignmentSummary.split(', ').sort()).toEqual(['Books', 'Jumper']);

    const label = await t.app.inject({ method: 'GET', url: status.documents[0]!.url });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.headers['content-disposition']).toContain('attachment');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await t.app.inject({
      method: 'GET',
      url: status.documents[0]!.url.replace(order.id, '00000000-0000-4000-8000-000000000000'),
    });
    expect(other.statusCode).toBe(404);

    expect(await paymentRows(order.id)).toMatchObject([{ status: 'captured' }]);
    expect(await sandboxRow(await providerId(order.id))).toMatchObject({ status: 'captured' });

    const mail = await t.database.query<{ subject: string; to_address: string; n: number }>(
      `SELECT subject, to_address, (SELECT count(*)::int FROM mail_attachments a WHERE a.mail_id = m.id) AS n
       FROM mail m WHERE kind = 'booking-confirmation' AND subject LIKE $1`,
      [`%${order.reference}`],
    );
    expect(mail).toEqual([
      {
        subject: `Your booking was successful: ${order.reference}`,
        to_address: 'ada@example.com',
        n: 3,
      },
    ]);
    // The two label files are the same labels for two printers; the invoice goes too.
    const files = await t.database.query<{ filename: string }>(
      `SELECT a.filename FROM mail_attachments a JOIN mail m ON m.id = a.mail_id
        WHERE m.kind = 'booking-confirmation' AND m.subject LIKE $1 ORDER BY a.filename`,
      [`%${order.reference}`],
    );
    expect(files.map((f) => f.filename)).toEqual([
      'commercial-invoice.pdf',
      'labels-a4.pdf',
      'labels-thermal.pdf',
    ]);

    // Paid orders are locked; paying again returns the same payment and books nothing more.
    const locked = await call(t.app, selectService, {
      params: { id: order.id },
      body: { service: 'economy' },
    });
    expect(locked.statusCode).toBe(409);
    expect((await startPayment(t.app, order.id)).paymentId).toBe(session.paymentId);
    await settle(t);
    expect(bookCalls()).toBe(1);
  });
});

describe('the payment step’s tick (Terms accepted, nothing prohibited inside)', () => {
  it('is refused unticked and before the items are declared', async () => {
    const order = await readyOrder(t.app, { acceptTerms: false });
    const unticked = await call(t.app, acceptTerms, {
      params: { id: order.id },
      body: untyped({ accepted: false }),
    });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json()).toMatchObject({
      error: {
        message:
          'Please accept the Terms & Conditions and declare that nothing prohibited is inside.',
      },
    });
    // An edit clears the declaration: the tick is refused until Continue checks it again.
    const itemId = order.parcels[0]!.items[0]!.id;
    const parcelKey = order.parcels[0]!.key;
    const removed = await call(t.app, deleteItem, { params: { id: order.id, parcelKey, itemId } });
    expect(removed.statusCode).toBe(200);
    const undeclared = await call(t.app, acceptTerms, {
      params: { id: order.id },
      body: { accepted: true },
    });
    expect(undeclared.statusCode).toBe(409);
    expect(undeclared.json()).toMatchObject({ error: { code: 'ORDER_INCOMPLETE' } });
  });

  it('a card authorised without the tick is cancelled, never booked; ticked, the next payment books', async () => {
    const order = await readyOrder(t.app, { acceptTerms: false });
    const session = await startPayment(t.app, order.id);
    const refused = await authoriseAndConfirm(order.id, session.clientSecret);
    expect(refused).toMatchObject({
      status: 'draft',
      error: { code: 'TERMS_NOT_ACCEPTED' },
      canRetryPayment: true,
    });
    await expectCancelledNeverBooked(order.id);

    const accepted = await call(t.app, acceptTerms, {
      params: { id: order.id },
      body: { accepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    const again = await payAndSettle(order.id);
    expect(again.session.paymentId).not.toBe(session.paymentId);
    expect(again.status).toMatchObject({ status: 'booked' });
    expect(bookCalls()).toBe(1);
  });
});

describe('a collection date that can no longer be booked', () => {
  /** The order's failure once an authorisation for the lapsed day has been cancelled. */
  const CANCELLED_FOR_THE_DATE = {
    code: 'COLLECTION_DATE_LAPSED',
    message:
      'Your collection date, Tuesday 24 November 2026, can no longer be booked, so we cancelled the payment. You have not been charged. Please choose a new collection date and pay again.',
  };
  const newDate = async (orderId: string) => {
    const dates = await call(t.app, getCollectionDates, { params: { id: orderId } });
    const { earliest } = dates.json();
    const saved = await call(t.app, setCollectionDate, {
      params: { id: orderId },
      body: { date: earliest },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return earliest;
  };

  it('Pay is refused on the collection day with a message; a new date pays and books', async () => {
    const order = await readyOrder(t.app);
    expect(order.collectionDate).toBe('2026-11-24');
    // The customer comes back to /pay on the morning of the day they chose.
    t.clock.set('2026-11-24T08:30:00Z');
    const refused = await call(t.app, startPaymentRoute, { params: { id: order.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'COLLECTION_DATE_LAPSED',
        message:
          'Your collection date, Tuesday 24 November 2026, can no longer be booked. Please choose a new collection date.',
      },
    });
    expect(await paymentRows(order.id)).toHaveLength(0);

    expect(await newDate(order.id)).toBe('2026-11-25');
    expect((await payAndSettle(order.id)).status).toMatchObject({
      status: 'booked',
      receipt: { collectionDate: '2026-11-25' },
    });
    expect(bookCalls()).toBe(1);
  });

  it('an authorisation that arrives after midnight for that day is cancelled, never booked', async () => {
    const order = await readyOrder(t.app);
    const session = await startPayment(t.app, order.id);
    // The card step began before midnight and ends after it: the chosen day is now today.
    t.clock.set('2026-11-24T00:01:00Z');
    const refused = await authoriseAndConfirm(order.id, session.clientSecret);
    expect(refused).toMatchObject({
      status: 'draft',
      result: 'FAILED',
      canRetryPayment: true,
      error: CANCELLED_FOR_THE_DATE,
    });
    await expectCancelledNeverBooked(order.id);
  });

  it('a booking still waiting when the day comes is never sent to the courier; the payment is cancelled', async () => {
    const order = await readyOrder(t.app);
    const session = await startPayment(t.app, order.id);
    expect(await payWithCard(t.app, session.clientSecret, '4242424242424242')).toMatchObject({
      status: 'authorised',
    });
    await confirm(t.app, order.id);
    await sandbox(t).idle();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('authorised');
    // The booking job runs only after midnight: the chosen day is now today.
    t.clock.set('2026-11-24T00:01:00Z');
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({
      status: 'booking_failed',
      result: 'FAILED',
      canRetryPayment: true,
      error: CANCELLED_FOR_THE_DATE,
    });
    await expectCancelledNeverBooked(order.id);
  });
});

describe('cards that do not authorise', () => {
  it('a declined card shows the provider’s message; the order stays payable and a retry succeeds', async () => {
    const order = await readyOrder(t.app);
    const session = await startPayment(t.app, order.id);
    const declined = await payWithCard(t.app, session.clientSecret, '4000 0000 0000 0002');
    expect(declined).toEqual({
      status: 'requires_payment_method',
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    await settle(t);
    const status = await confirm(t.app, order.id);
    expect(status).toMatchObject({
      status: 'draft',
      result: 'pending',
      notCharged: true,
      canRetryPayment: true,
    });
    expect(status.payment?.error?.message).toBe('Your card was declined.');
    expect(bookCalls()).toBe(0);

    const again = await startPayment(t.app, order.id);
    expect(again.paymentId).toBe(session.paymentId);
    expect(await payWithCard(t.app, again.clientSecret, '4242424242424242')).toMatchObject({
      status: 'authorised',
    });
    await confirm(t.app, order.id);
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({ status: 'booked' });
  });

  it('insufficient funds, bad check digits and a past expiry are refused with the provider’s messages', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    expect((await payWithCard(t.app, clientSecret, '4000 0000 0000 9995')).error?.message).toBe(
      'Your card has insufficient funds.',
    );
    expect((await payWithCard(t.app, clientSecret, '4242 4242 4242 4241')).error?.message).toBe(
      'Your card number is invalid.',
    );
    expect(
      (await payWithCard(t.app, clientSecret, '4242 4242 4242 4242', { expiry: '10 / 26' })).error
        ?.message,
    ).toBe("Your card's expiry date is in the past.");
    await settle(t);
    expect(bookCalls()).toBe(0);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('draft');
  });

  it('a card that requires authentication is authorised only after the customer approves', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    expect(await payWithCard(t.app, clientSecret, '4000 0027 6000 3184')).toEqual({
      status: 'requires_action',
      error: null,
    });
    await settle(t);
    expect((await confirm(t.app, order.id)).status).toBe('draft');
    const failed = await call(t.app, sandboxAuthenticate, {
      body: { clientSecret, approve: false },
    });
    expect(failed.json()).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await payWithCard(t.app, clientSecret, '4000 0027 6000 3184')).toMatchObject({
      status: 'requires_action',
    });
    const approved = await call(t.app, sandboxAuthenticate, {
      body: { clientSecret, approve: true },
    });
    expect(approved.json()).toEqual({ status: 'authorised', error: null });
    await confirm(t.app, order.id);
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({
      status: 'booked',
      result: 'SUCCESS',
    });
    expect(bookCalls()).toBe(1);
  });
});

describe('courier failures', () => {
  it('a courier FAIL cancels the authorisation: booking_failed with our sentence; the courier’s words stay with the order', async () => {
    t.courierSimulator!.control({ book: 'fail' });
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, order.id);
    await settle(t);
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({
      status: 'booking_failed',
      result: 'FAILED',
      notCharged: true,
      canRetryPayment: true,
      error: { code: 'COURIER_REJECTED' },
    });
    // The customer reads a sentence written for them; the courier's words are kept for operators.
    expect(status.error?.message).toBe(CHECKOUT_MESSAGES.courierRejected);
    expect(JSON.stringify(status)).not.toMatch(/BookShipment|Simulated/);
    const [stored] = await t.database.query<{ failure_message: string }>(
      'SELECT failure_message FROM orders WHERE id = $1',
      [order.id],
    );
    expect(stored!.failure_message).toMatch(/BookShipment FAIL: Simulated failure/);
    expect(await paymentRows(order.id)).toMatchObject([{ status: 'cancelled', attempt: 1 }]);
    expect(await sandboxRow(await providerId(order.id))).toMatchObject({ status: 'cancelled' });
    expect(bookCalls()).toBe(1);

    // The customer comes back and pays again: a new payment, booked this time.
    t.courierSimulator!.control({ book: 'normal' });
    const retry = await startPayment(t.app, order.id);
    expect(retry.clientSecret).not.toBe(clientSecret);
    await payWithCard(t.app, retry.clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, order.id);
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({
      status: 'booked',
      notCharged: false,
    });
    expect(await paymentRows(order.id)).toMatchObject([
      { status: 'cancelled', attempt: 1 },
      { status: 'captured', attempt: 2 },
    ]);
  });

  it('a BookShipment timeout the courier cannot settle (its look-up refused) is needs_attention, never booked again by itself', async () => {
    t.courierSimulator!.control({ book: 'hang', find: 'fail' });
    const order = await confirmedOrder();
    // The booking job runs on a worker whose courier client gives up on BookShipment after
    // 300 ms rather than the test app's 5 s: the simulator never answers, so only the client's
    // own timeout ends the call either way.
    const worker = await anotherProcess(t, 300);
    try {
      await worker.services.jobs.drain();
    } finally {
      await worker.close();
    }
    expect(bookCalls()).toBe(1);
    await settle(t);
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({
      status: 'needs_attention',
      result: 'FAILED',
      notCharged: false,
      canRetryPayment: false,
      error: { code: 'BOOKING_OUTCOME_UNKNOWN' },
    });
    // The authorisation is held for an operator: neither captured nor cancelled.
    expect(await paymentRows(order.id)).toMatchObject([{ status: 'authorised' }]);
    t.courierSimulator!.control({ book: 'normal' });
    t.clock.set('2026-11-23T12:00:00Z');
    await settle(t);
    expect(bookCalls()).toBe(1);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('needs_attention');
  });
});

describe('webhooks', () => {
  it('a duplicate and an out-of-order event change nothing; the booking happens once', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    await payWithCard(t.app, clientSecret, '4000 0000 0000 0002');
    const id = await providerId(order.id);
    // A late "failed" event kept for replay after the card was authorised.
    const lateFailure = await sandbox(t).eventFor(id, 'payment.failed');
    await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    await sandbox(t).idle();

    const authorised = await sandbox(t).eventFor(id, 'payment.authorised', 'evt_dup_1');
    expect((await webhook(authorised.body, authorised.signature)).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await webhook(authorised.body, authorised.signature)).json()).toMatchObject({
      outcome: 'duplicate',
    });
    const another = await sandbox(t).eventFor(id, 'payment.authorised');
    expect((await webhook(another.body, another.signature)).json()).toMatchObject({
      outcome: 'ignored',
    });
    expect((await webhook(lateFailure.body, lateFailure.signature)).json()).toMatchObject({
      outcome: 'ignored',
    });
    await settle(t);
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({ status: 'booked' });
    // A captured event replayed before the one that said authorised: still captured.
    const captured = await sandbox(t).eventFor(id, 'payment.captured');
    await webhook(captured.body, captured.signature);
    await webhook(
      authorised.body.replace('evt_dup_1', 'evt_dup_2'),
      sandbox(t).sign(authorised.body.replace('evt_dup_1', 'evt_dup_2')),
    );
    expect(await paymentRows(order.id)).toMatchObject([{ status: 'captured' }]);
    expect(bookCalls()).toBe(1);
    const jobsCount = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE key LIKE $1`,
      [`book-shipment:${order.id}:%`],
    );
    expect(jobsCount[0]!.n).toBe(1);
  });

  it('a webhook with a bad signature is rejected and changes nothing', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    const id = await providerId(order.id);
    // The sandbox forgets nothing: it is authorised at the provider, but no event arrives.
    sandbox(t).connect(undefined);
    try {
      await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    } finally {
      sandbox(t).connect(async (body, signature) => (await webhook(body, signature)).statusCode);
    }
    const event = await sandbox(t).eventFor(id, 'payment.authorised');
    // Change the signature's first digit to another one (replacing it with '0' left one in
    // sixteen signatures unchanged, and then the "forgery" was rightly accepted).
    const forged = await webhook(
      event.body,
      event.signature.replace(/v1=(.)/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'SIGNATURE_INVALID' } });
    const unsigned = await call(t.app, paymentWebhook, {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(event.body),
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await webhook(
      event.body.replace('"authorised"', '"captured"'),
      event.signature,
    );
    expect(tampered.statusCode).toBe(400);
    await jobs().drain();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('draft');
    expect(await paymentRows(order.id)).toMatchObject([{ status: 'requires_payment_method' }]);
    const events = await t.database.query('SELECT 1 FROM payment_events WHERE event_id = $1', [
      JSON.parse(event.body).id,
    ]);
    expect(events).toEqual([]);
    // The genuine event books it.
    expect((await webhook(event.body, event.signature)).statusCode).toBe(200);
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
  });
});

describe('exactly once', () => {
  it('two concurrent Pay requests make one payment; a double-clicked card step authorises once', async () => {
    const order = await readyOrder(t.app);
    const [a, b] = await Promise.all([
      startPayment(t.app, order.id),
      startPayment(t.app, order.id),
    ]);
    expect(a.paymentId).toBe(b.paymentId);
    expect(a.clientSecret).toBe(b.clientSecret);
    const sandboxCount = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sandbox_payments WHERE metadata->>'orderId' = $1`,
      [order.id],
    );
    expect(sandboxCount[0]!.n).toBe(1);
    await Promise.all([
      payWithCard(t.app, a.clientSecret, '4242 4242 4242 4242'),
      payWithCard(t.app, a.clientSecret, '4242 4242 4242 4242'),
    ]);
    await Promise.all([confirm(t.app, order.id), confirm(t.app, order.id)]);
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect(bookCalls()).toBe(1);
  });

  it('a tampered amount is ignored; an authorisation for another amount is cancelled, never booked', async () => {
    const order = await readyOrder(t.app);
    const session = await startPayment(t.app, order.id, { amountPence: 1, amount: 1 });
    expect(session.amountPence).toBe(order.pricePence);
    const id = await providerId(order.id);
    // The amount at the provider no longer matches the order (e.g. a tampered request).
    await t.database.query('UPDATE sandbox_payments SET amount_pence = 1 WHERE id = $1', [id]);
    await payWithCard(t.app, session.clientSecret, '4242 4242 4242 4242');
    await confirm(t.app, order.id);
    await settle(t);
    const status = await checkoutStatus(t.app, order.id);
    expect(status).toMatchObject({
      status: 'draft',
      notCharged: true,
      canRetryPayment: true,
      error: { code: 'AMOUNT_MISMATCH' },
    });
    expect(await paymentRows(order.id)).toMatchObject([{ status: 'cancelled' }]);
    expect(await sandboxRow(id)).toMatchObject({ status: 'cancelled' });
    expect(bookCalls()).toBe(0);
  });

  it('a restart between authorisation and booking: the next process books it, once', async () => {
    const order = await confirmedOrder();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('authorised');

    // "The process dies": a new app (new job worker, new sandbox) on the same database.
    const second = await anotherProcess(t, 2_000);
    // The same customer's browser asks the new process.
    actAsOneBrowser(second);
    try {
      await second.services.jobs.drain();
      expect((await checkoutStatus(second, order.id)).status).toBe('booked');
      // The first process's worker finds nothing left to do.
      await jobs().drain();
      expect(bookCalls()).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('an authorisation whose event and confirm call were both lost is picked up by the next Pay', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    sandbox(t).connect(undefined);
    try {
      await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    } finally {
      sandbox(t).connect(async (body, signature) => (await webhook(body, signature)).statusCode);
    }
    expect((await checkoutStatus(t.app, order.id)).status).toBe('draft');
    // The customer comes back to /pay.
    expect((await startPayment(t.app, order.id)).status).toBe('authorised');
    await settle(t);
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
    expect(bookCalls()).toBe(1);
  });

  it('a worker that died during BookShipment, the courier refusing the look-up: needs_attention, not a second booking', async () => {
    t.courierSimulator!.control({ find: 'fail' });
    const order = await confirmedOrder();
    // As left by a process killed mid-call: the order marked in flight, the job's lease held.
    await t.database.query(`UPDATE orders SET status = 'booking' WHERE id = $1`, [order.id]);
    await t.database.query(
      `UPDATE jobs SET status = 'running', locked_until = $2 WHERE key LIKE $1`,
      [`book-shipment:${order.id}:%`, new Date('2026-11-23T10:05:00Z')],
    );
    await jobs().drain();
    expect((await checkoutStatus(t.app, order.id)).status).toBe('booking');
    t.clock.set('2026-11-23T10:06:00Z');
    await jobs().drain();
    expect(await checkoutStatus(t.app, order.id)).toMatchObject({
      status: 'needs_attention',
      error: { code: 'BOOKING_OUTCOME_UNKNOWN' },
    });
    expect(bookCalls()).toBe(0);
  });

  it('two processes’ workers running at once book once', async () => {
    const order = await confirmedOrder();
    const second = await anotherProcess(t, 2_000);
    try {
      await Promise.all([second.services.jobs.drain(), jobs().drain()]);
      await settle(t);
      expect((await checkoutStatus(t.app, order.id)).status).toBe('booked');
      expect(bookCalls()).toBe(1);
      expect(await paymentRows(order.id)).toMatchObject([{ status: 'captured' }]);
    } finally {
      await second.close();
    }
  });
});

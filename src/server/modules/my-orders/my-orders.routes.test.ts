import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TestBrowser } from '../../../../tests/support/browser-session.js';
import { legacyUnverifiedAccount, signUpAndConfirm } from '../../../../tests/support/sign-up.js';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts.js';
import type { AccountOrder, AccountOrderDetails } from '../../../domain/api/my-orders.js';
import { ORDER_NOT_FOUND } from '../../../domain/order.js';

import { BOOKING_LINK_LIMITS } from './my-orders.service.js';

import { bookedOrder } from '../../../../tests/support/factories/payments.js';
import { COLLECTION_ADDRESS, newOrder } from '../../../../tests/support/factories/orders.js';
import { ok } from '../../../../tests/support/call.js';
import { saveAddress } from '../../../domain/api/booking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'correct horse battery';
let counter = 0;
const uniqueEmail = (name = 'ada') => `${name}.${++counter}.${Date.now()}@example.com`;

/** Signs up through the emailed link, in this browser (the email is then verified). */
async function signUp(browser: TestBrowser, email = uniqueEmail(), name = 'Ada') {
  await signUpAndConfirm(t, browser, { name, email, password });
  return email;
}

/** Opens the verification link emailed to the address, in this browser. */
async function verify(browser: TestBrowser, email: string) {
  const [mail] = await t.database.query<{ text_body: string }>(
    `SELECT text_body FROM mail WHERE kind = 'verify-email' AND to_address = $1
     ORDER BY created_at DESC, id LIMIT 1`,
    [email],
  );
  const token = /\/account\/verify-email\?token=([^\s]+)/.exec(mail!.text_body)?.[1];
  const res = await browser.post('/api/v1/account/email-verifications', {
    token: decodeURIComponent(token!),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().user.emailVerified).toBe(true);
}

/** A draft quoted in this browser, its collection address booked with `email`. */
async function draftIn(browser: TestBrowser, email: string) {
  const order = await newOrder(browser, { quote: { smallBoxes: 2, largeBoxes: 1 } });
  await ok(browser, saveAddress, {
    params: { id: order.id, role: 'collection' },
    body: { ...COLLECTION_ADDRESS, email },
  });
  return order;
}

async function listed(browser: TestBrowser): Promise<AccountOrder[]> {
  const res = await browser.get('/api/v1/account/orders');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { orders: AccountOrder[] }).orders;
}

function expectNotFound(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  expect((res.json() as { error: unknown }).error).toEqual(ORDER_NOT_FOUND);
}

describe("the account's orders", () => {
  it('answers 401 to anyone not signed in', async () => {
    const guest = new TestBrowser(t.app);
    const { reference } = await draftIn(guest, uniqueEmail());
    for (const url of ['/api/v1/account/orders', `/api/v1/account/orders/${reference}`]) {
      const res = await guest.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('SIGNED_OUT');
    }
  });

  it("lists the account's orders, newest first, each opening by its reference; another account gets 404", async () => {
    const browser = new TestBrowser(t.app);
    await signUp(browser);
    const first = await draftIn(browser, uniqueEmail());
    t.clock.set('2026-11-23T10:01:00Z');
    const second = await draftIn(browser, uniqueEmail()).finally(() =>
      t.clock.set('2026-11-23T10:00:00Z'),
    );
    const orders = await listed(browser);
    expect(orders.map((o) => o.reference)).toEqual([second.reference, first.reference]);
    expect(orders[0]).toMatchObject({
      id: second.id,
      status: 'draft',
      inProgress: true,
      totalBoxes: 3,
      destination: { title: 'France', countryCode: 'FR' },
    });

    const details = await browser.get(`/api/v1/account/orders/${first.reference}`);
    expect(details.statusCode).toBe(200);
    const body = details.json() as AccountOrderDetails;
    expect(body.order.id).toBe(first.id);
    expect(body.checkout).toMatchObject({ reference: first.reference, result: 'pending' });
    // The reference is read as the customer may type it.
    expect(
      (await browser.get(`/api/v1/account/orders/${first.reference.toLowerCase()}`)).statusCode,
    ).toBe(200);

    const other = new TestBrowser(t.app);
    await signUp(other, uniqueEmail('eve'), 'Eve');
    expect(await listed(other)).toEqual([]);
    expectNotFound(await other.get(`/api/v1/account/orders/${first.reference}`));
    expectNotFound(await browser.get('/api/v1/account/orders/BA-NOSUCH00'));
  });

  it("lists guest orders booked with the account's email only once it is verified", async () => {
    const email = uniqueEmail('guest');
    const guest = new TestBrowser(t.app);
    const order = await draftIn(guest, email.toUpperCase());

    // An account made before sign-up by link: signed in, its email not verified yet.
    const account = new TestBrowser(t.app);
    await legacyUnverifiedAccount(t, account, { name: 'Ada', email, password });
    expect(await listed(account)).toEqual([]);
    expectNotFound(await account.get(`/api/v1/account/orders/${order.reference}`));

    await verify(account, email);
    expect((await listed(account)).map((o) => o.reference)).toEqual([order.reference]);
    expect((await account.get(`/api/v1/account/orders/${order.reference}`)).statusCode).toBe(200);
    expect((await account.get(`/api/v1/orders/${order.id}`)).statusCode).toBe(200);

    // Once another account owns it, it is that account's alone.
    const owner = new TestBrowser(t.app);
    owner.cookies.set(...([...guest.cookies][0] as [string, string]));
    await signUp(owner, uniqueEmail('owner'), 'Owner');
    expect((await listed(owner)).map((o) => o.reference)).toEqual([order.reference]);
    expect(await listed(account)).toEqual([]);
    expectNotFound(await account.get(`/api/v1/account/orders/${order.reference}`));
  });

  it('shows a booked order with its labels, documents and tracking', async () => {
    // readyOrder books with the collection email ada@example.com, in the default browser.
    const { order } = await bookedOrder(t);

    const account = new TestBrowser(t.app);
    await signUp(account, 'ada@example.com'); // verified by its sign-up link
    const [row] = (await listed(account)).filter((o) => o.reference === order.reference);
    expect(row).toMatchObject({
      status: 'booked',
      inProgress: false,
      pricePence: order.pricePence,
    });
    const details = (
      await account.get(`/api/v1/account/orders/${order.reference}`)
    ).json() as AccountOrderDetails;
    expect(details.checkout.result).toBe('SUCCESS');
    expect(details.checkout.trackingUrl).toMatch(/^https?:\/\//);
    expect(details.checkout.documents.some((d) => d.kind === 'label')).toBe(true);
    const label = await account.get(details.checkout.documents[0]!.url);
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Manage my booking', () => {
  async function linkMails(email: string) {
    return t.database.query<{ text_body: string; subject: string }>(
      `SELECT text_body, subject FROM mail WHERE kind = 'order-link' AND lower(to_address) = lower($1)
       ORDER BY created_at DESC, id`,
      [email],
    );
  }
  const tokenOf = (text: string) => /\/manage-booking\?token=([^\s]+)/.exec(text)?.[1] ?? '';

  it('emails a single-use link only when the reference and email match, with the same answer', async () => {
    const email = uniqueEmail('manage');
    const owner = new TestBrowser(t.app);
    const order = await draftIn(owner, email);
    const asker = new TestBrowser(t.app);

    const wrong = await asker.post('/api/v1/booking-links', {
      reference: order.reference,
      email: uniqueEmail('eve'),
    });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.manageSent });
    const unknown = await asker.post('/api/v1/booking-links', {
      reference: 'BA-NOSUCH00',
      email,
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await linkMails(email)).toEqual([]);

    const right = await asker.post('/api/v1/booking-links', {
      reference: ` ${order.reference.toLowerCase()} `,
      email: email.toUpperCase(),
    });
    expect(right.statusCode).toBe(202);
    expect(right.json()).toEqual(wrong.json());
    const [mail] = await linkMails(email);
    expect(mail?.subject).toContain(order.reference);
    const token = tokenOf(mail!.text_body);
    expect(token).not.toBe('');

    // Before the link is used, the asker's browser cannot open the order.
    expectNotFound(await asker.get(`/api/v1/orders/${order.id}`));
    const opened = await asker.put('/api/v1/booking-links', { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ orderId: order.id, reference: order.reference });
    expect((await asker.get(`/api/v1/orders/${order.id}`)).statusCode).toBe(200);
    expect((await asker.get(`/api/v1/orders/${order.id}/checkout`)).statusCode).toBe(200);

    // Once only.
    const again = await new TestBrowser(t.app).put('/api/v1/booking-links', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('BOOKING_LINK_INVALID');
    expect(
      (await new TestBrowser(t.app).put('/api/v1/booking-links', { token: 'made-up' })).statusCode,
    ).toBe(410);
  });

  it('a link stops working after an hour', async () => {
    const email = uniqueEmail('late');
    const order = await draftIn(new TestBrowser(t.app), email);
    await new TestBrowser(t.app).post('/api/v1/booking-links', {
      reference: order.reference,
      email,
    });
    const [mail] = await linkMails(email);
    t.clock.set('2026-11-23T11:00:01Z');
    onTestFinished(() => t.clock.set('2026-11-23T10:00:00Z'));
    const late = new TestBrowser(t.app);
    expect(
      (await late.put('/api/v1/booking-links', { token: tokenOf(mail!.text_body) })).statusCode,
    ).toBe(410);
    expectNotFound(await late.get(`/api/v1/orders/${order.id}`));
  });

  it('a signed-in customer who opens the link gets the order in their account', async () => {
    const email = uniqueEmail('claim');
    const order = await draftIn(new TestBrowser(t.app), email);
    await new TestBrowser(t.app).post('/api/v1/booking-links', {
      reference: order.reference,
      email,
    });
    const [mail] = await linkMails(email);
    const account = new TestBrowser(t.app);
    await signUp(account, uniqueEmail('claimer'));
    expect(
      (await account.put('/api/v1/booking-links', { token: tokenOf(mail!.text_body) })).statusCode,
    ).toBe(200);
    expect((await listed(account)).map((o) => o.reference)).toEqual([order.reference]);
  });

  it('limits requests per reference with 429 and Retry-After, and checks the input', async () => {
    const email = uniqueEmail('limit');
    const order = await draftIn(new TestBrowser(t.app), email);
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < BOOKING_LINK_LIMITS.perReference.max; i += 1) {
      expect(
        (await browser.post('/api/v1/booking-links', { reference: order.reference, email }))
          .statusCode,
      ).toBe(202);
    }
    const limited = await browser.post('/api/v1/booking-links', {
      reference: order.reference,
      email,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(/^Too many attempts — try again in \d+ minutes?$/);

    const invalid = await browser.post('/api/v1/booking-links', { reference: '', email: 'nope' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.fields).toMatchObject({
      reference: 'Please enter your order reference',
      email: 'Please enter a valid email address',
    });
  });

  it('refuses a cross-site request', async () => {
    const res = await new TestBrowser(t.app, 'https://evil.example').post('/api/v1/booking-links', {
      reference: 'BA-00000000',
      email: 'a@example.com',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('booking links per address', () => {
  it('are limited per client address on both routes, whatever the reference', async () => {
    const limited = await createTestApp({
      rateLimits: { bookingLinks: { max: 2, windowSeconds: 900 } },
    });
    onTestFinished(() => limited.close());
    const from = { remoteAddress: '203.0.113.40' };
    const ask = (reference: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/booking-links',
        payload: { reference, email: 'someone@example.com' },
        ...from,
      });
    expect((await ask('BA-AAAAAAA1')).statusCode).toBe(202);
    const open = await limited.app.inject({
      method: 'PUT',
      url: '/api/v1/booking-links',
      payload: { token: 'not-a-link' },
      ...from,
    });
    expect(open.statusCode).toBe(410);
    const refused = await ask('BA-AAAAAAA2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    // Another address is not affected.
    expect(
      (
        await limited.app.inject({
          method: 'POST',
          url: '/api/v1/booking-links',
          payload: { reference: 'BA-AAAAAAA3', email: 'someone@example.com' },
          remoteAddress: '203.0.113.41',
        })
      ).statusCode,
    ).toBe(202);
  });
});

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { legacyUnverifiedAccount } from '#tests/support/sign-up.js';
import { createTestApp, type TestApp } from '#tests/support/test-app.js';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { verifyEmail } from '#src/domain/api/accounts.js';
import { getCheckoutStatus } from '#src/domain/api/checkout.js';
import {
  getAccountOrder,
  listAccountOrders,
  openBookingLink,
  requestBookingLink,
  type AccountOrder,
} from '#src/domain/api/my-orders.js';
import { getOrder } from '#src/domain/api/orders.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';

import { BOOKING_LINK_LIMITS } from './my-orders.service.js';

import { bookedOrder } from '#tests/support/factories/payments.js';
import { COLLECTION_ADDRESS, newOrder } from '#tests/support/factories/orders.js';
import { call, ok } from '#tests/support/call.js';
import { customer, uniqueEmail } from '#tests/support/factories/accounts.js';
import { saveAddress } from '#src/domain/api/booking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'correct horse battery';

/** Opens the verification link emailed to the address, in this browser. */
async function verify(browser: TestBrowser, email: string) {
  const [mail] = await t.database.query<{ text_body: string }>(
    `SELECT text_body FROM mail WHERE kind = 'verify-email' AND to_address = $1
     ORDER BY created_at DESC, id LIMIT 1`,
    [email],
  );
  const token = /\/account\/verify-email\?token=([^\s]+)/.exec(mail!.text_body)?.[1];
  const res = await call(browser, verifyEmail, { body: { token: decodeURIComponent(token!) } });
  expect(res.statusCode).toBe(200);
  expect(res.json().user!.emailVerified).toBe(true);
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
  const res = await call(browser, listAccountOrders);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().orders;
}

function expectNotFound(res: { statusCode: number; json<T>(): T }) {
  expect(res.statusCode).toBe(404);
  expect(res.json<ApiErrorBody>().error).toEqual(ORDER_NOT_FOUND);
}

describe("the account's orders", () => {
  it('answers 401 to anyone not signed in', async () => {
    const guest = new TestBrowser(t.app);
    const { reference } = await draftIn(guest, uniqueEmail('ada'));
    for (const res of [
      await call(guest, listAccountOrders),
      await call(guest, getAccountOrder, { params: { reference } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiErrorBody>().error.code).toBe('SIGNED_OUT');
    }
  });

  it("lists the account's orders, newest first, each opening by its reference; another account gets 404", async () => {
    const browser = new TestBrowser(t.app);
    await customer(t, { browser, name: 'Ada' });
    const first = await draftIn(browser, uniqueEmail('ada'));
    t.clock.set('2026-11-23T10:01:00Z');
    const second = await draftIn(browser, uniqueEmail('ada')).finally(() =>
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

    const details = await call(browser, getAccountOrder, {
      params: { reference: first.reference },
    });
    expect(details.statusCode).toBe(200);
    const body = details.json();
    expect(body.order.id).toBe(first.id);
    expect(body.checkout).toMatchObject({ reference: first.reference, result: 'pending' });
    // The reference is read as the customer may type it.
    expect(
      (
        await call(browser, getAccountOrder, {
          params: { reference: first.reference.toLowerCase() },
        })
      ).statusCode,
    ).toBe(200);

    const other = new TestBrowser(t.app);
    await customer(t, { browser: other, email: uniqueEmail('eve'), name: 'Eve' });
    expect(await listed(other)).toEqual([]);
    expectNotFound(await call(other, getAccountOrder, { params: { reference: first.reference } }));
    expectNotFound(await call(browser, getAccountOrder, { params: { reference: 'BA-NOSUCH00' } }));
  });

  it("lists guest orders booked with the account's email only once it is verified", async () => {
    const email = uniqueEmail('guest');
    const guest = new TestBrowser(t.app);
    const order = await draftIn(guest, email.toUpperCase());

    // An account made before sign-up by link: signed in, its email not verified yet.
    const account = new TestBrowser(t.app);
    await legacyUnverifiedAccount(t, account, { name: 'Ada', email, password });
    expect(await listed(account)).toEqual([]);
    expectNotFound(
      await call(account, getAccountOrder, { params: { reference: order.reference } }),
    );

    await verify(account, email);
    expect((await listed(account)).map((o) => o.reference)).toEqual([order.reference]);
    expect(
      (await call(account, getAccountOrder, { params: { reference: order.reference } })).statusCode,
    ).toBe(200);
    expect((await call(account, getOrder, { params: { id: order.id } })).statusCode).toBe(200);

    // Once another account owns it, it is that account's alone.
    const owner = new TestBrowser(t.app);
    owner.cookies.set(...([...guest.cookies][0] as [string, string]));
    await customer(t, { browser: owner, email: uniqueEmail('owner'), name: 'Owner' });
    expect((await listed(owner)).map((o) => o.reference)).toEqual([order.reference]);
    expect(await listed(account)).toEqual([]);
    expectNotFound(
      await call(account, getAccountOrder, { params: { reference: order.reference } }),
    );
  });

  it('shows a booked order with its labels, documents and tracking', async () => {
    // readyOrder books with the collection email ada@example.com, in the default browser.
    const { order } = await bookedOrder(t);

    const account = new TestBrowser(t.app);
    await customer(t, { browser: account, email: 'ada@example.com', name: 'Ada' }); // verified by its sign-up link
    const [row] = (await listed(account)).filter((o) => o.reference === order.reference);
    expect(row).toMatchObject({
      status: 'booked',
      inProgress: false,
      pricePence: order.pricePence,
    });
    const details = (
      await call(account, getAccountOrder, { params: { reference: order.reference } })
    ).json();
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
  /** A draft of `email`'s, a link to it asked for from another browser, and that link's token. */
  async function linkedDraft(name: string) {
    const email = uniqueEmail(name);
    const order = await draftIn(new TestBrowser(t.app), email);
    await call(new TestBrowser(t.app), requestBookingLink, {
      body: { reference: order.reference, email },
    });
    const [mail] = await linkMails(email);
    return { order, token: tokenOf(mail!.text_body) };
  }

  it('emails a single-use link only when the reference and email match, with the same answer', async () => {
    const email = uniqueEmail('manage');
    const owner = new TestBrowser(t.app);
    const order = await draftIn(owner, email);
    const asker = new TestBrowser(t.app);

    const wrong = await call(asker, requestBookingLink, {
      body: {
        reference: order.reference,
        email: uniqueEmail('eve'),
      },
    });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.manageSent });
    const unknown = await call(asker, requestBookingLink, {
      body: {
        reference: 'BA-NOSUCH00',
        email,
      },
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await linkMails(email)).toEqual([]);

    const right = await call(asker, requestBookingLink, {
      body: { reference: ` ${order.reference.toLowerCase()} `, email: email.toUpperCase() },
    });
    expect(right.statusCode).toBe(202);
    expect(right.json()).toEqual(wrong.json());
    const [mail] = await linkMails(email);
    expect(mail?.subject).toContain(order.reference);
    const token = tokenOf(mail!.text_body);
    expect(token).not.toBe('');

    // Before the link is used, the asker's browser cannot open the order.
    expectNotFound(await call(asker, getOrder, { params: { id: order.id } }));
    const opened = await call(asker, openBookingLink, { body: { token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ orderId: order.id, reference: order.reference });
    expect((await call(asker, getOrder, { params: { id: order.id } })).statusCode).toBe(200);
    expect((await call(asker, getCheckoutStatus, { params: { id: order.id } })).statusCode).toBe(
      200,
    );

    // Once only.
    const again = await call(new TestBrowser(t.app), openBookingLink, { body: { token } });
    expect(again.statusCode).toBe(410);
    expect(again.json<ApiErrorBody>().error.code).toBe('BOOKING_LINK_INVALID');
    expect(
      (await call(new TestBrowser(t.app), openBookingLink, { body: { token: 'made-up' } }))
        .statusCode,
    ).toBe(410);
  });

  it('a link stops working after an hour', async () => {
    const { order, token } = await linkedDraft('late');
    t.clock.set('2026-11-23T11:00:01Z');
    onTestFinished(() => t.clock.set('2026-11-23T10:00:00Z'));
    const late = new TestBrowser(t.app);
    expect((await call(late, openBookingLink, { body: { token } })).statusCode).toBe(410);
    expectNotFound(await call(late, getOrder, { params: { id: order.id } }));
  });

  it('a signed-in customer who opens the link gets the order in their account', async () => {
    const { order, token } = await linkedDraft('claim');
    const account = new TestBrowser(t.app);
    await customer(t, { browser: account, email: uniqueEmail('claimer'), name: 'Ada' });
    expect((await call(account, openBookingLink, { body: { token } })).statusCode).toBe(200);
    expect((await listed(account)).map((o) => o.reference)).toEqual([order.reference]);
  });

  it('limits requests per reference with 429 and Retry-After, and checks the input', async () => {
    const email = uniqueEmail('limit');
    const order = await draftIn(new TestBrowser(t.app), email);
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < BOOKING_LINK_LIMITS.perReference.max; i += 1) {
      expect(
        (await call(browser, requestBookingLink, { body: { reference: order.reference, email } }))
          .statusCode,
      ).toBe(202);
    }
    const limited = await call(browser, requestBookingLink, {
      body: {
        reference: order.reference,
        email,
      },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<ApiErrorBody>().error.message).toMatch(
      /^Too many attempts — try again in \d+ minutes?$/,
    );

    const invalid = await call(browser, requestBookingLink, {
      body: { reference: '', email: 'nope' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<ApiErrorBody>().error.fields).toMatchObject({
      reference: 'Please enter your order reference',
      email: 'Please enter a valid email address',
    });
  });

  it('refuses a cross-site request', async () => {
    const res = await call(new TestBrowser(t.app, 'https://evil.example'), requestBookingLink, {
      body: { reference: 'BA-00000000', email: 'a@example.com' },
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
      call(limited.app, requestBookingLink, {
        body: { reference, email: 'someone@example.com' },
        ...from,
      });
    expect((await ask('BA-AAAAAAA1')).statusCode).toBe(202);
    const open = await call(limited.app, openBookingLink, {
      body: { token: 'not-a-link' },
      ...from,
    });
    expect(open.statusCode).toBe(410);
    const refused = await ask('BA-AAAAAAA2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    // Another address is not affected.
    expect(
      (
        await call(limited.app, requestBookingLink, {
          body: { reference: 'BA-AAAAAAA3', email: 'someone@example.com' },
          remoteAddress: '203.0.113.41',
        })
      ).statusCode,
    ).toBe(202);
  });
});

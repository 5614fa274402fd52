import { describe, expect, it } from 'vitest';

import { TestBrowser } from '#tests/support/browser-session.js';
import { createTestApp, useTestApp, defaultBrowserCookie } from '#tests/support/test-app.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';
import { GUEST_COOKIE } from './order-access.js';
import { customer } from '#tests/support/factories/accounts.js';

import { bookedOrder } from '#tests/support/factories/payments.js';
import { DELIVERY_ADDRESS, quoteBody } from '#tests/support/factories/orders.js';
import { call, untyped } from '#tests/support/call.js';
import { createOrder, getOrder, selectService } from '#src/domain/api/orders.js';
import { getCollectionDates, saveAddress } from '#src/domain/api/booking.js';
import { addItem } from '#src/domain/api/declaration.js';
import { getCheckoutStatus, startPayment } from '#src/domain/api/checkout.js';
import { signIn as signInRoute, signOut } from '#src/domain/api/session.js';

const t = useTestApp();

const QUOTE = quoteBody();

async function quoteIn(browser: TestBrowser): Promise<string> {
  const res = await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

function expectNotFound(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  expect((res.json() as { error: unknown }).error).toEqual(ORDER_NOT_FOUND);
}

describe('orders belong to the browser that made them', () => {
  it('sets an HttpOnly SameSite=Lax guest cookie at the first quote, and keeps it after', async () => {
    const browser = new TestBrowser(t.app);
    const first = await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } });
    const cookie = String(first.headers['set-cookie']);
    // Server-issued: a random part and its signature (decision 078).
    expect(cookie).toMatch(new RegExp(`^${GUEST_COOKIE}=[A-Za-z0-9_-]{32}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const second = await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } });
    expect(second.headers['set-cookie']).toBeUndefined();
    // Both drafts stay open to this browser: a new quote takes nothing away.
    expect(
      (await call(browser, getOrder, { params: { id: (first.json() as { id: string }).id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(browser, getOrder, { params: { id: (second.json() as { id: string }).id } }))
        .statusCode,
    ).toBe(200);
  });

  it('another browser gets 404 for the order, its steps and its items, and changes nothing', async () => {
    const owner = new TestBrowser(t.app);
    const id = await quoteIn(owner);
    const stranger = new TestBrowser(t.app);
    await quoteIn(stranger); // a stranger with a guest session of their own
    const params = { id };
    expectNotFound(await call(stranger, getOrder, { params }));
    expectNotFound(await call(stranger, getCollectionDates, { params }));
    expectNotFound(await call(stranger, selectService, { params, body: { service: 'economy' } }));
    expectNotFound(
      await call(stranger, saveAddress, {
        params: { id, role: 'delivery' },
        body: DELIVERY_ADDRESS,
      }),
    );
    expectNotFound(
      await call(stranger, addItem, {
        params: { id, parcelKey: 'small-1' },
        body: {
          name: 'Books',
          commodityCode: '49010000',
          numberOfUnits: 1,
          unitValue: 1,
          unitWeight: 1,
        },
      }),
    );
    expectNotFound(await call(stranger, startPayment, { params }));
    expectNotFound(await call(stranger, getCheckoutStatus, { params }));
    // Without any cookie at all.
    expectNotFound(await call(new TestBrowser(t.app), getOrder, { params }));

    const order = (await call(owner, getOrder, { params })).json();
    expect(order.selectedService).toBe('express');
    expect(order.collectionAddress).toBeNull();
    expect(order.parcels[0]?.items).toEqual([]);
  });

  it('labels and documents of a booked order are 404 to anyone else, even with their URL', async () => {
    const { status } = await bookedOrder(t);
    const url = status.documents[0]!.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expectNotFound(await new TestBrowser(t.app).get(url));
  });
});

describe('accounts own their orders', () => {
  it('a draft made before signing in belongs to the account afterwards, on any device', async () => {
    const browser = new TestBrowser(t.app);
    const id = await quoteIn(browser);
    const { email, password } = await customer(t, { browser, name: 'Ada' });

    const laptop = new TestBrowser(t.app);
    expect((await call(laptop, signInRoute, { body: { email, password } })).statusCode).toBe(200);
    expect((await call(laptop, getOrder, { params: { id } })).statusCode).toBe(200);

    // Another customer, signed in, gets 404.
    const other = new TestBrowser(t.app);
    await customer(t, { browser: other, name: 'Eve' });
    expectNotFound(await call(other, getOrder, { params: { id } }));

    // Signed out, the laptop no longer opens it (it never held the guest session).
    await call(laptop, signOut);
    expectNotFound(await call(laptop, getOrder, { params: { id } }));
  });

  it('a quote made while signed in belongs to the account', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await customer(t, { browser, name: 'Ada' });
    const id = await quoteIn(browser);
    const [row] = await t.database.query<{ email: string }>(
      `SELECT u.email FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
      [id],
    );
    expect(row?.email).toBe(email);
  });
});

/** The guest cookie a browser holds now. */
const guestOf = (browser: TestBrowser) => browser.cookies.get(GUEST_COOKIE);

/** A fresh browser that sends only this guest cookie value. */
function replaying(value: string | undefined): TestBrowser {
  const browser = new TestBrowser(t.app);
  if (value) browser.cookies.set(GUEST_COOKIE, value);
  return browser;
}

describe('the guest session is the server’s, and is replaced at sign-in and sign-out', () => {
  it('ignores and replaces a guest cookie the server never issued', async () => {
    for (const forged of [
      'the-tests-default-browser-000001',
      `${'a'.repeat(32)}.${'b'.repeat(43)}`,
      `${guestOf(
        await (async () => {
          const b = new TestBrowser(t.app);
          await quoteIn(b);
          return b;
        })(),
      )!.slice(0, 33)}${'c'.repeat(43)}`, // a real random part, a forged signature
    ]) {
      const browser = replaying(forged);
      const res = await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } });
      expect(res.statusCode).toBe(201);
      const issued = guestOf(browser);
      expect(issued).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);
      expect(issued).not.toBe(forged);
      const id = (res.json() as { id: string }).id;
      expectNotFound(await call(replaying(forged), getOrder, { params: { id } }));
      expect((await call(browser, getOrder, { params: { id } })).statusCode).toBe(200);
    }
  });

  it('sign-in replaces it: the draft is the account’s, the old value opens nothing', async () => {
    const { email, password } = await customer(t, { name: 'Ada' });
    const browser = new TestBrowser(t.app);
    const id = await quoteIn(browser);
    const before = guestOf(browser);
    const signIn = await call(browser, signInRoute, { body: { email, password } });
    expect(signIn.statusCode).toBe(200);
    expect(String(signIn.headers['set-cookie'])).toContain(`${GUEST_COOKIE}=`);
    expect(guestOf(browser)).not.toBe(before);
    expect((await call(browser, getOrder, { params: { id } })).statusCode).toBe(200);
    expectNotFound(await call(replaying(before), getOrder, { params: { id } }));
  });

  it('after sign-out nothing of the account’s or the browser’s earlier orders opens there, nor with an old value', async () => {
    // Its own app: this browser takes over the default browser's guest session and booked order.
    const g = await createTestApp();
    try {
      const { order, status } = await bookedOrder(g);
      // The label's URL as the server gave it (without a link's token).
      const label = status.documents[0]!.url.split('?')[0]!;
      const browser = new TestBrowser(g.app);
      const [name, value] = defaultBrowserCookie(g.app).split('=') as [string, string];
      browser.cookies.set(name, value);
      const asGuest = guestOf(browser);
      await customer(g, { browser, name: 'Ada' });
      const whileSignedIn = guestOf(browser);
      expect(whileSignedIn).not.toBe(asGuest);
      const draft = await quoteIn(browser); // made while signed in
      const requests = {
        'the booked order': (as: TestBrowser) => call(as, getOrder, { params: { id: order.id } }),
        'its label': (as: TestBrowser) => as.get(label),
        'the draft made signed in': (as: TestBrowser) =>
          call(as, getOrder, { params: { id: draft } }),
      };
      for (const [what, send] of Object.entries(requests)) {
        expect((await send(browser)).statusCode, what).toBe(200);
      }

      const out = await call(browser, signOut);
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toContain(`${GUEST_COOKIE}=`);
      expect(guestOf(browser)).not.toBe(whileSignedIn);
      for (const send of Object.values(requests)) {
        // The same cookie jar, signed out.
        expectNotFound(await send(browser));
        // The guest values it held before, replayed.
        for (const old of [asGuest, whileSignedIn]) {
          const replay = new TestBrowser(g.app);
          replay.cookies.set(GUEST_COOKIE, old!);
          expectNotFound(await send(replay));
        }
      }
    } finally {
      await g.close();
    }
  });
});

describe('emailed links', () => {
  it('a label link in the confirmation email opens read-only in any browser, until it expires', async () => {
    const { order } = await bookedOrder(t);
    const [mail] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE kind = 'booking-confirmation' AND idempotency_key = $1`,
      [`booking-confirmation:${order.reference}`],
    );
    const link = /(http:\/\/localhost:3000\/api\/v1\/orders\/[^\s]+\?access=[^\s]+)/.exec(
      mail!.text_body,
    )?.[1];
    expect(link).toBeDefined();
    const path = link!.replace('http://localhost:3000', '');
    const elsewhere = new TestBrowser(t.app);
    const label = await elsewhere.get(path);
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The bare URL (the id without the token) opens nothing.
    expectNotFound(await elsewhere.get(path.split('?')[0]!));
    // The link's token (`?access=`), which no route declares: the order access rule reads it.
    const token = new URL(link!).searchParams.get('access');
    expect(token).toBeTruthy();
    const access = untyped({ access: token });
    // A token for one order does not open another.
    const otherId = await quoteIn(new TestBrowser(t.app));
    expectNotFound(await call(elsewhere, getOrder, { params: { id: otherId }, query: access }));
    // Read-only: it does not let anyone change the order.
    expectNotFound(
      await call(elsewhere, selectService, {
        params: { id: order.id },
        query: access,
        body: { service: 'economy' },
      }),
    );
    // A tampered signature opens nothing.
    expectNotFound(await elsewhere.get(`${path.slice(0, -2)}xx`));

    // 91 days later it has expired.
    t.clock.set('2027-02-22T10:00:01Z');
    try {
      expectNotFound(await elsewhere.get(path));
    } finally {
      t.clock.set('2026-11-23T10:00:00Z');
    }
  });
});

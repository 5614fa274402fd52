/**
 * Discard (decision 107, docs/accounts.md): a booking in progress the caller may open is deleted
 * as an abandoned draft is (decision 050), with everything that hangs on it; a paid order, one
 * whose booking failed and a draft whose payment was started are kept.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import {
  newOrder,
  withAddresses,
  withEarliestDate,
  withItems,
} from '#tests/support/factories/orders.js';
import { bookedOrder } from '#tests/support/factories/payments.js';
import { useTestApp } from '#tests/support/test-app.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { listAccountOrders } from '#src/domain/api/my-orders.js';
import { discardOrder, getOrder, NOT_DISCARDABLE } from '#src/domain/api/orders.js';
import { ORDER_NOT_FOUND } from '#src/domain/order.js';

const t = useTestApp();

/** The same question every Select below asks: one route, one small and one large box. */
const SAME_ROUTE = { quote: { smallBoxes: 1, largeBoxes: 1 } };

async function count(table: string, orderId: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'orders' ? 'id' : 'order_id'} = $1`,
    [orderId],
  );
  return row!.n;
}

/** Setup only: a payment row of the order, as Pay writes it before the card is even tried. */
async function addPayment(orderId: string, status: string) {
  const now = t.clock.now();
  await t.database.query(
    `INSERT INTO payments (id, order_id, attempt, provider, provider_payment_id, idempotency_key,
       amount_pence, status, client_secret, created_at, updated_at)
     VALUES ($1, $2, 1, 'sandbox', $3, $4, 5000, $5, 'secret', $6, $6)`,
    [randomUUID(), orderId, `pi_${randomUUID()}`, `${orderId}:1:${status}`, status, now],
  );
}

function expectNotFound(res: { statusCode: number; json<T>(): T }) {
  expect(res.statusCode).toBe(404);
  expect(res.json<ApiErrorBody>().error).toEqual(ORDER_NOT_FOUND);
}

function expectKept(res: { statusCode: number; json<T>(): T }, message: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json<ApiErrorBody>().error).toEqual({ code: NOT_DISCARDABLE.code, message });
}

describe('discarding a booking in progress', () => {
  it('three Selects on one route are three bookings in progress; discarding two leaves one, its items gone', async () => {
    const { browser } = await customer(t);
    const first = await newOrder(browser, SAME_ROUTE);
    t.clock.set('2026-11-23T10:05:00Z');
    const second = await newOrder(browser, SAME_ROUTE);
    await withAddresses(browser, second);
    await withEarliestDate(browser, second);
    await withItems(browser, second);
    t.clock.set('2026-11-23T10:10:00Z');
    const third = await newOrder(browser, SAME_ROUTE);
    await withAddresses(browser, third, { delivery: undefined });
    t.clock.set('2026-11-23T10:00:00Z');

    // The same route three times: told apart by reference, last step and last change.
    const listed = (await ok(browser, listAccountOrders)).orders;
    expect(listed.map((o) => [o.reference, o.inProgress, o.lastStep, o.discardable])).toEqual([
      [third.reference, true, 'addresses_given', true],
      [second.reference, true, 'collection_date_chosen', true],
      [first.reference, true, 'service_chosen', true],
    ]);
    expect(listed.map((o) => o.updatedAt)).toEqual([
      '2026-11-23T10:10:00.000Z',
      '2026-11-23T10:05:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ]);
    expect(await count('order_items', second.id)).toBeGreaterThan(0);

    expect(await ok(browser, discardOrder, { params: { id: second.id } })).toEqual({
      reference: second.reference,
    });
    expect(await ok(browser, discardOrder, { params: { id: first.id } })).toEqual({
      reference: first.reference,
    });
    expect((await ok(browser, listAccountOrders)).orders.map((o) => o.reference)).toEqual([
      third.reference,
    ]);
    expectNotFound(await call(browser, getOrder, { params: { id: second.id } }));
    expect(await count('orders', second.id)).toBe(0);
    expect(await count('order_items', second.id)).toBe(0);
    expect(await count('order_guests', second.id)).toBe(0);

    // Discarded already: the order is not there, whoever asks again.
    expectNotFound(await call(browser, discardOrder, { params: { id: second.id } }));
  });

  it('never discards a paid order: 409, and nothing changes', async () => {
    // In the tests' default browser, which made it.
    const { order } = await bookedOrder(t);
    const items = await count('order_items', order.id);
    const res = await call(t.app, discardOrder, { params: { id: order.id } });
    expectKept(res, NOT_DISCARDABLE.paid);
    const after = await ok(t.app, getOrder, { params: { id: order.id } });
    expect(after.status).toBe('booked');
    expect(await count('order_items', order.id)).toBe(items);
    expect(await count('payments', order.id)).toBe(1);
  });

  it('keeps a draft whose payment was started and a booking that failed, each saying why', async () => {
    const { browser } = await customer(t);
    const payStarted = await newOrder(browser, SAME_ROUTE);
    await addPayment(payStarted.id, 'requires_payment_method');
    const failed = await newOrder(browser, SAME_ROUTE);
    await addPayment(failed.id, 'cancelled');
    await t.database.query(`UPDATE orders SET status = 'booking_failed' WHERE id = $1`, [
      failed.id,
    ]);

    const listed = (await ok(browser, listAccountOrders)).orders;
    // Made at the same moment: listed in either order.
    expect(listed.map((o) => [o.reference, o.inProgress, o.discardable]).sort()).toEqual(
      [
        [failed.reference, true, false],
        [payStarted.reference, true, false],
      ].sort(),
    );
    expectKept(
      await call(browser, discardOrder, { params: { id: payStarted.id } }),
      NOT_DISCARDABLE.paymentStarted,
    );
    expectKept(
      await call(browser, discardOrder, { params: { id: failed.id } }),
      NOT_DISCARDABLE.bookingFailed,
    );
    expect(await count('orders', payStarted.id)).toBe(1);
    expect(await count('orders', failed.id)).toBe(1);
  });

  it('answers 404 to another customer and another browser, and lets a guest discard their own', async () => {
    const { browser: owner } = await customer(t);
    const order = await newOrder(owner, SAME_ROUTE);
    const { browser: other } = await customer(t);
    expectNotFound(await call(other, discardOrder, { params: { id: order.id } }));
    expectNotFound(await call(new TestBrowser(t.app), discardOrder, { params: { id: order.id } }));
    expect(await count('orders', order.id)).toBe(1);

    const guest = new TestBrowser(t.app);
    const guestOrder = await newOrder(guest, SAME_ROUTE);
    await ok(guest, discardOrder, { params: { id: guestOrder.id } });
    expectNotFound(await call(guest, getOrder, { params: { id: guestOrder.id } }));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { OrderViewSchema } from '#src/domain/order.js';
import { GUEST_COOKIE } from '../orders/order-access.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { quoteBody } from '#tests/support/factories/orders.js';
import { draftOrderRow } from '#tests/support/factories/order-rows.js';
import { call } from '#tests/support/call.js';
import { createOrder, getOrder } from '#src/domain/api/orders.js';

/**
 * Drafts started (Select) at the same moment are written together (group commit, docs/decisions/060): each
 * still answers only once its own draft is stored, with the browser that may open it.
 */
const QUOTE = quoteBody();

/** Browser `i`'s guest cookie: one the server issued (it ignores any other, decision 078). */
const browser = (i: number) =>
  `${GUEST_COOKIE}=${t.app.services.orderAccess.guestCookieValue(`concurrent-browser-${String(i).padStart(13, '0')}`)}`;

const t = useTestApp({ rateLimits: { orders: { max: 5, windowSeconds: 600 } } });
afterEach(() => vi.restoreAllMocks());

/** Select on /quote from browser `i`, at the client address `from`: a new draft. */
const postQuote = (i: number, from: string) =>
  call(t.app, createOrder, {
    body: { quote: QUOTE, service: 'express' },
    headers: { cookie: browser(i) },
    remoteAddress: from,
  });

const countOrders = async () =>
  (
    (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))[0] as {
      n: number;
    }
  ).n;

describe('orders started at the same moment', () => {
  it('are stored in fewer writes than quotes, each draft opening in its own browser only', async () => {
    const insertDrafts = vi.spyOn(OrdersRepository.prototype, 'insertDrafts');
    const quotes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // Each from its own address: the per-address limit is not what this test is about.
        postQuote(i, `198.51.100.${i + 1}`),
      ),
    );
    expect(quotes.map((res) => res.statusCode)).toEqual(quotes.map(() => 201));
    const orders = quotes.map((res) => OrderViewSchema.parse(res.json()));
    expect(new Set(orders.map((o) => o.id)).size).toBe(30);
    expect(new Set(orders.map((o) => o.reference)).size).toBe(30);
    const written = insertDrafts.mock.calls.reduce((n, [drafts]) => n + drafts.length, 0);
    expect(written).toBe(30);
    expect(insertDrafts.mock.calls.length).toBeLessThan(30);

    for (const i of [0, 17, 29]) {
      const own = await call(t.app, getOrder, {
        params: { id: orders[i]!.id },
        headers: { cookie: browser(i) },
      });
      expect(own.statusCode).toBe(200);
      expect(OrderViewSchema.parse(own.json())).toEqual(orders[i]);
      const other = await call(t.app, getOrder, {
        params: { id: orders[i]!.id },
        headers: { cookie: browser(i + 100) },
      });
      expect(other.statusCode).toBe(404);
    }
  });

  it('count against one address exactly: of 12 at once with a limit of 5, 5 are started', async () => {
    const before = await countOrders();
    const quotes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postQuote(200 + i, '203.0.113.50')),
    );
    const statuses = quotes.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(await countOrders()).toBe(before + 5);
  });

  it('a draft the database refuses (a reference already taken) fails alone', async () => {
    const taken = (
      await t.database.query<{ reference: string }>(`SELECT reference FROM orders LIMIT 1`)
    )[0]!.reference;
    const draft = (reference: string) =>
      draftOrderRow(t.clock.now(), { reference, totalWeightKg: 10 });
    const insertDrafts = vi.spyOn(OrdersRepository.prototype, 'insertDrafts');
    const owner = (i: number) => ({ guestHash: `refused-batch-${i}`, userId: null });
    const results = await Promise.allSettled([
      t.app.services.orders.createDraft(draft('BA-BATCH-1'), owner(1)),
      t.app.services.orders.createDraft(draft(taken), owner(2)),
      t.app.services.orders.createDraft(draft('BA-BATCH-3'), owner(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Tried together first, then each alone.
    expect(insertDrafts.mock.calls.map(([drafts]) => drafts.length)).toEqual([3, 1, 1, 1]);
    const stored = await t.database.query<{ reference: string }>(
      `SELECT reference FROM orders WHERE reference LIKE 'BA-BATCH-%' ORDER BY reference`,
    );
    expect(stored.map((row) => row.reference)).toEqual(['BA-BATCH-1', 'BA-BATCH-3']);
  });

  it('never store a draft without the browser that may open it', async () => {
    // The grant's insert fails (as a lost connection or a full disk would fail it).
    await t.database.execScript(`
      CREATE FUNCTION refuse_grant() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'grant refused for the test'; END $$;
      CREATE TRIGGER refuse_grant BEFORE INSERT ON order_guests
        FOR EACH ROW EXECUTE FUNCTION refuse_grant();`);
    try {
      const before = await countOrders();
      const res = await postQuote(300, '198.51.100.200');
      expect(res.statusCode).toBe(500);
      expect(await countOrders()).toBe(before);
    } finally {
      await t.database.execScript(
        `DROP TRIGGER refuse_grant ON order_guests; DROP FUNCTION refuse_grant();`,
      );
    }
  });
});

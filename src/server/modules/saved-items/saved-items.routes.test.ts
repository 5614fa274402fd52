import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok, untyped } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import { quoteBody, withItem, type ItemToDeclare } from '#tests/support/factories/orders.js';
import { useTestApp } from '#tests/support/test-app.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { addItem } from '#src/domain/api/declaration.js';
import { createOrder } from '#src/domain/api/orders.js';
import {
  deleteSavedItem,
  listSavedItems,
  saveItem,
  SAVED_ITEM_NOT_FOUND,
  SAVED_ITEMS_MAX,
  type SavedItem,
} from '#src/domain/api/saved-items.js';
import { getSession } from '#src/domain/api/session.js';

const t = useTestApp();

/** A draft in this browser with one item declared in its small parcel. */
async function orderWithItem(browser: TestBrowser, item: ItemToDeclare) {
  const draft = await ok(browser, createOrder, {
    body: { quote: quoteBody(), service: 'express' },
  });
  const order = await withItem(browser, draft, item);
  return { order, item: order.parcels[0]!.items.at(-1)! };
}

async function savedOf(browser: TestBrowser): Promise<SavedItem[]> {
  const res = await call(browser, listSavedItems);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().items;
}

async function userIdOf(browser: TestBrowser): Promise<string> {
  return (await ok(browser, getSession)).user!.id;
}

const JUMPER = { name: 'Jumper', numberOfUnits: 2, unitValue: 20, unitWeight: 2 };

describe('saved items', () => {
  it('answers 401 to anyone not signed in', async () => {
    const guest = new TestBrowser(t.app);
    const { order, item } = await orderWithItem(guest, JUMPER);
    expect((await call(guest, listSavedItems)).statusCode).toBe(401);
    const save = await call(guest, saveItem, { body: { orderId: order.id, itemId: item.id } });
    expect(save.statusCode).toBe(401);
    expect(save.json<ApiErrorBody>().error.code).toBe('SIGNED_OUT');
    expect(
      (await call(guest, deleteSavedItem, { params: { savedItemId: randomUUID() } })).statusCode,
    ).toBe(401);
  });

  it('saves a declared item once, listed only for its account, and deletes it', async () => {
    const { browser: ada } = await customer(t);
    const { order, item } = await orderWithItem(ada, JUMPER);
    const save = await call(ada, saveItem, { body: { orderId: order.id, itemId: item.id } });
    expect(save.statusCode).toBe(201);
    const saved = save.json().item;
    expect(saved).toEqual({
      id: expect.any(String),
      name: 'Jumper',
      commodityCode: item.commodityCode,
      commodityDescription: item.commodityDescription,
      numberOfUnits: 2,
      unitValuePence: 2000,
      unitWeightGrams: 2000,
      createdAt: expect.any(String),
    });
    // Saving the same item again keeps one.
    const again = await call(ada, saveItem, { body: { orderId: order.id, itemId: item.id } });
    expect(again.statusCode).toBe(201);
    expect(again.json().item.id).toBe(saved.id);
    expect(await savedOf(ada)).toEqual([saved]);

    // Another account sees none of it: not listed, not deletable, the order's items not savable.
    const { browser: eve } = await customer(t);
    expect(await savedOf(eve)).toEqual([]);
    const steal = await call(eve, deleteSavedItem, { params: { savedItemId: saved.id } });
    expect(steal.statusCode).toBe(404);
    expect(steal.json<ApiErrorBody>().error).toEqual(SAVED_ITEM_NOT_FOUND);
    const copy = await call(eve, saveItem, { body: { orderId: order.id, itemId: item.id } });
    expect(copy.statusCode).toBe(404);
    expect(copy.json<ApiErrorBody>().error.code).toBe('ITEM_NOT_FOUND');
    expect(await savedOf(ada)).toEqual([saved]);

    // An item that is not in the order is not found either.
    const missing = await call(ada, saveItem, {
      body: { orderId: order.id, itemId: randomUUID() },
    });
    expect(missing.statusCode).toBe(404);

    const removed = await call(ada, deleteSavedItem, { params: { savedItemId: saved.id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ items: [] });
    expect(
      (await call(ada, deleteSavedItem, { params: { savedItemId: saved.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(ada, deleteSavedItem, { params: { savedItemId: untyped('not-a-uuid') } }))
        .statusCode,
    ).toBe(404);
  });

  it('stays when the order is deleted, and goes with the account', async () => {
    const { browser: ada } = await customer(t);
    const { order, item } = await orderWithItem(ada, { ...JUMPER, name: 'Books' });
    await call(ada, saveItem, { body: { orderId: order.id, itemId: item.id } });
    await t.database.query(`DELETE FROM orders WHERE id = $1`, [order.id]);
    const [kept] = await savedOf(ada);
    expect(kept?.name).toBe('Books');
    const userId = await userIdOf(ada);
    await t.database.query(`DELETE FROM users WHERE id = $1`, [userId]);
    const rows = await t.database.query(`SELECT 1 FROM saved_items WHERE user_id = $1`, [userId]);
    expect(rows).toHaveLength(0);
  });

  it('a saved item reused in a later order is checked like any item, weight limit included', async () => {
    const { browser: ada } = await customer(t);
    const first = await orderWithItem(ada, JUMPER);
    const save = await call(ada, saveItem, {
      body: { orderId: first.order.id, itemId: first.item.id },
    });
    const saved = save.json().item;
    const reuse = {
      name: saved.name,
      commodityCode: saved.commodityCode,
      numberOfUnits: saved.numberOfUnits,
      unitValue: saved.unitValuePence / 100,
      unitWeight: saved.unitWeightGrams / 1000,
    };

    /** An order of `count` books at £10, 0.5 kg each, and the saved item added to it. */
    const reusedAfterBooks = async (count: number) => {
      const { order } = await orderWithItem(ada, {
        name: 'Books',
        numberOfUnits: count,
        unitValue: 10,
        unitWeight: 0.5,
      });
      return call(ada, addItem, { params: { id: order.id, parcelKey: 'small-1' }, body: reuse });
    };

    // A new order: the saved item is added as it was declared.
    const added = await reusedAfterBooks(4);
    expect(added.statusCode, added.body).toBe(201);
    const items = added.json().parcels[0]!.items;
    expect(items.find((i) => i.name === 'Jumper')).toMatchObject({
      commodityCode: saved.commodityCode,
      commodityDescription: saved.commodityDescription,
      numberOfUnits: 2,
      unitValuePence: 2000,
      unitWeightGrams: 2000,
    });
    expect(items).toHaveLength(2);

    // Another order whose small parcel already holds 18 kg: 4 kg more is over its 20 kg.
    const refused = await reusedAfterBooks(36);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ApiErrorBody>().error.code).toBe('ITEM_NOT_ALLOWED');
  });

  it(`keeps at most ${SAVED_ITEMS_MAX} saved items per account`, async () => {
    const { browser: ada } = await customer(t);
    const userId = await userIdOf(ada);
    for (let i = 0; i < SAVED_ITEMS_MAX; i++) {
      await t.database.query(
        `INSERT INTO saved_items (id, user_id, name, commodity_code, commodity_description,
           number_of_units, unit_value_pence, unit_weight_grams, created_at)
         VALUES ($1, $2, $3, '61102000', 'Jumpers', 1, 100, 100, now())`,
        [randomUUID(), userId, `Item ${i}`],
      );
    }
    const { order, item } = await orderWithItem(ada, JUMPER);
    const full = await call(ada, saveItem, { body: { orderId: order.id, itemId: item.id } });
    expect(full.statusCode).toBe(409);
    expect(full.json<ApiErrorBody>().error.code).toBe('SAVED_ITEMS_FULL');
    expect(await savedOf(ada)).toHaveLength(SAVED_ITEMS_MAX);
  });

  describe('under a tight per-address account limit', () => {
    const limited = useTestApp({ rateLimits: { account: { max: 3, windowSeconds: 900 } } });

    it('counts saves and deletes against it', async () => {
      // Signing up is counted under its own limit; opening its emailed link is the first of the
      // three account requests.
      const { browser: ada } = await customer(limited, { name: 'Ada' });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await call(ada, deleteSavedItem, { params: { savedItemId: randomUUID() } })).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 429]);
      // Reading is never limited.
      expect((await call(ada, listSavedItems)).statusCode).toBe(200);
    });
  });
});

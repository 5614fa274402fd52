import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import type { AddItemInput } from '#src/domain/items.js';
import { OrderViewSchema } from '#src/domain/order.js';
import { newOrder, readOrder } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { addItem, lookupCommodities } from '#src/domain/api/declaration.js';

/** Declared items through the real courier client and the courier simulator's switches. */
const t = useTestApp();
let orderId: string;
beforeAll(async () => {
  orderId = (
    await newOrder(t.app, {
      quote: { destination: { countryId: 80, postcode: '10115' } },
    })
  ).id;
});

const lookup = (name: string) => call(t.app, lookupCommodities, { query: { name } });
/** Adds an item to the order's one parcel. */
const addTo = (body: AddItemInput) =>
  call(t.app, addItem, { params: { id: orderId, parcelKey: 'small-1' }, body });

/** Looks the name up, then adds the item with the first match (or any code when none). */
const add = async (name: string): Promise<{ statusCode: number; json(): unknown }> => {
  const found = await lookup(name);
  const matches = found.statusCode === 200 ? found.json().matches : [];
  if (found.statusCode !== 200 && found.statusCode !== 422) return found;
  return addTo({
    name,
    commodityCode: matches[0]?.commodityCode ?? '00000000',
    numberOfUnits: 1,
    unitValue: 20,
    unitWeight: 0.5,
  });
};

describe('commodity lookup through the courier simulator', () => {
  it('answers every match, description and padded code, and stores nothing', async () => {
    const res = await lookup('cash');
    expect(res.statusCode).toBe(200);
    const { matches } = res.json();
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) expect(match.commodityCode).toMatch(/^\d{8}$/);
    const order = await readOrder(t.app, orderId);
    expect(order.parcels[0]!.items).toEqual([]);
  });

  it('refuses a code the customer did not get as a match for the name', async () => {
    const res = await addTo({
      name: 'Wool jumper',
      commodityCode: '97019100',
      numberOfUnits: 1,
      unitValue: 20,
      unitWeight: 0.5,
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('COMMODITY_NOT_MATCHED');
  });

  it('refuses the three goods on the never-send list the lookup itself would accept', async () => {
    for (const [name, message] of [
      ['aerosol deodorant', 'Aerosols cannot be sent.'],
      ['lithium battery', 'Batteries cannot be sent.'],
    ] as const) {
      const res = await add(name);
      expect(res.statusCode, name).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).error).toMatchObject({
        code: 'ITEM_NOT_ALLOWED',
        message,
      });
    }
    // The code alone is enough: a battery named otherwise is still a battery.
    const cells = (await lookup('Primary cells')).json();
    expect(cells.matches.map((m) => m.commodityCode)).toContain('85065000');
    const res = await addTo({
      name: 'Primary cells',
      commodityCode: '85065000',
      numberOfUnits: 1,
      unitValue: 5,
      unitWeight: 0.1,
    });
    expect(ApiErrorBodySchema.parse(res.json()).error.message).toBe('Batteries cannot be sent.');
    expect(res.statusCode).toBe(422);
  });

  it('finds an everyday item and stores its padded HS code', async () => {
    const res = await add('Cotton t-shirt');
    expect(res.statusCode).toBe(201);
    const item = OrderViewSchema.parse(res.json()).parcels[0]!.items[0]!;
    expect(item.commodityCode).toMatch(/^\d{8}$/);
    expect(item.commodityDescription).toMatch(/shirt/i);
  });

  it('answers "Commodity not found" for a phrase with no match', async () => {
    const none = await add('Xqzzv blorp');
    expect(none.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(none.json()).error).toMatchObject({
      code: 'COMMODITY_NOT_FOUND',
      message: 'Commodity not found, try a different phrase.',
    });
  });

  // A courier FAIL that does not say "no match" is the courier being unavailable, never "not found".
  for (const behaviour of ['fail', 'hang', 'http500', 'malformed'] as const) {
    it(`says to try again when the courier ${behaviour === 'hang' ? 'hangs' : `answers ${behaviour}`}`, async () => {
      t.courierSimulator!.control({ commodity: behaviour });
      try {
        const res = await add('Wool jumper');
        expect(res.statusCode).toBe(503);
        expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe(
          'COMMODITY_LOOKUP_UNAVAILABLE',
        );
      } finally {
        t.courierSimulator!.control({ reset: true });
      }
    });
  }
});

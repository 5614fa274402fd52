import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { ApiErrorBodySchema } from '../../../domain/api-error.js';
import { OrderViewSchema } from '../../../domain/order.js';

/** Declared items through the real courier client and the courier simulator's switches. */
let t: TestApp;
let orderId: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/quotes',
    payload: {
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId: 80, postcode: '10115' },
      smallBoxes: 1,
      largeBoxes: 0,
    },
  });
  orderId = OrderViewSchema.parse(res.json()).id;
});
afterAll(() => t.close());

const add = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/parcels/small-1/items`,
    payload: { name, numberOfUnits: 1, unitValue: 20, unitWeight: 0.5 },
  });

describe('commodity lookup through the courier simulator', () => {
  it('finds an everyday item and stores its padded HS code', async () => {
    const res = await add('Cotton t-shirt');
    expect(res.statusCode).toBe(201);
    const item = OrderViewSchema.parse(res.json()).parcels[0]!.items[0]!;
    expect(item.commodityCode).toMatch(/^\d{8}$/);
    expect(item.commodityDescription).toMatch(/shirt/i);
  });

  it('answers "Commodity not found" for a phrase with no match, and for a refused search', async () => {
    const none = await add('Xqzzv blorp');
    expect(ApiErrorBodySchema.parse(none.json()).error.message).toBe(
      'Commodity not found, try a different phrase.',
    );
    t.courierSimulator!.control({ commodity: 'fail' });
    try {
      const refused = await add('Wool jumper');
      expect(refused.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(refused.json()).error.code).toBe('COMMODITY_NOT_FOUND');
    } finally {
      t.courierSimulator!.control({ reset: true });
    }
  });

  for (const behaviour of ['hang', 'http500', 'malformed'] as const) {
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

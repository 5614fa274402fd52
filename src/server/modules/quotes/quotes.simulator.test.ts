import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import { QuoteAnswerSchema } from '#src/domain/order.js';
import { quoteQuery } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { getQuotes } from '#src/domain/api/orders.js';

/** Quotes through the real courier client and the courier simulator, over HTTP. */
const t = useTestApp();

const quote = (countryId: number, postcode: string, smallBoxes: number, largeBoxes: number) =>
  call(t.app, getQuotes, {
    query: quoteQuery({ destination: { countryId, postcode }, smallBoxes, largeBoxes }),
  });

describe('quotes against the courier simulator', () => {
  it('keeps only Express Worldwide and International Economy, priced from our tables', async () => {
    const res = await quote(13, '2000', 2, 1);
    expect(res.statusCode).toBe(200);
    const order = QuoteAnswerSchema.parse(res.json());
    expect(order.services.map((s) => s.service)).toEqual(['express', 'economy']);
    for (const s of order.services) {
      expect(s.pricePence).toBe(await t.app.services.catalog.findPricePence(s.service, 13, 70));
    }
    expect(t.courierSimulator?.calls().quote).toBe(1);
  });

  it('answers the next quote on the route from the cache', async () => {
    const before = t.courierSimulator!.calls().quote;
    expect((await quote(13, '2600', 2, 1)).statusCode).toBe(200);
    expect(t.courierSimulator!.calls().quote).toBe(before);
  });

  it('tells the customer honestly when the courier fails on a route it has never answered', async () => {
    t.courierSimulator!.control({ quote: 'http500' });
    try {
      const res = await quote(205, '28013', 1, 0);
      expect(res.statusCode).toBe(503);
      expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('COURIER_UNAVAILABLE');
    } finally {
      t.courierSimulator!.control({ reset: true });
    }
    expect((await quote(205, '28013', 1, 0)).statusCode).toBe(200);
  });

  it('answers NO_QUOTES when the courier refuses the shipment on a new route', async () => {
    t.courierSimulator!.control({ quote: 'fail' });
    try {
      const res = await quote(107, '00184', 0, 3);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: {
          code: 'NO_QUOTES',
          message: 'No quotes found. Please review countries and post codes.',
        },
      });
    } finally {
      t.courierSimulator!.control({ reset: true });
    }
  });
});

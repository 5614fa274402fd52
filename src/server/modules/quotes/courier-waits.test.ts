import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import { createTestApp, useTestApp } from '#tests/support/test-app.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';
import { startCourierSimulator } from '../../providers/courier/simulator/simulator.server.js';
import { COURIER_UNAVAILABLE_MESSAGE } from '../courier-routes/courier-routes.service.js';
import { COMMODITY_UNAVAILABLE_MESSAGE } from '../orders/declaration.service.js';
import { quoteQuery, readyOrder } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { getQuotes } from '#src/domain/api/orders.js';
import { addItem } from '#src/domain/api/declaration.js';

/**
 * A customer never waits on a hanging courier past a bound: Get Quotes on a route not cached yet
 * answers once its wait has passed (10 s on the site), an item lookup once its own has (8 s), each
 * saying the courier is unavailable (never "not found"), although the courier client's own
 * timeouts are much longer. The waits are shortened here so the test does not sit through them;
 * the site's own values are checked on an app built without the setting.
 */
const WAITS = { quoteMs: 1_500, itemLookupMs: 1_200 };
/** Time beyond the wait the answer may take (the request's own work on a busy machine). */
const SLACK_MS = 3_000;
let simulator: Awaited<ReturnType<typeof startCourierSimulator>>;
beforeAll(async () => {
  simulator = await startCourierSimulator({ credentials: { apiKey: 'test', password: 'test' } });
});
// Hooks after the tests run in reverse: the simulator is closed last, once the app is closed,
// and reset first, so that no request of the app still hangs on it while it closes.
afterAll(() => simulator.close());
const t = useTestApp(() => ({
  courier: new TransglobalCourier({
    name: 'simulator',
    baseUrl: simulator.url,
    apiKey: 'test',
    password: 'test',
    timeouts: { countriesMs: 60_000, quoteMs: 60_000, commodityMs: 60_000, bookMs: 90_000 },
    retry: { attempts: 3, baseDelayMs: 10 },
  }),
  customerWaits: WAITS,
}));
afterAll(() => simulator.control({ reset: true }));

describe('bounded customer waits', () => {
  it('the site waits at most 10 s for a quote and 8 s for an item lookup', async () => {
    // Its own app: the site's own waits, without this file's shortened ones.
    const site = await createTestApp();
    try {
      expect(site.app.services.quotes.courierWaitMs).toBe(10_000);
      expect(site.app.services.declaration.courierWaitMs).toBe(8_000);
    } finally {
      await site.close();
    }
    expect(t.app.services.quotes.courierWaitMs).toBe(WAITS.quoteMs);
    expect(t.app.services.declaration.courierWaitMs).toBe(WAITS.itemLookupMs);
  });
  it('an item lookup with a hanging courier ends after its wait saying the courier is unavailable', async () => {
    simulator.control({ reset: true });
    const order = await readyOrder(t.app);
    simulator.control({ commodity: 'hang' });
    const started = performance.now();
    const res = await call(t.app, addItem, {
      params: { id: order.id, parcelKey: order.parcels[0]!.key },
      body: {
        name: 'Wool scarf',
        commodityCode: '611710',
        numberOfUnits: 1,
        unitValue: 10,
        unitWeight: 0.2,
      },
    });
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(WAITS.itemLookupMs - 50);
    expect(ms).toBeLessThan(WAITS.itemLookupMs + SLACK_MS);
    expect(res.statusCode).toBe(503);
    const body = ApiErrorBodySchema.parse(res.json()).error;
    expect(body).toMatchObject({
      code: 'COMMODITY_LOOKUP_UNAVAILABLE',
      message: COMMODITY_UNAVAILABLE_MESSAGE,
    });
    expect(body.message).not.toMatch(/not found/i);
  }, 30_000);
  it('a quote on a new route with a hanging courier ends after its wait saying the courier is unavailable', async () => {
    simulator.control({ quote: 'hang' });
    const started = performance.now();
    const res = await call(t.app, getQuotes, {
      query: quoteQuery({ smallBoxes: 3, largeBoxes: 1 }),
    });
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(WAITS.quoteMs - 50);
    expect(ms).toBeLessThan(WAITS.quoteMs + SLACK_MS);
    expect(res.statusCode).toBe(503);
    expect(ApiErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'COURIER_UNAVAILABLE',
      message: COURIER_UNAVAILABLE_MESSAGE,
    });
  }, 20_000);
});

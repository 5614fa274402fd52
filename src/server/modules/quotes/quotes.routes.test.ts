import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { ScriptedCourier, typicalRouteServices } from '#tests/support/scripted-courier.js';
import { OrderViewSchema, QuoteAnswerSchema, quoteViewOf } from '#src/domain/order.js';
import { ApiErrorBodySchema } from '#src/domain/api-error.js';
import { refreshCourierRoutesJob } from '../courier-routes/index.js';
import { newOrder, quoteBody, quoteQuery } from '#tests/support/factories/orders.js';
import { call, untyped } from '#tests/support/call.js';
import { createOrder, getOrder, getQuotes, selectService } from '#src/domain/api/orders.js';
import { getRates } from '#src/domain/api/catalog.js';

/** Exact control over what the courier answers (the simulator is exercised by its contract suite). */
const courier = new ScriptedCourier();
const t = useTestApp({ courier });
beforeEach(async () => {
  await t.app.services.courierRoutes.idle();
  courier.down = false;
  courier.routeServices = typicalRouteServices();
});

const HOUR = 60 * 60_000;

/** A valid request with two large boxes as well (the tests' usual quote), with overrides. */
const request = (overrides: Record<string, unknown> = {}) =>
  quoteBody({ largeBoxes: 2, ...overrides });

/** Get Quotes for a request (the usual one with `overrides`). */
const ask = (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(t.app, getQuotes, { query: quoteQuery({ largeBoxes: 2, ...overrides }), headers });

const countRows = async () =>
  (
    await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM order_guests)
            + (SELECT count(*) FROM rate_limits) AS n`,
    )
  )[0]!.n;

async function tablePrice(service: 'economy' | 'express', countryId: number, weightKg: number) {
  return t.app.services.catalog.findPricePence(service, countryId, weightKg);
}

describe('GET /api/v1/quotes', () => {
  it('answers from our rate tables and writes nothing', async () => {
    await ask(); // the route's availability is asked about once, then held in memory
    const before = await countRows();
    const res = await ask();
    expect(res.statusCode).toBe(200);
    // Only what the question does not say already: no names or flags (quoteViewOf adds them).
    expect(res.json()).toEqual({
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId: 73, postcode: '75001' },
      smallBoxes: 1,
      largeBoxes: 2,
      totalWeightKg: 80,
      services: [
        {
          service: 'express',
          pricePence: await tablePrice('express', 73, 80),
          transitDays: '2-4',
        },
        {
          service: 'economy',
          pricePence: await tablePrice('economy', 73, 80),
          transitDays: expect.any(String),
        },
      ],
    });
    expect(quoteViewOf(QuoteAnswerSchema.parse(res.json()))).toMatchObject({
      totalBoxes: 3,
      collection: { title: 'United Kingdom (Mainland)', countryCode: 'GB' },
      destination: { title: 'France', flagPath: '/flags/fr.svg' },
      services: [
        { name: 'Express', detail: 'Fastest door-to-door delivery by air' },
        { name: 'Economy' },
      ],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countRows()).toBe(before);
  });

  it('answers 304 to a repeated question with its ETag, and a new ETag once a price changes', async () => {
    const first = await ask();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"q-[\w-]{22}"$/);
    const again = await ask({}, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A weak form of the same tag, in a list, still matches (RFC 9110's weak comparison).
    expect((await ask({}, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    // Another question has its own tag.
    expect((await ask({ smallBoxes: 2 }, { 'if-none-match': etag })).statusCode).toBe(200);

    await t.database.query(
      `UPDATE rates SET price_pence = price_pence + 100 WHERE destination_country_id = 21 AND weight_kg = 20 AND service = 'economy'`,
    );
    t.app.services.rates.invalidate(); // as the rate tables' own writer does
    const changed = await ask({}, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a bad question every time it is asked, after a good one was kept', async () => {
    const good = { destination: { countryId: 73, postcode: '75002' } };
    expect((await ask(good)).statusCode).toBe(200);
    expect((await ask(good)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const bad = await ask({ destination: { countryId: 73, postcode: '7500' } });
      expect(bad.statusCode).toBe(422);
    }
  });

  it('normalises post codes and asks the courier about the box mix’s parcel profile', async () => {
    const before = courier.routeQueries.length;
    const res = await ask({
      collection: { countryId: 247, postcode: 'bt11aa' },
      destination: { countryId: 38, postcode: 'k1a0b1' },
      smallBoxes: 2,
      largeBoxes: 1,
    });
    expect(res.statusCode).toBe(200);
    const quote = QuoteAnswerSchema.parse(res.json());
    expect(quote.collection.postcode).toBe('BT1 1AA');
    expect(quote.destination.postcode).toBe('K1A 0B1');
    const query = courier.routeQueries[before];
    // Availability depends on one parcel or several and the heaviest one (decision 034): two
    // small boxes and a large one are asked about as the product's large box and small box.
    expect(query?.packages).toEqual([
      { weightKg: 30, lengthCm: 50, widthCm: 50, heightCm: 60 },
      { weightKg: 20, lengthCm: 46, widthCm: 46, heightCm: 46 },
    ]);
    expect(query?.collection).toEqual({ countryId: 247, countryCode: 'GB', postcode: 'BT1 1AA' });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    [
      'no collection post code',
      { collection: { countryId: 231, postcode: '  ' } },
      'collection.postcode',
      'Please enter collection post code',
    ],
    [
      'no destination post code',
      { destination: { countryId: 73, postcode: '' } },
      'destination.postcode',
      'Please enter destination post code',
    ],
    ['no boxes', { smallBoxes: 0, largeBoxes: 0 }, 'boxes', 'Please select amount of boxes'],
    [
      'six boxes',
      { smallBoxes: 3, largeBoxes: 3 },
      'boxes',
      'You can send at most 5 boxes in one order',
    ],
    ['a negative count', { smallBoxes: -1 }, 'small', 'Box counts must be whole numbers'],
    [
      'a post code that is not a UK one',
      { collection: { countryId: 231, postcode: '12345' } },
      'collection.postcode',
      'Please enter a valid UK post code, like SW1A 1AA',
    ],
    [
      'a Northern Ireland post code with Mainland',
      { collection: { countryId: 231, postcode: 'BT1 1AA' } },
      'collection.postcode',
      'BT1 1AA is in United Kingdom (Northern Ireland), not United Kingdom (Mainland). Please choose United Kingdom (Northern Ireland) as the collection country.',
    ],
    [
      'a French post code of 4 digits',
      { destination: { countryId: 73, postcode: '7500' } },
      'destination.postcode',
      'Please enter a valid post code for France: 5 digits, like 75001',
    ],
    [
      'an unknown destination',
      { destination: { countryId: 999, postcode: '75001' } },
      'destination.countryId',
      'Please choose a destination country from the list',
    ],
  ];
  for (const [name, overrides, field, message] of invalid) {
    it(`refuses ${name} with 422 and the form's message`, async () => {
      const res = await ask(overrides);
      expect(res.statusCode).toBe(422);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toBe(message);
      expect(body.error.fields?.[field]).toBe(message);
    });
  }

  it('reports the product’s checks in the product’s order', async () => {
    const res = await ask({
      collection: { countryId: 231, postcode: '' },
      destination: { countryId: 73, postcode: '' },
      smallBoxes: 0,
      largeBoxes: 0,
    });
    const body = ApiErrorBodySchema.parse(res.json());
    expect(body.error.message).toBe('Please enter collection post code');
    expect(Object.values(body.error.fields ?? {})).toEqual([
      'Please enter collection post code',
      'Please enter destination post code',
      'Please select amount of boxes',
    ]);
  });

  it('answers NO_QUOTES when the courier runs neither service on the route', async () => {
    courier.routeServices = typicalRouteServices().filter((s) => s.serviceName.startsWith('UPS'));
    const res = await ask({ smallBoxes: 4, largeBoxes: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: 'NO_QUOTES',
        message: 'No quotes found. Please review countries and post codes.',
      },
    });
  });

  it('offers only the services that have both a courier service and a price', async () => {
    // Express loses its usable collection options; economy stays.
    courier.routeServices = typicalRouteServices().map((s) =>
      s.serviceName === 'TG Express Worldwide' ? { ...s, collectionOptions: [] } : s,
    );
    // A route no other test caches (several parcels, a large one, to South Africa).
    const res = await ask({
      destination: { countryId: 203, postcode: '8001' },
      smallBoxes: 0,
      largeBoxes: 4,
    });
    expect(res.statusCode).toBe(200);
    expect(QuoteAnswerSchema.parse(res.json()).services.map((s) => s.service)).toEqual(['economy']);
  });

  it('says we cannot price the route yet when the courier runs it but our tables have no price', async () => {
    await t.database.query(
      `DELETE FROM rates WHERE destination_country_id = 107 AND weight_kg = 150`,
    );
    t.app.services.rates.invalidate(); // as the rate tables' own writer does
    const res = await ask({
      destination: { countryId: 107, postcode: '00184' },
      smallBoxes: 0,
      largeBoxes: 5,
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.json()).toEqual({
      error: {
        code: 'NO_PRICE',
        message:
          "We can't price 5 boxes to Italy online yet. Please try a different number or size of boxes, or contact us and we will quote by email.",
      },
    });
  });
});

describe('POST /api/v1/orders (Select)', () => {
  it('starts a draft with the chosen service at the server’s price, ignoring prices sent', async () => {
    const res = await call(t.app, createOrder, {
      body: untyped({ quote: { ...request(), pricePence: 1 }, service: 'economy', pricePence: 1 }),
    });
    expect(res.statusCode).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(res.headers.location).toBe(`/api/v1/orders/${order.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(order).toMatchObject({
      status: 'draft',
      totalWeightKg: 80,
      selectedService: 'economy',
      pricePence: await tablePrice('economy', 73, 80),
    });
    expect(order.reference).toMatch(/^BA-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order.services.map((s) => s.service)).toEqual(['express', 'economy']);
    const again = await call(t.app, getOrder, { params: { id: order.id } });
    expect(again.json()).toEqual(order);
  });

  it('refuses a service the route does not offer now, and an invalid question', async () => {
    courier.routeServices = typicalRouteServices().filter((s) => s.serviceId !== 101);
    const body = {
      quote: request({
        smallBoxes: 0,
        largeBoxes: 2,
        destination: { countryId: 80, postcode: '10115' },
      }),
    };
    const express = await call(t.app, createOrder, { body: { ...body, service: 'express' } });
    expect(express.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(express.json()).error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Express is not available on this route right now. Please choose one of the services shown.',
    });
    const invalid = await call(t.app, createOrder, {
      body: { quote: request({ smallBoxes: 0, largeBoxes: 0 }), service: 'economy' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(invalid.json()).error.message).toBe(
      'Please select amount of boxes',
    );
  });
});

describe('the courier route cache', () => {
  const route = () =>
    ask({ destination: { countryId: 232, postcode: '10001' }, smallBoxes: 3, largeBoxes: 2 });

  it('asks the courier once, then answers from the cache while fresh', async () => {
    const before = courier.routeQueries.length;
    expect((await route()).statusCode).toBe(200);
    expect((await route()).statusCode).toBe(200);
    expect(courier.routeQueries.length).toBe(before + 1);
  });

  it('serves a stale answer at once and refreshes it in the background', async () => {
    const before = courier.routeQueries.length;
    t.clock.set(new Date(t.clock.now().getTime() + 7 * HOUR));
    expect((await route()).statusCode).toBe(200);
    await t.app.services.courierRoutes.idle();
    expect(courier.routeQueries.length).toBe(before + 1);
    // Refreshed: fresh again, no further call.
    expect((await route()).statusCode).toBe(200);
    expect(courier.routeQueries.length).toBe(before + 1);
  });

  it('still serves a stale answer while the courier is down', async () => {
    t.clock.set(new Date(t.clock.now().getTime() + 8 * HOUR));
    courier.down = true;
    expect((await route()).statusCode).toBe(200);
  });

  it('says so honestly when the answer is too old and the courier is down', async () => {
    t.clock.set(new Date(t.clock.now().getTime() + 30 * HOUR));
    courier.down = true;
    const res = await route();
    expect(res.statusCode).toBe(503);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('COURIER_UNAVAILABLE');
    const rows = await t.database.query<{ last_error: string }>(
      `SELECT last_error FROM courier_routes
       WHERE destination_country_id = 232 AND small_boxes = 1 AND large_boxes = 1`,
    );
    expect(rows[0]?.last_error).toMatch(/unreachable/);
  });

  it('says so when a route was never fetched and the courier is down', async () => {
    courier.down = true;
    const res = await ask({
      destination: { countryId: 107, postcode: '00184' },
      smallBoxes: 1,
      largeBoxes: 0,
    });
    expect(res.statusCode).toBe(503);
  });

  it('refreshes routes in use ahead of need (the recurring refresh of the route matrix)', async () => {
    const res = await ask({
      destination: { countryId: 154, postcode: '1012 AB' },
      smallBoxes: 0,
      largeBoxes: 1,
    });
    expect(res.statusCode).toBe(200);
    const jobs = t.app.services.jobs;
    await jobs.schedule(refreshCourierRoutesJob);
    await jobs.drain(); // warms the rest of the matrix (routes earlier tests left due among them)
    expect(await t.app.services.courierRoutes.warmMatrix({ concurrency: 2 })).toMatchObject({
      due: 0,
    });

    t.clock.set(new Date(t.clock.now().getTime() + 5 * HOUR));
    const before = courier.routeQueries.length;
    await jobs.drain();
    const rows = await t.database.query<{ fetched_at: Date }>(
      `SELECT fetched_at FROM courier_routes
       WHERE destination_country_id = 154 AND small_boxes = 0 AND large_boxes = 1`,
    );
    expect(new Date(rows[0]!.fetched_at).getTime()).toBe(t.clock.now().getTime());
    expect(
      courier.routeQueries
        .slice(before)
        .some((q) => q.delivery.countryId === 154 && q.packages.length === 1),
    ).toBe(true);
    // The tests after this one script the courier's answers on routes they expect to be cold.
    await t.app.services.courierRoutes.forgetAll();
  }, 120_000); // two whole-matrix rounds (192 routes each)
});

describe('orders', () => {
  /** A draft of two small boxes, Economy chosen at Select: the tests change it. */
  const draft = () =>
    newOrder(t.app, { quote: { smallBoxes: 2, largeBoxes: 0 }, service: 'economy' });

  it('changes the chosen service at the server’s price, ignoring a tampered one', async () => {
    const order = await draft();
    const res = await call(t.app, selectService, {
      params: { id: order.id },
      body: untyped({ service: 'express', pricePence: 1, actualPrice: 0.01 }),
    });
    expect(res.statusCode).toBe(200);
    const updated = OrderViewSchema.parse(res.json());
    expect(updated.selectedService).toBe('express');
    expect(updated.pricePence).toBe(await tablePrice('express', 73, 40));
    const reread = OrderViewSchema.parse(
      (await call(t.app, getOrder, { params: { id: order.id } })).json(),
    );
    expect(reread.pricePence).toBe(updated.pricePence);
  });

  it('refuses a service the order was not offered, and an unknown one', async () => {
    courier.routeServices = typicalRouteServices().filter((s) => s.serviceId !== 101);
    const order = await newOrder(t.app, {
      quote: { smallBoxes: 0, largeBoxes: 2, destination: { countryId: 80, postcode: '10115' } },
      service: 'economy',
    });
    const express = await call(t.app, selectService, {
      params: { id: order.id },
      body: { service: 'express' },
    });
    expect(express.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(express.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    const bogus = await call(t.app, selectService, {
      params: { id: order.id },
      body: untyped({ service: 'overnight' }),
    });
    expect(bogus.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bogus.json()).error.message).toBe(
      'Please choose Express or Economy',
    );
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['8c0f4c59-2a7e-4d36-9a59-0c7b8f1e2a11', 'not-a-uuid']) {
      const res = await call(t.app, getOrder, { params: { id } });
      expect(res.statusCode).toBe(404);
      expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('ORDER_NOT_FOUND');
    }
  });
});

describe('GET /api/v1/rates', () => {
  it('returns both public rate tables with each destination’s from-price', async () => {
    const res = await call(t.app, getRates);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('GBP');
    for (const service of ['economy', 'express'] as const) {
      expect(body.services[service].destinations).toHaveLength(12);
      const france = body.services[service].destinations.find((d) => d.countryId === 73);
      expect(france?.fromPence).toBe(await tablePrice(service, 73, 20));
    }
  });
});

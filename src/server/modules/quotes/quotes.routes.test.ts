import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import {
  ScriptedCourier,
  typicalRouteServices,
} from '../../../../tests/support/scripted-courier.js';
import { OrderViewSchema } from '../../../domain/order.js';
import { ApiErrorBodySchema } from '../../../domain/api-error.js';
import { REFRESH_COURIER_ROUTES_JOB } from '../courier-routes/courier-routes.service.js';
import { newOrder, quoteBody } from '../../../../tests/support/factories/orders.js';
import { call, untyped } from '../../../../tests/support/call.js';
import { createQuote, getOrder, selectService } from '../../../domain/api/orders.js';
import { getRates } from '../../../domain/api/catalog.js';

let t: TestApp;
/** Exact control over what the courier answers (the simulator is exercised by its contract suite). */
const courier = new ScriptedCourier();
beforeAll(async () => {
  t = await createTestApp({ courier });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.services.courierRoutes.idle();
  courier.down = false;
  courier.routeServices = typicalRouteServices();
});

const HOUR = 60 * 60_000;

/** A valid request with two large boxes as well (the tests' usual quote), with overrides. */
const request = (overrides: Record<string, unknown> = {}) =>
  quoteBody({ largeBoxes: 2, ...overrides });

async function tablePrice(service: 'economy' | 'express', countryId: number, weightKg: number) {
  return t.app.services.catalog.findPricePence(service, countryId, weightKg);
}

describe('POST /api/v1/quotes', () => {
  it('creates a draft order priced from our rate tables', async () => {
    const res = await call(t.app, createQuote, { body: request() });
    expect(res.statusCode).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(res.headers.location).toBe(`/api/v1/orders/${order.id}`);
    expect(order).toMatchObject({
      status: 'draft',
      smallBoxes: 1,
      largeBoxes: 2,
      totalBoxes: 3,
      totalWeightKg: 80,
      collection: { countryId: 231, postcode: 'SW1A 1AA', countryCode: 'GB' },
      destination: { countryId: 73, postcode: '75001', title: 'France', flagPath: '/flags/fr.svg' },
      selectedService: null,
      pricePence: null,
    });
    expect(order.reference).toMatch(/^BA-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order.services.map((s) => [s.service, s.pricePence])).toEqual([
      ['express', await tablePrice('express', 73, 80)],
      ['economy', await tablePrice('economy', 73, 80)],
    ]);
    expect(order.services[0]).toMatchObject({ name: 'Express', transitDays: '2-4' });

    const again = await call(t.app, getOrder, { params: { id: order.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
  });

  it('normalises post codes and asks the courier about the box mix’s parcel profile', async () => {
    const before = courier.routeQueries.length;
    const res = await call(t.app, createQuote, {
      body: request({
        collection: { countryId: 247, postcode: 'bt11aa' },
        destination: { countryId: 38, postcode: 'k1a0b1' },
        smallBoxes: 2,
        largeBoxes: 1,
      }),
    });
    expect(res.statusCode).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(order.collection.postcode).toBe('BT1 1AA');
    expect(order.destination.postcode).toBe('K1A 0B1');
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
    ['a negative count', { smallBoxes: -1 }, 'smallBoxes', 'Box counts cannot be negative'],
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
      const res = await call(t.app, createQuote, { body: request(overrides) });
      expect(res.statusCode).toBe(422);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toBe(message);
      expect(body.error.fields?.[field]).toBe(message);
    });
  }

  it('reports the product’s checks in the product’s order', async () => {
    const res = await call(t.app, createQuote, {
      body: request({
        collection: { countryId: 231, postcode: '' },
        destination: { countryId: 73, postcode: '' },
        smallBoxes: 0,
        largeBoxes: 0,
      }),
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
    const res = await call(t.app, createQuote, { body: request({ smallBoxes: 4, largeBoxes: 0 }) });
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
    const res = await call(t.app, createQuote, {
      body: request({
        destination: { countryId: 203, postcode: '8001' },
        smallBoxes: 0,
        largeBoxes: 4,
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(OrderViewSchema.parse(res.json()).services.map((s) => s.service)).toEqual(['economy']);
  });

  it('answers NO_QUOTES without asking the courier when our tables have no price', async () => {
    await t.database.query(
      `DELETE FROM rates WHERE destination_country_id = 21 AND weight_kg = 150`,
    );
    t.app.services.rates.invalidate(); // as the rate tables' own writer does
    const before = courier.routeQueries.length;
    const res = await call(t.app, createQuote, {
      body: request({
        destination: { countryId: 21, postcode: '1000' },
        smallBoxes: 0,
        largeBoxes: 5,
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).error.code).toBe('NO_QUOTES');
    expect(courier.routeQueries.length).toBe(before);
  });

  it('ignores prices sent by the client', async () => {
    const res = await call(t.app, createQuote, {
      body: untyped({ ...request(), pricePence: 1, actualPrice: 1 }),
    });
    expect(res.statusCode).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(order.services.every((s) => s.pricePence > 100)).toBe(true);
  });
});

describe('the courier route cache', () => {
  const route = () =>
    request({ destination: { countryId: 232, postcode: '10001' }, smallBoxes: 3, largeBoxes: 2 });

  it('asks the courier once, then answers from the cache while fresh', async () => {
    const before = courier.routeQueries.length;
    expect((await call(t.app, createQuote, { body: route() })).statusCode).toBe(201);
    expect((await call(t.app, createQuote, { body: route() })).statusCode).toBe(201);
    expect(courier.routeQueries.length).toBe(before + 1);
  });

  it('serves a stale answer at once and refreshes it in the background', async () => {
    const before = courier.routeQueries.length;
    t.clock.set(new Date(t.clock.now().getTime() + 7 * HOUR));
    expect((await call(t.app, createQuote, { body: route() })).statusCode).toBe(201);
    await t.app.services.courierRoutes.idle();
    expect(courier.routeQueries.length).toBe(before + 1);
    // Refreshed: fresh again, no further call.
    expect((await call(t.app, createQuote, { body: route() })).statusCode).toBe(201);
    expect(courier.routeQueries.length).toBe(before + 1);
  });

  it('still serves a stale answer while the courier is down', async () => {
    t.clock.set(new Date(t.clock.now().getTime() + 8 * HOUR));
    courier.down = true;
    expect((await call(t.app, createQuote, { body: route() })).statusCode).toBe(201);
  });

  it('says so honestly when the answer is too old and the courier is down', async () => {
    t.clock.set(new Date(t.clock.now().getTime() + 30 * HOUR));
    courier.down = true;
    const res = await call(t.app, createQuote, { body: route() });
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
    const res = await call(t.app, createQuote, {
      body: request({
        destination: { countryId: 107, postcode: '00184' },
        smallBoxes: 1,
        largeBoxes: 0,
      }),
    });
    expect(res.statusCode).toBe(503);
  });

  it('refreshes routes in use ahead of need (the recurring refresh of the route matrix)', async () => {
    const body = request({
      destination: { countryId: 154, postcode: '1012 AB' },
      smallBoxes: 0,
      largeBoxes: 1,
    });
    expect((await call(t.app, createQuote, { body })).statusCode).toBe(201);
    const jobs = t.app.services.jobs;
    await jobs.schedule({ kind: REFRESH_COURIER_ROUTES_JOB, key: REFRESH_COURIER_ROUTES_JOB });
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
  /** A draft of two small boxes, its service not chosen yet: the tests choose it. */
  const draft = () => newOrder(t.app, { quote: { smallBoxes: 2, largeBoxes: 0 }, service: null });

  it('stores the chosen service with the server’s price, ignoring a tampered one', async () => {
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
    const res = await call(t.app, createQuote, {
      body: request({
        smallBoxes: 0,
        largeBoxes: 2,
        destination: { countryId: 80, postcode: '10115' },
      }),
    });
    const order = OrderViewSchema.parse(res.json());
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

/**
 * The courier contract: the real adapter (TransglobalCourier) against the simulator, over HTTP,
 * for every call, every documented failure and every behaviour switch, checking the normalised
 * result or ProviderError.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COURIER_TEST_NOW,
  LARGE_BOX,
  routeQuery,
  sampleBooking,
  SMALL_BOX,
} from '#tests/support/courier.js';
import { DESTINATIONS, COLLECTION_REGIONS } from '#src/domain/countries.js';
import { fixedClock } from '../../clock.js';
import { ProviderError } from '../provider-error.js';
import type {
  CourierExchange,
  CourierExchangeObserver,
  CourierParcelTracking,
  CourierProvider,
  ShipmentBooking,
} from './courier-provider.js';
import {
  startCourierSimulator,
  SWITCHED_CALLS,
  type CourierSimulator,
} from './simulator/simulator.server.js';
import { TransglobalCourier, type TransglobalOptions } from './transglobal/transglobal.client.js';

const API_KEY = 'contract-key';
/** Every behaviour switch the simulator has, as normal. */
const SWITCHES_NORMAL = Object.fromEntries(SWITCHED_CALLS.map((call) => [call, 'normal']));
const PASSWORD = 'contract-secret-password';
const logLines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  }),
);

let simulator: CourierSimulator;
let courier: CourierProvider;
const clock = fixedClock(COURIER_TEST_NOW);

function client(options: Partial<TransglobalOptions> = {}): TransglobalCourier {
  return new TransglobalCourier({
    baseUrl: simulator.url,
    apiKey: API_KEY,
    password: PASSWORD,
    timeouts: { countriesMs: 2_000, quoteMs: 2_000, commodityMs: 2_000, bookMs: 5_000 },
    retry: { attempts: 2, baseDelayMs: 5 },
    logger,
    ...options,
  });
}

/** The ProviderError a promise rejects with (fails the test if it resolves). */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/**
 * A safe call's switches (fail, http500, hang, malformed) each fail it with our code: retried
 * only when retryable, every attempt made and observed. `after` checks each case further.
 */
async function expectSwitchFailures(
  call: 'track' | 'cancel',
  ask: (observe: CourierExchangeObserver) => Promise<unknown>,
  after?: () => void,
) {
  const cases = [
    ['fail', 'REJECTED', false, 1],
    ['http500', 'HTTP_ERROR', true, 2],
    ['hang', 'TIMEOUT', true, 2],
    ['malformed', 'INVALID_RESPONSE', false, 1],
  ] as const;
  for (const [behaviour, code, retryable, attempts] of cases) {
    await control({ [call]: behaviour });
    const before = simulator.calls()[call];
    const exchanges: CourierExchange[] = [];
    const error = await providerError(ask((e) => exchanges.push(e)));
    expect(error, behaviour).toMatchObject({ code, retryable });
    expect(simulator.calls()[call] - before).toBe(attempts);
    expect(exchanges.map((e) => e.outcome)).toEqual(Array(attempts).fill(code));
    after?.();
  }
}

/** Drives the simulator through its public control endpoint, exactly as any test would. */
async function control(body: object) {
  const response = await fetch(`${simulator.url}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  simulator = await startCourierSimulator({
    clock,
    credentials: { apiKey: API_KEY, password: PASSWORD },
    // The client waits 5 s for a booking, less than a render thread's first render can take on
    // a loaded machine; labels.pdf.test.ts books through the thread.
    renderPdfs: 'this-thread',
  });
  courier = client();
});
afterAll(async () => {
  await simulator.close();
  // Secrets never logged, whatever happened above.
  expect(logLines.length).toBeGreaterThan(10);
  expect(logLines.join('')).not.toContain(PASSWORD);
  expect(logLines.join('')).not.toContain(API_KEY);
});
beforeEach(async () => {
  clock.set(COURIER_TEST_NOW);
  await control({ reset: true });
});

describe('getCountries', () => {
  it('lists the UK collection regions, every destination we sell, and a wider world', async () => {
    const countries = await courier.getCountries();
    for (const place of [...COLLECTION_REGIONS, ...DESTINATIONS]) {
      expect(countries).toContainEqual(
        expect.objectContaining({ countryId: place.countryId, countryCode: place.countryCode }),
      );
    }
    expect(countries).toContainEqual({
      countryId: 248,
      title: 'Canary Islands',
      countryCode: 'ES',
    });
    expect(countries.length).toBeGreaterThan(100);
  });
});

describe('getRouteServices (GetQuoteMinimal)', () => {
  it.each(DESTINATIONS.map((d) => [d.title, d] as const))(
    'UK mainland to %s offers both kept services with their collection options',
    async (_title, destination) => {
      const services = await courier.getRouteServices(
        routeQuery({
          delivery: {
            countryId: destination.countryId,
            countryCode: destination.countryCode,
            postcode: '1000',
          },
        }),
      );
      const names = services.map((s) => s.serviceName);
      expect(names).toContain('TG Express Worldwide');
      expect(names).toContain('TG International Economy');
      // …and others that the site filters out.
      expect(services.length).toBeGreaterThan(2);
      for (const kept of services.filter((s) => s.serviceName.startsWith('TG '))) {
        expect(kept.serviceId).toBeGreaterThan(0);
        expect(kept.transitTimeEstimate).toMatch(/^\d+(-\d+)?$/);
        expect(kept.collectionOptions.map((o) => o.title)).toEqual(['DHLParcel', 'DHLParcelMulti']);
      }
    },
  );

  it('offers only DHLParcelMulti for several parcels, from every UK region', async () => {
    for (const region of COLLECTION_REGIONS) {
      const services = await courier.getRouteServices(
        routeQuery({
          collection: { countryId: region.countryId, countryCode: 'GB', postcode: 'BT1 1AA' },
          packages: [SMALL_BOX, LARGE_BOX, LARGE_BOX],
        }),
      );
      const express = services.find((s) => s.serviceName === 'TG Express Worldwide');
      expect(express?.collectionOptions).toEqual([
        { collectionOptionId: 52, title: 'DHLParcelMulti', chargePence: 1290 },
      ]);
    }
  });

  it('returns no services for a route the courier does not serve', async () => {
    const services = await courier.getRouteServices(
      routeQuery({ delivery: { countryId: 1, countryCode: 'AF', postcode: '1001' } }),
    );
    expect(services).toEqual([]);
  });

  it('drops a service whose per-package limit a package exceeds', async () => {
    const heavy = { ...SMALL_BOX, weightKg: 45 };
    const services = await courier.getRouteServices(routeQuery({ packages: [heavy] }));
    const names = services.map((s) => s.serviceName);
    expect(names).toContain('TG Express Worldwide');
    expect(names).not.toContain('TG International Economy');
  });

  it.each([
    [
      'an unknown CountryID',
      routeQuery({ delivery: { countryId: 999, countryCode: 'FR', postcode: '75001' } }),
      /CountryID 999 is not a known CountryID/,
    ],
    [
      'a CountryID that does not match its CountryCode',
      routeQuery({ delivery: { countryId: 73, countryCode: 'DE', postcode: '10115' } }),
      /CountryID 73 is France \(FR\), which does not match CountryCode DE/,
    ],
    [
      'a package over the courier’s weight limit',
      routeQuery({ packages: [{ ...SMALL_BOX, weightKg: 80 }] }),
      /Package 1 weighs 80 kg, over the maximum of 70 kg/,
    ],
  ])('rejects %s with the courier’s message', async (_what, query, message) => {
    const error = await providerError(courier.getRouteServices(query));
    expect(error).toMatchObject({ provider: 'transglobal', code: 'REJECTED', retryable: false });
    expect(error.message).toMatch(message);
  });

  it('rejects missing credentials', async () => {
    const error = await providerError(client({ apiKey: '' }).getCountries());
    expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(error.message).toMatch(/Credentials are required/);
  });

  it('rejects wrong credentials', async () => {
    const error = await providerError(client({ password: 'wrong' }).getRouteServices(routeQuery()));
    expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(error.message).toMatch(/Invalid Credentials/);
    expect(error.message).not.toContain('wrong');
  });
});

describe('lookupCommodity (GetCommodity)', () => {
  it('finds up to five ranked matches with real HS codes', async () => {
    const matches = await courier.lookupCommodity('cotton t-shirts');
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(5);
    expect(matches[0]).toEqual({
      commodityCode: '610910',
      commodityDescription: 'T-shirts, singlets and vests of cotton, knitted',
    });
  });

  it.each([
    ['books', '490199'],
    ['kettle', '851679'],
    ['running shoes', '640411'],
    ['laptop', '847130'],
    ['duvet cover', '630231'],
    ['lego', '950300'],
  ])('ranks the obvious code first for "%s"', async (description, code) => {
    const [first] = await courier.lookupCommodity(description);
    expect(first?.commodityCode).toBe(code);
  });

  it('reads "nothing matched" as an empty list', async () => {
    expect(await courier.lookupCommodity('qwxzv plumbus')).toEqual([]);
    expect(await courier.lookupCommodity('   ')).toEqual([]);
  });
});

describe('bookShipment (BookShipment)', () => {
  it('books, returning reference, tracking page, label PDFs and a commercial invoice', async () => {
    const result = await courier.bookShipment(sampleBooking());
    expect(result.orderReference).toMatch(/^GB\d{7}$/);
    expect(result.labels.map((l) => l.size)).toEqual(['A4', 'Thermal']);
    const awb = result.labels[0]?.airWaybillReference;
    expect(awb).toMatch(/^\d{10}$/);
    for (const label of result.labels) {
      expect(label).toMatchObject({ role: 'Primary', format: 'PDF', airWaybillReference: awb });
      expect(label.content.subarray(0, 5).toString()).toBe('%PDF-');
      const download = await fetch(label.downloadUrl!);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(label.content)).toBe(true);
    }
    expect(result.documents).toHaveLength(1);
    expect(result.documents[0]).toMatchObject({ documentType: 'CommercialInvoice', format: 'PDF' });
    expect(result.documents[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    const tracking = await fetch(result.trackingUrl);
    expect(tracking.status).toBe(200);
    const page = await tracking.text();
    expect(page).toContain(result.orderReference);
    expect(page).toContain(awb);
    expect(page).toContain('Shipment booked');

    expect(result.invoice?.invoiceReference).toMatch(/^INV-\d{7}$/);
    expect(result.invoice?.taxPence).toBe(0);
    expect(result.invoice?.totalGrossPence).toBe(result.invoice?.totalNetPence);
    const itemsTotal = result.invoice!.items.reduce((sum, i) => sum + (i.amountNetPence ?? 0), 0);
    expect(itemsTotal).toBe(result.invoice?.totalNetPence);
    expect(result.invoice?.items[0]?.description).toContain('TG Express Worldwide');
  });

  it('books several parcels with the multi-parcel collection on the economy service', async () => {
    const base = sampleBooking();
    const result = await courier.bookShipment({
      ...base,
      serviceId: 219,
      collectionOptionId: 52,
      packages: [base.packages[0]!, { ...LARGE_BOX, commodities: base.packages[0]!.commodities }],
    });
    expect(result.orderReference).toMatch(/^GB\d{7}$/);
    expect(result.invoice?.items.map((i) => i.description)).toContain(
      'Collection (DHLParcelMulti)',
    );
  });

  it('shows the order progressing on the tracking page as time passes', async () => {
    const result = await courier.bookShipment(sampleBooking());
    clock.set('2026-11-30T12:00:00Z');
    const page = await (await fetch(result.trackingUrl)).text();
    expect(page).toContain('Collected from London');
    expect(page).toContain('Delivered in Paris');
  });

  const booking = sampleBooking();
  const firstPackage = booking.packages[0]!;
  it.each<[string, Partial<ShipmentBooking>, RegExp, string?]>([
    [
      'an unknown ServiceID',
      { serviceId: 4242 },
      /Carrier Error: An invalid service has been entered/,
    ],
    [
      'a service not offered on the route',
      { delivery: { ...booking.delivery, countryId: 1, countryCode: 'AF' } },
      /Carrier Error: An invalid service has been entered/,
    ],
    ['a Saturday collection', { collectionDate: '2026-11-28' }, /Saturday or Sunday/],
    ['a collection in the past', { collectionDate: '2026-11-20' }, /in the past/],
    [
      'a same-day collection after the cut-off',
      { collectionDate: '2026-11-23' },
      /same-day cut-off \(15:00\) has passed/,
      '2026-11-23T16:00:00Z',
    ],
    [
      'packages without commodity lines to a customs destination',
      { packages: [{ ...firstPackage, commodities: [] }] },
      /Package 1: CommodityDetails are required for a customs destination \(France\)/,
    ],
    [
      'declared items heavier than their package',
      {
        packages: [
          {
            ...firstPackage,
            commodities: [{ ...firstPackage.commodities[0]!, numberOfUnits: 30, unitWeightKg: 1 }],
          },
        ],
      },
      /Package 1: the declared items weigh 30 kg, more than the package's 20 kg/,
    ],
    [
      'a package over the courier’s weight limit',
      { packages: [{ ...firstPackage, weightKg: 75 }] },
      /Package 1 weighs 75 kg, over the maximum of 70 kg/,
    ],
    [
      'an unknown CountryID',
      { delivery: { ...booking.delivery, countryId: 999 } },
      /CountryID 999 is not a known CountryID/,
    ],
    [
      'a CountryID/CountryCode mismatch',
      { delivery: { ...booking.delivery, countryCode: 'DE' } },
      /does not match CountryCode DE/,
    ],
    [
      'the single-parcel collection for several parcels',
      { packages: [firstPackage, firstPackage] },
      /CollectionOptionID 51 is not available for 2 package\(s\)/,
    ],
    [
      'a missing collection option',
      { collectionOptionId: undefined },
      /CollectionOptionID is required for TG Express Worldwide: one of 51 \(DHLParcel\), 52 \(DHLParcelMulti\)/,
    ],
    [
      'a missing telephone number',
      { delivery: { ...booking.delivery, telephoneNumber: '' } },
      /DeliveryAddress.TelephoneNumber is required/,
    ],
    [
      'a malformed commodity code',
      {
        packages: [
          {
            ...firstPackage,
            commodities: [{ ...firstPackage.commodities[0]!, commodityCode: 'shirt' }],
          },
        ],
      },
      /CommodityCode "shirt" is not a tariff code/,
    ],
  ])(
    'rejects %s (Status FAIL → REJECTED, not retryable)',
    async (_what, changes, message, now?: string) => {
      if (now) clock.set(now);
      const before = simulator.calls().book;
      const error = await providerError(courier.bookShipment({ ...booking, ...changes }));
      expect(error).toMatchObject({ provider: 'transglobal', code: 'REJECTED', retryable: false });
      expect(error.message).toMatch(message);
      expect(simulator.calls().book - before).toBe(1);
    },
  );
});

describe('findBookings (FindOrders, assumed)', () => {
  it('finds what it booked under our reference, from its own store; nothing under another; a refused look-up is REJECTED', async () => {
    const reference = `BA-FIND-${Date.now()}`;
    expect(await courier.findBookings(reference)).toEqual([]);
    const booked = await courier.bookShipment(sampleBooking({ reference }));
    const [found, ...more] = await courier.findBookings(` ${reference} `);
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      orderReference: booked.orderReference,
      trackingUrl: booked.trackingUrl,
    });
    expect(found!.labels.map((l) => l.size)).toEqual(['A4', 'Thermal']);
    await control({ find: 'fail' });
    const refused = await providerError(courier.findBookings(reference));
    expect(refused).toMatchObject({ code: 'REJECTED', retryable: false });
  });
});

describe('getShipmentDocuments (GetOrderDocuments, assumed)', () => {
  it('gives a booked shipment’s labels, documents and tracking link again, by its reference', async () => {
    const booked = await courier.bookShipment(sampleBooking());
    const again = await courier.getShipmentDocuments(` ${booked.orderReference.toLowerCase()} `);
    expect(again.orderReference).toBe(booked.orderReference);
    expect(again.trackingUrl).toBe(booked.trackingUrl);
    expect(again.labels.map((l) => l.size)).toEqual(['A4', 'Thermal']);
    again.labels.forEach((label, i) =>
      expect(label.content.equals(booked.labels[i]!.content)).toBe(true),
    );
    expect(again.documents.map((d) => d.documentType)).toEqual(['CommercialInvoice']);
  });

  it('says the collection in force, and after a move of the day gives labels made again for it', async () => {
    const booked = await courier.bookShipment(sampleBooking());
    const order = booked.orderReference;
    const first = await courier.getShipmentDocuments(order);
    expect(first.collection).toMatchObject({ date: '2026-11-24', instructions: '' });
    expect(first.collection?.contact?.phone).toBeTruthy();
    const contact = { name: 'Ann Smith', phone: '07700 900456', email: 'ann@example.com' };
    await courier.rebookCollection({
      courierReference: order,
      collectionDate: '2026-11-26',
      readyFrom: '10:00',
      contact,
      instructions: 'Ring twice',
    });
    const moved = await courier.getShipmentDocuments(order);
    expect(moved.collection).toEqual({
      date: '2026-11-26',
      readyFrom: '10:00',
      contact,
      instructions: 'Ring twice',
      // Booked without extra cover: the courier's Insurance.CoverValue is 0.
      coverValue: 0,
    });
    // The same labels (sizes, references), rendered again: they print the new day.
    expect(moved.labels.map((l) => [l.size, l.airWaybillReference])).toEqual(
      booked.labels.map((l) => [l.size, l.airWaybillReference]),
    );
    moved.labels.forEach((label, i) =>
      expect(label.content.equals(booked.labels[i]!.content)).toBe(false),
    );
    const download = await fetch(moved.labels[0]!.downloadUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(moved.labels[0]!.content)).toBe(true);
    // A change of contact alone leaves the labels as they are.
    await courier.rebookCollection({
      courierReference: order,
      collectionDate: '2026-11-26',
      readyFrom: '10:00',
      contact: { ...contact, phone: '07700 900789' },
    });
    const amended = await courier.getShipmentDocuments(order);
    expect(amended.collection?.contact?.phone).toBe('07700 900789');
    amended.labels.forEach((label, i) =>
      expect(label.content.equals(moved.labels[i]!.content)).toBe(true),
    );
  });

  it('is refused for a reference the courier does not know', async () => {
    const error = await providerError(courier.getShipmentDocuments('GB0000001'));
    expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(error.message).toMatch(/Order not found/);
  });
});

/** Two boxes, collected together on the multi-parcel option (Tuesday 24 November, from 12:30). */
function twoBoxBooking(): ShipmentBooking {
  const base = sampleBooking();
  const first = base.packages[0]!;
  return {
    ...base,
    collectionOptionId: 52,
    packages: [first, { ...LARGE_BOX, commodities: first.commodities }],
  };
}

/** Moves the simulator's own clock (its offset, through /__control) so that it reads `at`. */
async function simulatorAt(at: string) {
  const reads = clock.now().getTime() + simulator.settings().clockOffsetMs;
  expect((await control({ advanceMs: Date.parse(at) - reads })).status).toBe(200);
}

const statuses = (parcel: CourierParcelTracking) => parcel.events.map((e) => e.status);
const codes = (parcel: CourierParcelTracking) => parcel.events.map((e) => e.courierCode);
const JOURNEY = [
  'booked',
  'collected',
  'in_transit', // at the UK hub
  'in_transit', // departed the UK
  'in_transit', // arrived in the destination country
  'out_for_delivery',
  'delivered',
];

describe('trackShipment (TrackOrder, assumed)', () => {
  it('follows the simulator’s clock: each box its own reference and events, minutes apart, the same events in every answer', async () => {
    const booked = await courier.bookShipment(twoBoxBooking());
    const awb = booked.labels[0]!.airWaybillReference!;
    const exchanges: CourierExchange[] = [];
    const justBooked = await courier.trackShipment(booked.orderReference, (e) => exchanges.push(e));
    expect(justBooked.orderReference).toBe(booked.orderReference);
    expect(justBooked.parcels.map((p) => p.parcelReference)).toEqual([`${awb}-001`, `${awb}-002`]);
    expect(justBooked.parcels.map(statuses)).toEqual([['booked'], ['booked']]);
    expect(exchanges).toEqual([
      expect.objectContaining({
        operation: 'TrackOrder',
        request: { OrderReference: booked.orderReference },
        httpStatus: 200,
        outcome: 'SUCCESS',
      }),
    ]);

    // Tuesday 16:00: collected within the window, some time after 12:30, box 2 a minute later.
    await simulatorAt('2026-11-24T16:00:00Z');
    const collected = await courier.trackShipment(booked.orderReference);
    expect(collected.parcels.map(statuses)).toEqual([
      ['booked', 'collected'],
      ['booked', 'collected'],
    ]);
    expect(collected.parcels.map((p) => p.events[1]!.at.toISOString())).toEqual([
      '2026-11-24T15:00:00.000Z',
      '2026-11-24T15:01:00.000Z',
    ]);
    expect(collected.parcels[0]!.events[0]).toEqual(justBooked.parcels[0]!.events[0]);

    // Thursday: delivered, two working days after the collection (TG Express Worldwide to FR: 1-2).
    await simulatorAt('2026-11-26T14:00:00Z');
    const delivered = await courier.trackShipment(booked.orderReference);
    delivered.parcels.forEach((parcel, i) => {
      expect(codes(parcel)).toEqual([
        'BOOKED',
        'COLLECTED',
        'AT_HUB',
        'DEPARTED',
        'ARRIVED',
        'OUT_FOR_DELIVERY',
        'DELIVERED',
      ]);
      expect(statuses(parcel)).toEqual(JOURNEY);
      expect(parcel.events.every((e) => e.recognised)).toBe(true);
      // An event is the same event in every answer.
      expect(parcel.events.slice(0, 2)).toEqual(collected.parcels[i]!.events);
    });
    expect(delivered.parcels[0]!.events.at(-1)).toMatchObject({
      description: 'Delivered in Paris, France',
      location: 'Paris, France',
      at: new Date('2026-11-26T13:45:00Z'),
    });
    expect(delivered.parcels[1]!.events.at(-1)!.at).toEqual(new Date('2026-11-26T13:49:00Z'));

    // Its tracking page shows the same, box by box.
    const page = await (await fetch(booked.trackingUrl)).text();
    expect(page).toContain(`${awb}-002`);
    expect(page.match(/Status:<\/strong> Delivered in Paris, France/g)).toHaveLength(2);
  });

  it('plays each scenario on the box it names (box 1 by default, every box for a missed collection)', async () => {
    const booked = await courier.bookShipment(twoBoxBooking());
    const order = booked.orderReference;
    const scenario = async (body: object) =>
      expect((await control({ scenario: { order, ...body } })).status).toBe(200);

    // Wednesday noon, customs hold box 2 only: the boxes diverge.
    await scenario({ name: 'customs_hold', parcel: 2 });
    await simulatorAt('2026-11-25T12:00:00Z');
    const diverged = await courier.trackShipment(order);
    expect(diverged.parcels.map((p) => p.events.at(-1)?.status)).toEqual([
      'in_transit',
      'customs_hold',
    ]);
    expect(diverged.parcels[1]!.events.at(-1)).toMatchObject({
      courierCode: 'CUSTOMS_HOLD',
      reason: expect.stringMatching(/passport or ID/),
    });

    await simulatorAt('2026-12-31T12:00:00Z');
    const beforeDelivery = JOURNEY.slice(0, -1);
    const cases: [object, string[], string[]][] = [
      [{ name: 'normal' }, JOURNEY, JOURNEY],
      [
        { name: 'customs_hold', parcel: 2 },
        JOURNEY,
        [...JOURNEY.slice(0, 5), 'customs_hold', 'in_transit', 'out_for_delivery', 'delivered'],
      ],
      [
        { name: 'delivery_failed' },
        [...beforeDelivery, 'delivery_failed', 'out_for_delivery', 'delivered'],
        JOURNEY,
      ],
      [
        { name: 'returned' },
        [...beforeDelivery, 'delivery_failed', 'out_for_delivery', 'delivery_failed', 'returned'],
        JOURNEY,
      ],
      [
        { name: 'unknown_event' },
        [...JOURNEY.slice(0, 5), 'exception', 'out_for_delivery', 'delivered'],
        JOURNEY,
      ],
      [{ name: 'silent' }, [], JOURNEY],
      [{ name: 'silent', parcel: 2 }, JOURNEY, []],
      [
        { name: 'collection_missed' },
        ['booked', 'collection_missed'],
        ['booked', 'collection_missed'],
      ],
      [{ name: 'collection_missed', parcel: 2 }, JOURNEY, ['booked', 'collection_missed']],
    ];
    for (const [body, box1, box2] of cases) {
      await scenario(body);
      const tracking = await courier.trackShipment(order);
      expect(tracking.parcels.map(statuses), JSON.stringify(body)).toEqual([box1, box2]);
    }

    await scenario({ name: 'unknown_event' });
    const unknown = (await courier.trackShipment(order)).parcels[0]!.events[5];
    expect(unknown).toMatchObject({
      courierCode: 'MISROUTED',
      status: 'exception',
      recognised: false,
    });
    await scenario({ name: 'returned' });
    expect((await courier.trackShipment(order)).parcels[0]!.events.at(-1)).toMatchObject({
      courierCode: 'RETURNED',
      reason: 'Not delivered after two attempts',
    });

    // Refused, changing nothing: an order or a box it does not have, a scenario it does not know.
    for (const bad of [
      { order: 'GB0000001', name: 'returned' },
      { order, name: 'returned', parcel: 3 },
      { order, name: 'stolen' },
    ]) {
      const refused = await control({ scenario: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await courier.trackShipment(order)).parcels.map(statuses)[0]!.at(-1)).toBe('returned');
  });

  it('track switches: fail → REJECTED, http500 → HTTP_ERROR retried, hang → TIMEOUT, malformed → INVALID_RESPONSE; each attempt observed', async () => {
    const booked = await courier.bookShipment(sampleBooking());
    const quick = client({ timeouts: { trackMs: 150, rebookMs: 150 } });
    await expectSwitchFailures('track', (observe) =>
      quick.trackShipment(booked.orderReference, observe),
    );
    await control({ track: 'normal', rebook: 'http500' });
    const change = {
      courierReference: booked.orderReference,
      collectionDate: '2026-11-25',
      readyFrom: '10:00',
    };
    expect(await providerError(quick.rebookCollection(change))).toMatchObject({
      code: 'HTTP_ERROR',
    });
    // `lost`: the rebooking is made, its answer never comes; the collection in force says so.
    await control({ rebook: 'lost' });
    expect(await providerError(quick.rebookCollection(change))).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
    });
    expect((await courier.getShipmentDocuments(booked.orderReference)).collection?.date).toBe(
      '2026-11-25',
    );
    await control({ rebook: 'normal' });
    const unknown = await providerError(courier.trackShipment('GB0000001'));
    expect(unknown).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(unknown.message).toMatch(/Order not found/);
  });
});

describe('rebookCollection (RebookCollection, assumed)', () => {
  it('moves a missed collection to a weekday ahead; the journey starts again from it; refused once collected', async () => {
    const booked = await courier.bookShipment(twoBoxBooking());
    const order = booked.orderReference;
    await control({ scenario: { order, name: 'collection_missed' } });
    await simulatorAt('2026-11-24T18:00:00Z');
    const missed = await courier.trackShipment(order);
    expect(missed.parcels.map((p) => p.events.at(-1))).toEqual([
      expect.objectContaining({
        status: 'collection_missed',
        at: new Date('2026-11-24T17:45:00Z'),
      }),
      expect.objectContaining({
        status: 'collection_missed',
        at: new Date('2026-11-24T17:46:00Z'),
      }),
    ]);

    const change = (collectionDate: string, courierReference = order) => ({
      courierReference,
      collectionDate,
      readyFrom: '10:00',
    });
    for (const [refused, message] of [
      [change('2026-11-24'), /not after today/],
      [change('2026-11-28'), /Saturday or Sunday/],
      [change('24/11/2026'), /not a date/],
      [change('2026-11-25', 'GB0000001'), /Order not found/],
    ] as const) {
      const error = await providerError(courier.rebookCollection(refused));
      expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
      expect(error.message).toMatch(message);
    }

    const before = simulator.calls().rebook;
    const exchanges: CourierExchange[] = [];
    await courier.rebookCollection(change('2026-11-25'), (e) => exchanges.push(e));
    // Asked again, as after a lost reply: already so, rebooked once.
    await courier.rebookCollection(change('2026-11-25'));
    expect(simulator.calls().rebook - before).toBe(2);
    expect(exchanges).toEqual([
      expect.objectContaining({
        operation: 'RebookCollection',
        request: { OrderReference: order, CollectionDate: '2026-11-25', ReadyFrom: '10:00' },
        outcome: 'SUCCESS',
      }),
    ]);

    // Friday evening: collected on the new day (the missed scenario was the first date's), delivered.
    await simulatorAt('2026-11-27T18:00:00Z');
    const after = await courier.trackShipment(order);
    for (const parcel of after.parcels) {
      expect(statuses(parcel)).toEqual([
        'booked',
        'collection_missed',
        'booked',
        ...JOURNEY.slice(1),
      ]);
    }
    expect(after.parcels[0]!.events[2]).toMatchObject({
      courierCode: 'COLLECTION_REBOOKED',
      at: new Date('2026-11-24T18:00:00Z'),
    });
    expect(after.parcels[0]!.events[3]!.at).toEqual(new Date('2026-11-25T12:30:00Z'));
    const page = await (await fetch(booked.trackingUrl)).text();
    expect(page).toContain('2026-11-25 from 10:00');

    const late = await providerError(courier.rebookCollection(change('2026-12-01')));
    expect(late).toMatchObject({ code: 'REJECTED' });
    expect(late.message).toMatch(/have been collected/);
  });
});

describe('rebookCollection: another contact or driver instructions', () => {
  it('keeps the day in force (today’s included), records what changed in the rebookings, and moves nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'boxabroad-courier-amend-'));
    const own = await startCourierSimulator({
      clock,
      credentials: { apiKey: API_KEY, password: PASSWORD },
      renderPdfs: 'this-thread',
      storeDir: dir,
    });
    try {
      const one = client({ baseUrl: own.url });
      const booked = await one.bookShipment(sampleBooking());
      const order = booked.orderReference;
      const rebookings = async () =>
        (
          JSON.parse(await readFile(join(dir, order, 'order.json'), 'utf8')) as {
            rebookings: unknown[];
          }
        ).rebookings;
      // The collection day, 10:00: the boxes are collected from 15:00.
      own.control({ advanceMs: Date.parse('2026-11-24T10:00:00Z') - clock.now().getTime() });
      const contact = { name: 'Ann Smith', phone: '07700 900456', email: 'ann@example.com' };
      const amend = {
        courierReference: order,
        collectionDate: '2026-11-24',
        readyFrom: '12:30',
        contact,
        instructions: 'Ring twice; the boxes are in the porch',
      };
      const exchanges: CourierExchange[] = [];
      await one.rebookCollection(amend, (e) => exchanges.push(e));
      expect(exchanges[0]).toMatchObject({
        operation: 'RebookCollection',
        outcome: 'SUCCESS',
        request: {
          OrderReference: order,
          CollectionDate: '2026-11-24',
          ReadyFrom: '12:30',
          CollectionContact: {
            ContactName: 'Ann Smith',
            TelephoneNumber: '07700 900456',
            EmailAddress: 'ann@example.com',
          },
          CollectionInstructions: 'Ring twice; the boxes are in the porch',
        },
      });
      // Asked again, as after a lost reply: already so.
      await one.rebookCollection(amend);
      expect(await rebookings()).toEqual([
        {
          collectionDate: '2026-11-24',
          readyFrom: '12:30',
          at: '2026-11-24T10:00:00.000Z',
          contact,
          instructions: 'Ring twice; the boxes are in the porch',
        },
      ]);

      // The same date with nothing else is still not a new day; a move with a new phone is both.
      const sameDay = await providerError(
        one.rebookCollection({
          courierReference: order,
          collectionDate: '2026-11-24',
          readyFrom: '12:30',
        }),
      );
      expect(sameDay.message).toMatch(/not after today/);
      const moved = { ...contact, phone: '07700 900789' };
      await one.rebookCollection({
        courierReference: order,
        collectionDate: '2026-11-25',
        readyFrom: '12:30',
        contact: moved,
        instructions: 'Ring twice; the boxes are in the porch',
      });
      expect((await rebookings())[1]).toEqual({
        collectionDate: '2026-11-25',
        readyFrom: '12:30',
        at: '2026-11-24T10:00:00.000Z',
        contact: moved,
      });

      // Only the move is an event: collected on the new day, the contact change is no event.
      own.control({
        advanceMs: Date.parse('2026-11-25T16:00:00Z') - Date.parse('2026-11-24T10:00:00Z'),
      });
      const tracking = await one.trackShipment(order);
      expect(codes(tracking.parcels[0]!)).toEqual(['BOOKED', 'COLLECTION_REBOOKED', 'COLLECTED']);
      expect(tracking.parcels[0]!.events[2]!.at).toEqual(new Date('2026-11-25T15:00:00Z'));
    } finally {
      await own.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cancelShipment (CancelShipment, assumed)', () => {
  it('cancels before collection, again with the same time; the journey ends cancelled; no rebooking after it; the documents stay', async () => {
    const booked = await courier.bookShipment(twoBoxBooking());
    const order = booked.orderReference;
    await simulatorAt('2026-11-23T14:00:00Z');
    const exchanges: CourierExchange[] = [];
    const cancelled = await courier.cancelShipment(order, (e) => exchanges.push(e));
    expect(cancelled).toEqual({ cancelledAt: '2026-11-23T14:00:00.000Z' });
    expect(exchanges).toEqual([
      expect.objectContaining({
        operation: 'CancelShipment',
        request: { OrderReference: order },
        httpStatus: 200,
        outcome: 'SUCCESS',
      }),
    ]);
    expect(simulator.calls().cancellations[order]).toBe(1);

    // An hour later, as after a lost reply: the same answer.
    await simulatorAt('2026-11-23T15:00:00Z');
    expect(await courier.cancelShipment(order)).toEqual(cancelled);
    expect(simulator.calls().cancellations[order]).toBe(2);

    // Friday: nothing was collected, the last event is the cancellation.
    await simulatorAt('2026-11-27T18:00:00Z');
    const tracking = await courier.trackShipment(order);
    for (const parcel of tracking.parcels) {
      expect(statuses(parcel)).toEqual(['booked', 'cancelled']);
      expect(parcel.events.at(-1)).toMatchObject({
        courierCode: 'CANCELLED',
        recognised: true,
        at: new Date('2026-11-23T14:00:00Z'),
      });
    }
    expect(await (await fetch(booked.trackingUrl)).text()).toContain('Cancelled');

    const rebook = await providerError(
      courier.rebookCollection({
        courierReference: order,
        collectionDate: '2026-11-30',
        readyFrom: '10:00',
      }),
    );
    expect(rebook).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(rebook.message).toMatch(/was cancelled/);
    const documents = await courier.getShipmentDocuments(order);
    expect(documents.labels.map((l) => l.size)).toEqual(['A4', 'Thermal']);
  });

  it('is refused once the courier has collected a box, saying so; an unknown order is refused', async () => {
    const one = await courier.bookShipment(sampleBooking({ readyFrom: '09:00' }));
    const two = await courier.bookShipment({ ...twoBoxBooking(), readyFrom: '09:00' });
    // The collection day: box 1 at 11:30, box 2 of the second order a minute later.
    await simulatorAt('2026-11-24T11:30:30Z');
    const partly = await providerError(courier.cancelShipment(two.orderReference));
    expect(partly).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(partly.message).toMatch(
      `1 of the 2 boxes of ${two.orderReference} have been collected: the booking cannot be cancelled`,
    );
    await simulatorAt('2026-11-24T11:35:00Z');
    const before = simulator.calls().cancel;
    const refused = await providerError(courier.cancelShipment(one.orderReference));
    expect(refused).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(refused.message).toContain(
      `The boxes of ${one.orderReference} have been collected: the booking cannot be cancelled`,
    );
    // Not retried, nothing recorded, the journey goes on.
    expect(simulator.calls().cancel - before).toBe(1);
    expect(simulator.calls().cancellations[one.orderReference]).toBeUndefined();
    await simulatorAt('2026-11-27T18:00:00Z');
    expect(statuses((await courier.trackShipment(one.orderReference)).parcels[0]!)).toEqual(
      JOURNEY,
    );

    const unknown = await providerError(courier.cancelShipment('GB0000001'));
    expect(unknown).toMatchObject({ code: 'REJECTED', retryable: false });
    expect(unknown.message).toMatch(/Order not found/);
  });

  it('cancel switches: http500 and hang retryable and retried, fail REJECTED; none cancels anything', async () => {
    const booked = await courier.bookShipment(sampleBooking());
    const order = booked.orderReference;
    const quick = client({ timeouts: { cancelMs: 150 } });
    await expectSwitchFailures(
      'cancel',
      (observe) => quick.cancelShipment(order, observe),
      () => expect(simulator.calls().cancellations[order]).toBeUndefined(),
    );
    expect((await control({})).body).toMatchObject({ cancel: 'malformed' });
    await control({ cancel: 'normal' });
    expect(statuses((await courier.trackShipment(order)).parcels[0]!)).toEqual(['booked']);
    await courier.cancelShipment(order);
    expect(simulator.calls().cancellations[order]).toBe(1);
  });
});

describe('the simulator’s store (storeDir)', () => {
  /** From the tests' Monday 10:00 to Friday 16:00. */
  const FRIDAY_16H = Date.parse('2026-11-27T16:00:00Z') - Date.parse(COURIER_TEST_NOW);

  it('keeps what it booked across a restart: tracking, scenario, rebooking, documents and downloads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'boxabroad-courier-store-'));
    const start = () =>
      startCourierSimulator({
        clock,
        credentials: { apiKey: API_KEY, password: PASSWORD },
        renderPdfs: 'this-thread',
        storeDir: dir,
      });
    try {
      const first = await start();
      let booked;
      let before;
      let relabelled;
      try {
        const one = client({ baseUrl: first.url });
        booked = await one.bookShipment(twoBoxBooking());
        first.control({
          scenario: { order: booked.orderReference, name: 'customs_hold', parcel: 2 },
        });
        await one.rebookCollection({
          courierReference: booked.orderReference,
          collectionDate: '2026-11-25',
          readyFrom: '11:00',
        });
        // The move's labels, made again for the new day, are what the store keeps.
        relabelled = await one.getShipmentDocuments(booked.orderReference);
        first.control({ advanceMs: FRIDAY_16H });
        before = await one.trackShipment(booked.orderReference);
      } finally {
        await first.close();
      }
      expect(before.parcels.map((p) => p.events.at(-1)?.status)).toEqual([
        'delivered',
        'customs_hold',
      ]);

      const second = await start();
      try {
        second.control({ advanceMs: FRIDAY_16H });
        const two = client({ baseUrl: second.url });
        expect(await two.trackShipment(booked.orderReference)).toEqual(before);
        const again = await two.getShipmentDocuments(booked.orderReference);
        expect(again.collection).toMatchObject({ date: '2026-11-25', readyFrom: '11:00' });
        again.labels.forEach((label, i) =>
          expect(label.content.equals(relabelled.labels[i]!.content)).toBe(true),
        );
        const path = new URL(booked.labels[0]!.downloadUrl!).pathname;
        const download = await fetch(`${second.url}${path}`);
        expect(
          Buffer.from(await download.arrayBuffer()).equals(relabelled.labels[0]!.content),
        ).toBe(true);
        const next = await two.bookShipment(sampleBooking({ collectionDate: '2026-11-30' }));
        expect(next.orderReference).not.toBe(booked.orderReference);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('call counts (GET /__calls)', () => {
  it('counts each API call as it arrives, whatever its type', async () => {
    const read = async () =>
      (await (await fetch(`${simulator.url}/__calls`)).json()) as Record<string, number>;
    const before = await read();
    expect(Object.keys(before).sort()).toEqual([
      'book',
      'bookings',
      'cancel',
      'cancellations',
      'commodity',
      'countries',
      'coverRaises',
      'documents',
      'find',
      'quote',
      'rebook',
      'track',
    ]);
    await courier.lookupCommodity('books');
    await courier.lookupCommodity('shoes');
    expect(await read()).toEqual({ ...before, commodity: before.commodity! + 2 });
  });

  it('keeps the cover each booking asked for, by its YourReference', async () => {
    const booking = sampleBooking({ reference: 'BA-COVER-600' });
    await courier.bookShipment({
      ...booking,
      insurance: { ...booking.insurance, coverPence: 60_000 },
    });
    const calls = (await (await fetch(`${simulator.url}/__calls`)).json()) as {
      bookings: Record<string, { coverValue: number }>;
    };
    expect(calls.bookings['BA-COVER-600']).toEqual({ coverValue: 600 });
  });
});

describe('behaviour switches (POST /__control)', () => {
  it('replies with the current settings; keys left out keep theirs; reset restores defaults', async () => {
    expect(await control({})).toEqual({
      status: 200,
      body: { ...SWITCHES_NORMAL, latencyMs: 0, clockOffsetMs: 0 },
    });
    expect((await control({ quote: 'fail', latencyMs: 5 })).body).toEqual({
      ...SWITCHES_NORMAL,
      latencyMs: 5,
      clockOffsetMs: 0,
      quote: 'fail',
    });
    expect((await control({ book: 'hang', track: 'http500', advanceMs: 3_600_000 })).body).toEqual({
      ...SWITCHES_NORMAL,
      latencyMs: 5,
      clockOffsetMs: 3_600_000,
      quote: 'fail',
      book: 'hang',
      track: 'http500',
    });
    expect((await control({ advanceMs: -600_000 })).body).toMatchObject({
      clockOffsetMs: 3_000_000,
    });
    expect((await control({ reset: true })).body).toEqual({
      ...SWITCHES_NORMAL,
      latencyMs: 0,
      clockOffsetMs: 0,
    });
  });

  it('hold keeps a call waiting until the switch changes, then answers as the new setting', async () => {
    await control({ book: 'hold' });
    const before = simulator.calls().book;
    let settled = false;
    const booking = courier.bookShipment(sampleBooking()).finally(() => (settled = true));
    // The call has reached the simulator and is being held: it has not answered.
    await expect.poll(() => simulator.calls().book - before).toBe(1);
    await control({ latencyMs: 0 });
    await control({});
    expect(settled).toBe(false);
    await control({ book: 'normal' });
    const booked = await booking;
    expect(booked.orderReference).toMatch(/^GB\d{7}$/);
    expect(simulator.calls().book - before).toBe(1);
  });

  it('takes its switches from a program on this machine only, never from a web page', async () => {
    // node:http, not fetch: fetch sends a Host of its own.
    const post = (headers: Record<string, string>, body = '{"book":"fail"}') =>
      new Promise<{ status: number }>((resolve, reject) => {
        const sent = request(`${simulator.url}/__control`, { method: 'POST', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        });
        sent.on('error', reject);
        sent.end(body);
      });
    const json = { 'Content-Type': 'application/json' };
    for (const [headers, status] of [
      [{ ...json, Origin: 'https://evil.example' }, 403],
      [{ ...json, Origin: 'null' }, 403],
      [{ ...json, 'Sec-Fetch-Site': 'cross-site' }, 403],
      [{ ...json, 'Sec-Fetch-Site': 'same-site' }, 403],
      // A rebinding DNS name that points at this machine.
      [{ ...json, Host: 'evil.example' }, 403],
      // What a page may send cross-site without asking first.
      [{ 'Content-Type': 'text/plain' }, 415],
      [{}, 415],
    ] as const) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
    }
    expect((await control({})).body).toMatchObject({ book: 'normal' });
    // Its own page, or a program (no Origin): allowed.
    const host = new URL(simulator.url).host;
    expect((await post({ ...json, Origin: `http://${host}` }, '{}')).status).toBe(200);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'none' }, '{}')).status).toBe(200);
  });

  it('refuses an unknown behaviour or key, keeping the settings', async () => {
    const bad = await control({ quote: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/quote/);
    expect((await control({ colour: 'red' })).status).toBe(400);
    expect((await control({})).body).toMatchObject({ quote: 'normal' });
  });

  const safeCalls = {
    quote: (c: CourierProvider) => c.getRouteServices(routeQuery()),
    commodity: (c: CourierProvider) => c.lookupCommodity('books'),
  };

  describe.each(Object.entries(safeCalls))('%s (safe to repeat)', (call, run) => {
    const type = call as 'quote' | 'commodity';

    it('fail → REJECTED with the Notification, not retried', async () => {
      await control({ [type]: 'fail' });
      const before = simulator.calls()[type];
      const error = await providerError(run(courier));
      expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
      expect(error.message).toMatch(/Simulated failure/);
      expect(simulator.calls()[type] - before).toBe(1);
    });

    it('http500 → HTTP_ERROR, retryable, retried with backoff', async () => {
      await control({ [type]: 'http500' });
      const before = simulator.calls()[type];
      const error = await providerError(run(courier));
      expect(error).toMatchObject({ code: 'HTTP_ERROR', retryable: true });
      expect(error.message).toMatch(/HTTP 500/);
      expect(simulator.calls()[type] - before).toBe(2);
    });

    it('hang → TIMEOUT after the client timeout, retryable', async () => {
      await control({ [type]: 'hang' });
      const quick = client({
        timeouts: { quoteMs: 150, commodityMs: 150 },
        retry: { attempts: 1 },
      });
      const started = performance.now();
      const error = await providerError(run(quick));
      expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true });
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    it('malformed → INVALID_RESPONSE', async () => {
      await control({ [type]: 'malformed' });
      const error = await providerError(run(courier));
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE', retryable: false });
      expect(error.message).toMatch(/not JSON/);
    });

    it('recovers once switched back to normal', async () => {
      await control({ [type]: 'http500' });
      await providerError(run(courier));
      await control({ [type]: 'normal' });
      await expect(run(courier)).resolves.toBeDefined();
    });
  });

  describe('book (never retried)', () => {
    it('fail → REJECTED: the courier said no, nothing was booked', async () => {
      await control({ book: 'fail' });
      const error = await providerError(courier.bookShipment(sampleBooking()));
      expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
    });

    it.each(['http500', 'malformed'] as const)(
      '%s → BOOKING_OUTCOME_UNKNOWN, sent once',
      async (behaviour) => {
        await control({ book: behaviour });
        const before = simulator.calls().book;
        const error = await providerError(courier.bookShipment(sampleBooking()));
        expect(error).toMatchObject({ code: 'BOOKING_OUTCOME_UNKNOWN', retryable: false });
        expect(simulator.calls().book - before).toBe(1);
      },
    );

    it('hang → BOOKING_OUTCOME_UNKNOWN after the booking timeout, sent once', async () => {
      await control({ book: 'hang' });
      const before = simulator.calls().book;
      const error = await providerError(
        client({ timeouts: { bookMs: 200 } }).bookShipment(sampleBooking()),
      );
      expect(error).toMatchObject({ code: 'BOOKING_OUTCOME_UNKNOWN', retryable: false });
      expect(error.message).toMatch(/no reply within 200 ms/);
      expect(simulator.calls().book - before).toBe(1);
    });
  });

  it('latencyMs delays every call; a timeout shorter than it ends the call', async () => {
    await control({ latencyMs: 250 });
    const started = performance.now();
    await courier.getCountries();
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    const error = await providerError(
      client({ timeouts: { commodityMs: 100 }, retry: { attempts: 1 } }).lookupCommodity('books'),
    );
    expect(error.code).toBe('TIMEOUT');
  });

  it('start-up options set the same behaviours', async () => {
    const other = await startCourierSimulator({ settings: { commodity: 'fail', latencyMs: 1 } });
    try {
      expect(other.settings()).toEqual({
        ...SWITCHES_NORMAL,
        latencyMs: 1,
        clockOffsetMs: 0,
        commodity: 'fail',
      });
      const error = await providerError(client({ baseUrl: other.url }).lookupCommodity('books'));
      expect(error.code).toBe('REJECTED');
    } finally {
      await other.close();
    }
  });
});

describe('transport failures', () => {
  it('an unreachable courier → NETWORK, retryable; a booking there was provably not sent', async () => {
    const gone = await startCourierSimulator();
    const url = gone.url;
    await gone.close();
    const offline = client({ baseUrl: url });
    expect(await providerError(offline.getCountries())).toMatchObject({
      code: 'NETWORK',
      retryable: true,
    });
    expect(await providerError(offline.bookShipment(sampleBooking()))).toMatchObject({
      code: 'NETWORK',
      retryable: true,
    });
    expect(await providerError(offline.cancelShipment('GB0052633'))).toMatchObject({
      code: 'NETWORK',
      retryable: true,
    });
  });
});

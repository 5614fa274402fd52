/**
 * The simulator at the HTTP level, as any client would see it: routing, the envelope on every
 * reply, leniency, and the calls our client does not make (full GetQuote, QuoteSelection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURIER_TEST_NOW, routeQuery, sampleBooking } from '#tests/support/courier.js';
import { fixedClock } from '#src/server/clock.js';
import { toBookShipmentBody, toQuoteMinimalBody } from '../transglobal/transglobal.mapper.js';
import { startCourierSimulator, type CourierSimulator } from './simulator.server.js';

let simulator: CourierSimulator;
const Credentials = { APIKey: 'key', Password: 'password' };

/** A small box from London (no town given) to Berlin, as our client writes it. */
const minimalShipment = toQuoteMinimalBody(
  routeQuery({
    collection: { countryId: 231, countryCode: 'GB', postcode: 'SW1A 1AA', city: '' },
    delivery: { countryId: 80, countryCode: 'DE', postcode: '10115', city: 'Berlin' },
  }),
).Shipment;

async function post(path: string, body: unknown, raw = false) {
  const response = await fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  simulator = await startCourierSimulator({ clock: fixedClock(COURIER_TEST_NOW) });
});
afterAll(() => simulator.close());

describe('routing', () => {
  it.each([
    '/Quote/V2/GetQuoteMinimal',
    '/quote/v2/getQuoteMinimal',
    '/QUOTE/V2/GETQUOTEMINIMAL/',
    '/quote/v2/getquoteminimal//',
  ])('matches %s whatever its case, with or without a trailing slash', async (path) => {
    const { status, json } = await post(path, { Credentials, Shipment: minimalShipment });
    expect(status).toBe(200);
    expect(json.Status).toBe('SUCCESS');
    expect(json.QuoteID).toBe(0);
  });

  it('answers other methods with 405 and the envelope', async () => {
    const response = await fetch(`${simulator.url}/Country/V2/GetCountries`);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({
      Status: 'FAIL',
      Notifications: [{ Severity: 'ERROR', Message: expect.stringMatching(/http method 'GET'/) }],
    });
  });

  it('answers an unknown method with 404 and the envelope', async () => {
    const { status, json } = await post('/Nothing/V2/NoSuchMethod', { Credentials });
    expect(status).toBe(404);
    expect(json).toMatchObject({ Status: 'FAIL' });
  });
});

describe('requests', () => {
  it('refuses a body that is not JSON with an Invalid Request FAIL', async () => {
    const { status, json } = await post('/Country/V2/GetCountries', '{"Credentials":', true);
    expect(status).toBe(200);
    expect(json).toEqual({
      Status: 'FAIL',
      Notifications: [
        { Message: 'Invalid Request: the body is not valid JSON', Severity: 'ERROR' },
      ],
    });
  });

  it.each([
    ['no Credentials', {}],
    ['an empty Password', { Credentials: { APIKey: 'key', Password: '' } }],
  ])('refuses %s', async (_what, body) => {
    const { json } = await post('/Country/V2/GetCountries', body);
    expect(json).toEqual({
      Status: 'FAIL',
      Notifications: [
        {
          Message: 'Credentials are required: send Credentials with APIKey and Password',
          Severity: 'ERROR',
        },
      ],
    });
  });

  it('accepts numbers as strings and ignores unknown keys, as the real API does', async () => {
    const { json } = await post('/quote/v2/getQuoteMinimal', {
      $id: '1',
      Credentials,
      Shipment: {
        ...minimalShipment,
        Consignment: {
          $id: '2',
          ItemType: 'Parcel',
          Packages: [{ Weight: '2', Length: '30', Width: '20', Height: '10' }],
        },
      },
    });
    expect(json.Status).toBe('SUCCESS');
    expect((json.ServiceResults as unknown[]).length).toBeGreaterThan(0);
  });

  it('names every invalid field of a request', async () => {
    const { json } = await post('/quote/v2/getQuoteMinimal', {
      Credentials,
      Shipment: {
        ...minimalShipment,
        Consignment: { ItemType: 'Parcel', Packages: [{ Weight: 'heavy' }] },
      },
    });
    expect(json.Status).toBe('FAIL');
    const messages = (json.Notifications as { Message: string }[]).map((n) => n.Message);
    expect(messages).toContain('Shipment.Consignment.Packages[0].Weight: expected a number');
    expect(messages.some((m) => m.startsWith('Shipment.Consignment.Packages[0].Length'))).toBe(
      true,
    );
  });

  it('returns SUCCESS with no services and a warning for a route it does not serve', async () => {
    const { json } = await post('/quote/v2/getQuoteMinimal', {
      Credentials,
      Shipment: {
        ...minimalShipment,
        DeliveryAddress: { Postcode: '1001', Country: { CountryID: 1 } },
      },
    });
    expect(json).toMatchObject({
      Status: 'SUCCESS',
      QuoteID: 0,
      ServiceResults: [],
      Notifications: [{ Severity: 'WARNING' }],
    });
  });

  it('shows the same-day cut-off only while it is still ahead', async () => {
    const { json } = await post('/quote/v2/getQuoteMinimal', {
      Credentials,
      Shipment: minimalShipment,
    });
    const express = (json.ServiceResults as Record<string, unknown>[]).find(
      (s) => s.ServiceID === 53,
    );
    expect(express?.SameDayCollectionCutOffTime).toBe('15:00');
  });

  it('answers GetCommodity for each search, empty Results when nothing matches', async () => {
    const { json } = await post('/commodity/v2/getCommodity', {
      Credentials,
      Searches: [{ Description: 'woollen jumper' }, { Description: 'zzzz' }],
      MessageLanguage: 'EN',
      CountryCode: 'GB',
      NumberOfResults: 3,
    });
    expect(json.Status).toBe('SUCCESS');
    const [first, second] = json.SearchResults as { Results: { CommodityCode: string }[] }[];
    expect(first?.Results[0]?.CommodityCode).toBe('611011');
    expect(first?.Results.length).toBeLessThanOrEqual(3);
    expect(second?.Results).toEqual([]);
  });
});

describe('BookShipment modes', () => {
  const body = toBookShipmentBody(sampleBooking());

  it('books from a full GetQuote with QuoteSelection', async () => {
    const quote = await post('/Quote/V2/GetQuote', { Credentials, Shipment: body.Shipment });
    expect(quote.json.Status).toBe('SUCCESS');
    const quoteId = quote.json.QuoteID as number;
    expect(quoteId).toBeGreaterThan(0);
    const booked = await post('/Book/V2/BookShipment', {
      Credentials,
      QuoteSelection: { QuoteID: quoteId },
      BookDetails: body.BookDetails,
    });
    expect(booked.json).toMatchObject({
      Status: 'SUCCESS',
      OrderReference: expect.stringMatching(/^GB/),
    });

    // Tracked at either likely path of TrackOrder (its area is not known), in the assumed shape.
    const OrderReference = booked.json.OrderReference as string;
    const awb = (booked.json.Labels as { AirWaybillReference: string }[])[0]!.AirWaybillReference;
    for (const path of ['/Track/V2/TrackOrder', '/tracking/v2/trackOrder/']) {
      expect((await post(path, { Credentials, OrderReference })).json).toEqual({
        Status: 'SUCCESS',
        Notifications: [],
        OrderReference,
        Parcels: [
          {
            ParcelReference: `${awb}-001`,
            AirWaybillReference: awb,
            PieceNumber: 1,
            Events: [
              {
                EventCode: 'BOOKED',
                EventDescription: 'Shipment booked; awaiting collection',
                Location: 'London, United Kingdom',
                EventDateTime: '2026-11-23T10:00:00+00:00',
              },
            ],
          },
        ],
      });
    }
    expect((await post('/Track/V2/TrackOrder', { Credentials })).json).toMatchObject({
      Status: 'FAIL',
    });
  });

  it.each([
    [
      'both QuoteSelection and Shipment',
      { QuoteSelection: { QuoteID: 1300 }, Shipment: body.Shipment },
      'Send either QuoteSelection or Shipment, not both',
    ],
    [
      'QuoteID 0 from GetQuoteMinimal',
      { QuoteSelection: { QuoteID: 0 } },
      'QuoteID 0 cannot be booked: a GetQuoteMinimal quote is not stored; send the full Shipment',
    ],
    [
      'an unknown QuoteID',
      { QuoteSelection: { QuoteID: 7 } },
      'QuoteID 7 was not found or has expired',
    ],
  ])('refuses %s', async (_what, mode, message) => {
    const { json } = await post('/Book/V2/BookShipment', {
      Credentials,
      BookDetails: body.BookDetails,
      ...mode,
    });
    expect(json).toEqual({
      Status: 'FAIL',
      Notifications: [{ Message: message, Severity: 'ERROR' }],
    });
  });

  it('serves 404 for an unknown download or order', async () => {
    expect((await fetch(`${simulator.url}/Download/Label/nothing/`)).status).toBe(404);
    expect((await fetch(`${simulator.url}/Track/GB0000000/`)).status).toBe(404);
  });
});

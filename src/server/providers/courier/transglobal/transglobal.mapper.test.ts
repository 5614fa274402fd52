import { describe, expect, it } from 'vitest';
import { routeQuery, sampleBooking } from '#tests/support/courier.js';
import {
  fromBookShipmentReply,
  fromCancelShipmentReply,
  fromCommodityReply,
  fromCountriesReply,
  fromOrderDocumentsReply,
  fromQuoteReply,
  fromTrackOrderReply,
  notificationsMessage,
  parseApiDateTime,
  toBookShipmentBody,
  toCancelShipmentBody,
  toCommodityBody,
  toQuoteMinimalBody,
  toRebookCollectionBody,
  toTrackOrderBody,
} from './transglobal.mapper.js';
import { trackingStatusOf } from './tracking-codes.js';
import {
  BookShipmentReplySchema,
  CancelShipmentReplySchema,
  CommodityReplySchema,
  CountriesReplySchema,
  QuoteReplySchema,
  OrderDocumentsReplySchema,
  RebookCollectionReplySchema,
  RebookCollectionRequestSchema,
  TrackOrderReplySchema,
} from './transglobal.schemas.js';

/**
 * Recorded-style payloads: shaped after the replies public client code reads
 * (docs/providers.md, "The courier API as we know it"), including a client's quirks the server tolerates.
 */
const QUOTE_REPLY = {
  $id: '1',
  Status: 'SUCCESS',
  Notifications: [],
  QuoteID: 0,
  ServiceResults: [
    {
      $id: '2',
      ServiceID: 53,
      ServiceName: 'TG Express Worldwide',
      CarrierName: 'DHL',
      ChargeableWeight: '20',
      TransitTimeEstimate: '1-2',
      SameDayCollectionCutOffTime: null,
      IsWarehouseService: false,
      TotalCost: {
        TotalCostNetWithCollection: 48.28,
        TotalCostNetWithoutCollection: 48.28,
        TotalCostGrossWithCollection: 48.28,
        TotalCostGrossWithoutCollection: 48.28,
      },
      ServicePriceBreakdown: [{ Code: 'COL', Description: 'Collection', Cost: 0 }],
      OptionalExtras: [{ Code: 'INS', Description: 'Insurance', Cost: 10.0 }],
      SignatureRequiredAvailable: true,
      ExpectedLabels: [
        {
          LabelRole: 'Primary',
          LabelFormat: 'PDF',
          LabelGenerateStatus: 'LabelGenerated',
          AvailableSizes: [{ Size: 'A4' }, { Size: 'Thermal' }],
        },
      ],
      CollectionOptions: [
        {
          CollectionOptionID: 52,
          CollectionOptionTitle: 'DHLParcelMulti',
          CollectionCharge: 12.9,
          SameDayCollectionCutOffTime: null,
          ExpectedLabel: {
            LabelRole: 'Collection',
            LabelFormat: 'PDF',
            LabelGenerateStatus: 'LabelGenerated',
            AvailableSizes: [{ Size: 'A4' }, { Size: 'Thermal' }],
          },
        },
      ],
      ServiceType: 'Air',
      SomethingNew: { tolerated: true },
    },
    {
      ServiceID: '26',
      ServiceName: 'UPS Express Saver',
      CarrierName: 'UPS',
      TransitTimeEstimate: '1+',
      TotalCost: null,
    },
  ],
};

describe('GetQuoteMinimal mapping', () => {
  it('sends the route and packages as the documented minimal Shipment', () => {
    expect(toQuoteMinimalBody(routeQuery())).toEqual({
      Shipment: {
        Consignment: {
          ItemType: 'Parcel',
          Packages: [{ Weight: 20, Length: 46, Width: 46, Height: 46 }],
        },
        CollectionAddress: {
          City: 'London',
          Postcode: 'SW1A 1AA',
          Country: { CountryID: 231, CountryCode: 'GB' },
        },
        DeliveryAddress: {
          City: 'Paris',
          Postcode: '75001',
          Country: { CountryID: 73, CountryCode: 'FR' },
        },
      },
    });
  });

  it('reads services, ids and collection options; tolerates numeric strings, nulls and extra keys', () => {
    const reply = QuoteReplySchema.parse(QUOTE_REPLY);
    expect(fromQuoteReply(reply)).toEqual([
      {
        serviceId: 53,
        serviceName: 'TG Express Worldwide',
        carrierName: 'DHL',
        transitTimeEstimate: '1-2',
        collectionOptions: [{ collectionOptionId: 52, title: 'DHLParcelMulti', chargePence: 1290 }],
      },
      {
        serviceId: 26,
        serviceName: 'UPS Express Saver',
        carrierName: 'UPS',
        transitTimeEstimate: '1+',
        collectionOptions: [],
      },
    ]);
  });

  it('rejects a service without its id', () => {
    const broken = { ...QUOTE_REPLY, ServiceResults: [{ ServiceName: 'No id' }] };
    expect(QuoteReplySchema.safeParse(broken).success).toBe(false);
  });

  it('reads a reply without ServiceResults as no services', () => {
    expect(fromQuoteReply(QuoteReplySchema.parse({ Status: 'SUCCESS', QuoteID: 0 }))).toEqual([]);
  });
});

describe('GetCommodity mapping', () => {
  it('asks for 5 results in English for GB', () => {
    expect(toCommodityBody('  cotton t-shirts ')).toEqual({
      Searches: [{ Description: 'cotton t-shirts' }],
      MessageLanguage: 'EN',
      CountryCode: 'GB',
      NumberOfResults: 5,
    });
  });

  it('reads the first search, at most five, without duplicates; numeric codes become strings', () => {
    const reply = CommodityReplySchema.parse({
      Status: 'SUCCESS',
      SearchResults: [
        {
          Results: [
            { CommodityCode: '61091000', CommodityDescription: 'T-shirts of cotton ' },
            { CommodityCode: 61091000, CommodityDescription: 'duplicate' },
            { CommodityCode: '6109902000', CommodityDescription: 'Of man-made fibres' },
            { CommodityCode: '1', CommodityDescription: 'a' },
            { CommodityCode: '2', CommodityDescription: 'b' },
            { CommodityCode: '3', CommodityDescription: 'c' },
            { CommodityCode: '4', CommodityDescription: 'd' },
          ],
        },
        { Results: [{ CommodityCode: '9', CommodityDescription: 'second search' }] },
      ],
    });
    expect(fromCommodityReply(reply)).toEqual([
      { commodityCode: '61091000', commodityDescription: 'T-shirts of cotton' },
      { commodityCode: '6109902000', commodityDescription: 'Of man-made fibres' },
      { commodityCode: '1', commodityDescription: 'a' },
      { commodityCode: '2', commodityDescription: 'b' },
      { commodityCode: '3', commodityDescription: 'c' },
    ]);
  });

  it('reads no SearchResults, or empty Results, as not found', () => {
    expect(fromCommodityReply(CommodityReplySchema.parse({ Status: 'SUCCESS' }))).toEqual([]);
    expect(
      fromCommodityReply(
        CommodityReplySchema.parse({ Status: 'SUCCESS', SearchResults: [{ Results: [] }] }),
      ),
    ).toEqual([]);
  });
});

describe('GetCountries mapping', () => {
  it('reads CountryID, Title and CountryCode', () => {
    const reply = CountriesReplySchema.parse({
      Status: 'SUCCESS',
      Notifications: null,
      Countries: [
        { CountryID: 231, Title: 'United Kingdom (Mainland)', CountryCode: 'GB' },
        { CountryID: '248', Title: 'Canary Islands', CountryCode: 'ES', Extra: 1 },
      ],
    });
    expect(fromCountriesReply(reply)).toEqual([
      { countryId: 231, title: 'United Kingdom (Mainland)', countryCode: 'GB' },
      { countryId: 248, title: 'Canary Islands', countryCode: 'ES' },
    ]);
  });
});

describe('BookShipment mapping', () => {
  it('sends the full Shipment and BookDetails, money in pounds', () => {
    const body = toBookShipmentBody(sampleBooking());
    expect(body.QuoteSelection).toBeUndefined();
    expect(body.Shipment?.Consignment).toMatchObject({
      ItemType: 'Parcel',
      ItemsAreStackable: true,
      ConsignmentSummary: 'Clothes, Books',
      ConsignmentValue: 125,
      ConsignmentCurrency: { CurrencyCode: 'GBP' },
      ReasonForExport: 'Gift',
    });
    const effects = toBookShipmentBody(
      sampleBooking({
        consignmentSummary: 'Used personal effects: Clothes, Books',
        customsReason: 'personal-effects',
      }),
    );
    expect(effects.Shipment?.Consignment).toMatchObject({
      ConsignmentSummary: 'Used personal effects: Clothes, Books',
      ReasonForExport: 'Personal effects',
    });
    expect(body.Shipment?.Consignment.Packages[0]).toEqual({
      Weight: 20,
      Length: 46,
      Width: 46,
      Height: 46,
      CommodityDetails: [
        {
          CommodityCode: '610910',
          CommodityDescription: 'Cotton T-shirts',
          CountryOfOrigin: { CountryCode: 'GB' },
          NumberOfUnits: 10,
          UnitValue: 5,
          UnitWeight: 0.2,
        },
        {
          CommodityCode: '490199',
          CommodityDescription: 'Paperback books',
          CountryOfOrigin: { CountryCode: 'GB' },
          NumberOfUnits: 15,
          UnitValue: 5,
          UnitWeight: 0.4,
        },
      ],
    });
    expect(body.Shipment?.DeliveryAddress).toEqual({
      Forename: 'Louis',
      Surname: 'Martin',
      EmailAddress: 'louis@example.fr',
      TelephoneNumber: '+33612345678',
      AddressLineOne: '8 Rue de Rivoli',
      City: 'Paris',
      Postcode: '75001',
      Country: { CountryID: 73, CountryCode: 'FR' },
      IsAddressResidential: true,
    });
    expect(body.BookDetails).toEqual({
      ServiceID: 53,
      YourReference: 'BA-2026-000123',
      ShippingCharges: 0,
      Collection: { CollectionDate: '2026-11-24', ReadyFrom: '12:30', CollectionOptionID: 51 },
      Insurance: { CoverValue: 50, ExcessValue: 0, GoodsAreNew: true, GoodsAreFragile: false },
      DeliveryInstructions: 'Leave with the concierge',
    });
  });

  it('sends company and the second address line when the address has them', () => {
    const booking = sampleBooking();
    const body = toBookShipmentBody({
      ...booking,
      delivery: { ...booking.delivery, companyName: 'Rivoli SARL', addressLineTwo: 'Escalier B' },
    });
    expect(body.Shipment?.DeliveryAddress).toMatchObject({
      Forename: 'Louis',
      Surname: 'Martin',
      CompanyName: 'Rivoli SARL',
      AddressLineOne: '8 Rue de Rivoli',
      AddressLineTwo: 'Escalier B',
    });
    expect(body.Shipment?.CollectionAddress).not.toHaveProperty('CompanyName');
    expect(body.Shipment?.CollectionAddress).not.toHaveProperty('AddressLineTwo');
  });

  it('leaves CollectionOptionID out when the service has none', () => {
    const body = toBookShipmentBody(sampleBooking({ collectionOptionId: undefined }));
    expect(body.BookDetails.Collection).toEqual({
      CollectionDate: '2026-11-24',
      ReadyFrom: '12:30',
    });
  });

  it('reads reference, tracking, decoded labels and documents, invoice in pence', () => {
    const pdf = Buffer.from('%PDF-1.3 label');
    const reply = BookShipmentReplySchema.parse({
      Status: 'SUCCESS',
      Notifications: [],
      OrderReference: 'DE0052580',
      OrderInvoice: {
        InvoiceReference: 'INV-0040781',
        TotalNet: 48.28,
        Tax: '0',
        TotalGross: 48.28,
        InvoiceItems: [{ ItemDescription: 'TG Express Worldwide', AmountNet: 48.28 }],
      },
      Labels: [
        {
          LabelRole: 'Primary',
          LabelFormat: 'PDF',
          LabelSize: 'A4',
          AirWaybillReference: '1234567891',
          LabelContent: pdf.toString('base64'),
          DownloadURL: 'https://staging2.example/Download/Label/abc/',
          CarrierName: 'DHL',
          ServiceName: 'TG Express Worldwide',
        },
      ],
      Documents: [],
      TrackingURL: 'https://track.example/DE0052580',
    });
    expect(fromBookShipmentReply(reply)).toEqual({
      orderReference: 'DE0052580',
      trackingUrl: 'https://track.example/DE0052580',
      labels: [
        {
          role: 'Primary',
          format: 'PDF',
          size: 'A4',
          airWaybillReference: '1234567891',
          content: pdf,
          downloadUrl: 'https://staging2.example/Download/Label/abc/',
        },
      ],
      documents: [],
      invoice: {
        invoiceReference: 'INV-0040781',
        totalNetPence: 4828,
        taxPence: 0,
        totalGrossPence: 4828,
        items: [{ description: 'TG Express Worldwide', amountNetPence: 4828 }],
      },
    });
  });

  it('refuses a SUCCESS without an OrderReference or labels', () => {
    expect(BookShipmentReplySchema.safeParse({ Status: 'SUCCESS', Labels: [] }).success).toBe(
      false,
    );
  });
});

describe('TrackOrder mapping (assumed shape)', () => {
  it('asks by the trimmed OrderReference', () => {
    expect(toTrackOrderBody(' GB0052633 ')).toEqual({ OrderReference: 'GB0052633' });
  });

  it('reads a UPS-style reply: a waybill per box, numeric codes, events oldest first, unknown codes kept', () => {
    const reply = TrackOrderReplySchema.parse({
      $id: '1',
      Status: 'SUCCESS',
      Notifications: [],
      // Seen: a reply naming another order than the one asked. Ignored.
      OrderReference: 'GB0000001',
      Parcels: [
        {
          AirWaybillReference: '1Z999AA10123456784',
          Events: [
            {
              EventCode: '011',
              EventDescription: 'Delivered',
              Location: 'PARIS, FR',
              EventDateTime: '2026-07-16T13:45:00+02:00',
            },
            // A code sent as a number has lost its leading zeros.
            {
              EventCode: 3,
              EventDescription: 'Order processed: ready for UPS',
              Location: null,
              EventDateTime: '2026-07-14T09:05:00',
            },
            {
              EventCode: '005',
              EventDescription: 'Departed from facility',
              Location: 'Tamworth, GB',
              EventDateTime: '2026-07-14T22:10:00Z',
            },
            // The same event twice in one reply: kept once.
            {
              EventCode: '005',
              EventDescription: 'Departed from facility',
              Location: 'Tamworth, GB',
              EventDateTime: '2026-07-14T23:10:00+01:00',
            },
            {
              EventCode: 'X9',
              EventDescription: ' Address information needed ',
              Location: '',
              EventDateTime: '2026-07-15 10:00',
              Reason: 'Street name missing',
              SomethingNew: true,
            },
          ],
        },
        {
          AirWaybillReference: '1Z999AA10123456795',
          Events: [
            {
              EventCode: '160',
              EventDescription: 'Arrived at facility',
              EventDateTime: '2026-07-15T02:00:00.1234567Z',
            },
            {
              EventCode: '167',
              EventDescription: 'Import scan',
              EventDateTime: '2026-07-15T04:30:00+0200',
            },
            {
              EventCode: '021',
              EventDescription: 'Out for delivery',
              EventDateTime: '2026-07-16T08:00:00+02:00',
            },
          ],
        },
      ],
    });
    expect(fromTrackOrderReply(reply, ' GB0052633')).toEqual({
      orderReference: 'GB0052633',
      parcels: [
        {
          parcelReference: '1Z999AA10123456784',
          events: [
            {
              courierCode: '3',
              status: 'booked',
              recognised: true,
              description: 'Order processed: ready for UPS',
              // No zone: UK time (BST in July).
              at: new Date('2026-07-14T08:05:00Z'),
            },
            {
              courierCode: '005',
              status: 'in_transit',
              recognised: true,
              description: 'Departed from facility',
              location: 'Tamworth, GB',
              at: new Date('2026-07-14T22:10:00Z'),
            },
            {
              courierCode: 'X9',
              status: 'exception',
              recognised: false,
              description: 'Address information needed',
              reason: 'Street name missing',
              at: new Date('2026-07-15T09:00:00Z'),
            },
            {
              courierCode: '011',
              status: 'delivered',
              recognised: true,
              description: 'Delivered',
              location: 'PARIS, FR',
              at: new Date('2026-07-16T11:45:00Z'),
            },
          ],
        },
        {
          parcelReference: '1Z999AA10123456795',
          events: [
            expect.objectContaining({
              courierCode: '160',
              status: 'in_transit',
              at: new Date('2026-07-15T02:00:00.123Z'),
            }),
            expect.objectContaining({
              courierCode: '167',
              status: 'in_transit',
              at: new Date('2026-07-15T02:30:00Z'),
            }),
            expect.objectContaining({ courierCode: '021', status: 'in_transit' }),
          ],
        },
      ],
    });
  });

  it('reads a DHL-style reply: boxes sharing one waybill by piece, a box without events, ParcelReference first', () => {
    const event = (EventCode: string, EventDateTime: string) => ({
      EventCode,
      EventDescription: EventCode,
      EventDateTime,
    });
    const reply = TrackOrderReplySchema.parse({
      Status: 'SUCCESS',
      Parcels: [
        {
          AirWaybillReference: 4012345673,
          PieceNumber: '2',
          Events: [event('COLLECTED', '2026-11-24T14:30:00+00:00')],
        },
        { AirWaybillReference: '4012345673', PieceNumber: 1, Events: null },
        { ParcelReference: 'JD014600003812345678', AirWaybillReference: '4012345673', Events: [] },
        // The same box again, in a second entry: merged.
        {
          AirWaybillReference: '4012345673',
          PieceNumber: 2,
          Events: [event('AT_HUB', '2026-11-24T20:40:00+00:00')],
        },
      ],
    });
    expect(fromTrackOrderReply(reply, 'GB0052633')).toEqual({
      orderReference: 'GB0052633',
      parcels: [
        {
          parcelReference: '4012345673-002',
          events: [
            expect.objectContaining({ courierCode: 'COLLECTED', status: 'collected' }),
            expect.objectContaining({ courierCode: 'AT_HUB', status: 'in_transit' }),
          ],
        },
        { parcelReference: '4012345673-001', events: [] },
        { parcelReference: 'JD014600003812345678', events: [] },
      ],
    });
    // No parcels at all (a DHL order was seen answering no events): nothing known yet.
    expect(fromTrackOrderReply(TrackOrderReplySchema.parse({ Status: 'SUCCESS' }), 'GB1')).toEqual({
      orderReference: 'GB1',
      parcels: [],
    });
  });

  it('refuses an event without a code or with a time that is no time', () => {
    const parcel = (event: object) => ({ Status: 'SUCCESS', Parcels: [{ Events: [event] }] });
    for (const bad of [
      { EventDescription: 'no code', EventDateTime: '2026-11-24T10:00:00Z' },
      { EventCode: ' ', EventDateTime: '2026-11-24T10:00:00Z' },
      { EventCode: 'COLLECTED', EventDateTime: '24/11/2026 10:00' },
      { EventCode: 'COLLECTED', EventDateTime: '2026-02-30T10:00:00Z' },
      { EventCode: 'COLLECTED', EventDateTime: '2026-11-24T24:10:00Z' },
      { EventCode: 'COLLECTED' },
    ]) {
      expect(TrackOrderReplySchema.safeParse(parcel(bad)).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads a time without a zone as UK time, winter and summer', () => {
    expect(parseApiDateTime('2026-11-24T17:45:00')).toEqual(new Date('2026-11-24T17:45:00Z'));
    expect(parseApiDateTime('2026-06-01T17:45')).toEqual(new Date('2026-06-01T16:45:00Z'));
    expect(parseApiDateTime('2026-06-01T17:45:00-04:00')).toEqual(new Date('2026-06-01T21:45:00Z'));
  });
});

describe('tracking codes', () => {
  it.each([
    ['003', 'booked'],
    ['3', 'booked'],
    ['005', 'in_transit'],
    ['021', 'in_transit'],
    ['160', 'in_transit'],
    ['167', 'in_transit'],
    ['011', 'delivered'],
    ['collected', 'collected'],
    [' COLLECTION_MISSED ', 'collection_missed'],
    ['CUSTOMS_HOLD', 'customs_hold'],
    ['OUT_FOR_DELIVERY', 'out_for_delivery'],
    ['DELIVERY_FAILED', 'delivery_failed'],
    ['RETURNED', 'returned'],
    ['CANCELLED', 'cancelled'],
  ] as const)('%s is %s', (code, status) => {
    expect(trackingStatusOf(code)).toEqual({ status, recognised: true });
  });

  it.each(['999', 'MISROUTED', '', '__proto__', 'constructor'])(
    '%s is an unrecognised exception',
    (code) => {
      expect(trackingStatusOf(code)).toEqual({ status: 'exception', recognised: false });
    },
  );
});

describe('RebookCollection mapping (assumed shape)', () => {
  /** A move to Tuesday 09:00, and the body that says just that. */
  const MOVE = { courierReference: 'GB0052633', collectionDate: '2026-11-24', readyFrom: '09:00' };
  const MOVE_BODY = {
    OrderReference: 'GB0052633',
    CollectionDate: '2026-11-24',
    ReadyFrom: '09:00',
  };
  /** The simulator reads what the client sends. */
  const readByTheSimulator = (body: object) =>
    RebookCollectionRequestSchema.safeParse({
      Credentials: { APIKey: 'k', Password: 'p' },
      ...body,
    }).success;

  it('sends the reference, the new date and the time the boxes are ready from', () => {
    expect(
      toRebookCollectionBody({
        courierReference: ' GB0052633 ',
        collectionDate: '2026-11-26',
        readyFrom: '10:00',
      }),
    ).toEqual({ OrderReference: 'GB0052633', CollectionDate: '2026-11-26', ReadyFrom: '10:00' });
    expect(
      RebookCollectionReplySchema.safeParse({ Status: 'SUCCESS', Notifications: [] }).success,
    ).toBe(true);
  });

  it('sends a raised cover as Insurance.CoverValue in pounds, and nothing of cover otherwise', () => {
    const body = toRebookCollectionBody({ ...MOVE, coverValue: 600 });
    expect(body).toEqual({ ...MOVE_BODY, Insurance: { CoverValue: 600 } });
    expect(readByTheSimulator(body)).toBe(true);
  });

  it('sends a new collection contact and driver instructions only when they change', () => {
    const body = toRebookCollectionBody({
      ...MOVE,
      contact: { name: ' Ann Smith ', phone: ' 07700 900123 ', email: 'ann@example.com' },
      instructions: ' Ring the bell twice; boxes in the porch ',
    });
    expect(body).toEqual({
      ...MOVE_BODY,
      CollectionContact: {
        ContactName: 'Ann Smith',
        TelephoneNumber: '07700 900123',
        EmailAddress: 'ann@example.com',
      },
      CollectionInstructions: 'Ring the bell twice; boxes in the porch',
    });
    expect(readByTheSimulator(body)).toBe(true);
    // Instructions cleared: sent empty, not left out.
    expect(toRebookCollectionBody({ ...MOVE, instructions: '' })).toEqual({
      ...MOVE_BODY,
      CollectionInstructions: '',
    });
  });
});

describe('GetOrderDocuments mapping: the collection in force (assumed)', () => {
  const reply = (fields: object) =>
    fromOrderDocumentsReply(
      OrderDocumentsReplySchema.parse({
        Status: 'SUCCESS',
        Notifications: [],
        OrderReference: 'GB0052633',
        ...fields,
      }),
    );

  it('reads the day, time, contact, instructions and cover in RebookCollection’s fields', () => {
    expect(
      reply({
        CollectionDate: '2026-11-26T00:00:00',
        ReadyFrom: '10:00',
        CollectionContact: {
          ContactName: 'Ann Smith',
          TelephoneNumber: ' 07700 900456 ',
          EmailAddress: 'ann@example.com',
        },
        CollectionInstructions: 'Ring twice',
        Insurance: { CoverValue: '90.00' },
      }).collection,
    ).toEqual({
      date: '2026-11-26',
      readyFrom: '10:00',
      contact: { name: 'Ann Smith', phone: '07700 900456', email: 'ann@example.com' },
      instructions: 'Ring twice',
      coverValue: 90,
    });
  });

  it('knows nothing of the collection when the courier does not say a day', () => {
    expect(reply({}).collection).toBeUndefined();
    expect(reply({ CollectionDate: 'soon' }).collection).toBeUndefined();
    expect(reply({ CollectionDate: '2026-11-26' }).collection).toEqual({
      date: '2026-11-26',
      readyFrom: null,
      contact: null,
      instructions: null,
      coverValue: null,
    });
  });
});

describe('CancelShipment mapping (assumed shape)', () => {
  it('sends the courier’s order reference', () => {
    expect(toCancelShipmentBody(' GB0052633 ')).toEqual({ OrderReference: 'GB0052633' });
  });

  it('reads when the courier cancelled it, with its offset or as UK time without one', () => {
    const answeredAt = new Date('2026-11-24T10:05:00Z');
    const read = (reply: unknown) =>
      fromCancelShipmentReply(CancelShipmentReplySchema.parse(reply), answeredAt);
    expect(
      read({
        Status: 'SUCCESS',
        Notifications: [],
        OrderReference: 'GB0052633',
        CancelledAt: '2026-06-24T10:00:00+01:00',
      }),
    ).toEqual({ cancelledAt: '2026-06-24T09:00:00.000Z' });
    expect(read({ Status: 'SUCCESS', CancelledAt: '2026-06-24T10:00:00' })).toEqual({
      cancelledAt: '2026-06-24T09:00:00.000Z',
    });
    // It does not say when: the time its answer came.
    expect(read({ Status: 'SUCCESS', Notifications: null, CancelledAt: null })).toEqual({
      cancelledAt: '2026-11-24T10:05:00.000Z',
    });
    expect(read({ Status: 'SUCCESS', OrderReference: 52633 })).toEqual({
      cancelledAt: '2026-11-24T10:05:00.000Z',
    });
  });

  it('refuses a time it cannot read', () => {
    expect(
      CancelShipmentReplySchema.safeParse({ Status: 'SUCCESS', CancelledAt: 'yesterday' }).success,
    ).toBe(false);
  });
});

describe('notificationsMessage', () => {
  it('joins the messages, or says none was given', () => {
    expect(
      notificationsMessage([
        { Message: 'Carrier Error: An invalid service has been entered', Severity: 'ERROR' },
        { Message: ' FailReference 52633 ', Severity: null },
      ]),
    ).toBe('Carrier Error: An invalid service has been entered; FailReference 52633');
    expect(notificationsMessage(null)).toBe('no reason given');
  });
});

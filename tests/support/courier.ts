import type {
  RouteQuery,
  ShipmentBooking,
} from '../../src/server/providers/courier/courier-provider.js';

/** Monday 23 November 2026, 10:00 in London: the frozen "now" of the courier tests. */
export const COURIER_TEST_NOW = '2026-11-23T10:00:00Z';

export const SMALL_BOX = { weightKg: 20, lengthCm: 46, widthCm: 46, heightCm: 46 };
export const LARGE_BOX = { weightKg: 30, lengthCm: 50, widthCm: 50, heightCm: 60 };

export function routeQuery(overrides: Partial<RouteQuery> = {}): RouteQuery {
  return {
    collection: { countryId: 231, countryCode: 'GB', postcode: 'SW1A 1AA', city: 'London' },
    delivery: { countryId: 73, countryCode: 'FR', postcode: '75001', city: 'Paris' },
    packages: [SMALL_BOX],
    ...overrides,
  };
}

/** A complete, valid booking (UK mainland to France) as the site would send it. */
export function sampleBooking(overrides: Partial<ShipmentBooking> = {}): ShipmentBooking {
  return {
    reference: 'BA-2026-000123',
    serviceId: 53,
    collectionOptionId: 51,
    collectionDate: '2026-11-24',
    readyFrom: '12:30',
    consignmentSummary: 'Clothes, Books',
    customsReason: 'gift',
    consignmentValuePence: 12_500,
    insurance: { coverPence: 5_000, excessPence: 0, goodsAreNew: true, goodsAreFragile: false },
    deliveryInstructions: 'Leave with the concierge',
    collection: {
      forename: 'Amelia',
      surname: 'Hughes',
      emailAddress: 'amelia@example.com',
      telephoneNumber: '+447700900123',
      addressLineOne: '12 Acacia Avenue',
      city: 'London',
      postcode: 'SW1A 1AA',
      countryId: 231,
      countryCode: 'GB',
    },
    delivery: {
      forename: 'Louis',
      surname: 'Martin',
      emailAddress: 'louis@example.fr',
      telephoneNumber: '+33612345678',
      addressLineOne: '8 Rue de Rivoli',
      city: 'Paris',
      postcode: '75001',
      countryId: 73,
      countryCode: 'FR',
    },
    packages: [
      {
        ...SMALL_BOX,
        commodities: [
          {
            commodityCode: '610910',
            commodityDescription: 'Cotton T-shirts',
            numberOfUnits: 10,
            unitValuePence: 500,
            unitWeightKg: 0.2,
            countryOfOriginCode: 'GB',
          },
          {
            commodityCode: '490199',
            commodityDescription: 'Paperback books',
            numberOfUnits: 15,
            unitValuePence: 500,
            unitWeightKg: 0.4,
            countryOfOriginCode: 'GB',
          },
        ],
      },
    ],
    ...overrides,
  };
}

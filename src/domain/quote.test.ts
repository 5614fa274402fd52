import { describe, expect, it } from 'vitest';
import { quoteRequestFromSearch } from './quote-question.js';
import {
  QuoteQuerySchema,
  QuoteRequestSchema,
  packagesFor,
  quoteSearchOf,
  validateQuoteRequest,
} from './quote.js';

const valid = {
  collection: { countryId: 231, postcode: 'SW1A 1AA' },
  destination: { countryId: 73, postcode: '75001' },
  smallBoxes: 1,
  largeBoxes: 0,
};

const firstMessage = (input: typeof valid) => {
  const result = validateQuoteRequest(input);
  return result.ok ? undefined : result.errors[0]?.message;
};

describe('validateQuoteRequest', () => {
  it('accepts a valid request and normalises it', () => {
    const result = validateQuoteRequest({
      ...valid,
      collection: { countryId: 231, postcode: 'sw1a1aa' },
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.collection.postcode).toBe('SW1A 1AA');
      expect(result.value.destination.country.title).toBe('France');
    }
  });

  it('checks in the product’s order: collection, destination, boxes', () => {
    const all = {
      ...valid,
      collection: { countryId: 231, postcode: '' },
      destination: { countryId: 73, postcode: '' },
      smallBoxes: 0,
    };
    expect(firstMessage(all)).toBe('Please enter collection post code');
    expect(firstMessage({ ...all, collection: valid.collection })).toBe(
      'Please enter destination post code',
    );
    expect(firstMessage({ ...valid, smallBoxes: 0 })).toBe('Please select amount of boxes');
  });

  it('refuses more than 5 boxes', () => {
    expect(firstMessage({ ...valid, smallBoxes: 3, largeBoxes: 3 })).toBe(
      'You can send at most 5 boxes in one order',
    );
  });

  it('offers the right region for a post code in another one', () => {
    const result = validateQuoteRequest({
      ...valid,
      collection: { countryId: 231, postcode: 'HS1 2AA' },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toEqual({
        field: 'collection.postcode',
        message:
          'HS1 2AA is in United Kingdom (Offshore Isles), not United Kingdom (Mainland). Please choose United Kingdom (Offshore Isles) as the collection country.',
        suggestedCountryId: 272,
      });
    }
    expect(
      validateQuoteRequest({ ...valid, collection: { countryId: 272, postcode: 'HS1 2AA' } }).ok,
    ).toBe(true);
  });

  it('refuses Crown Dependency post codes', () => {
    expect(firstMessage({ ...valid, collection: { countryId: 231, postcode: 'JE2 3AA' } })).toBe(
      'JE2 3AA is in Jersey. We collect from the United Kingdom only.',
    );
  });

  it('names the expected destination format', () => {
    expect(firstMessage({ ...valid, destination: { countryId: 38, postcode: '12345' } })).toBe(
      'Please enter a valid post code for Canada: letter, digit, letter, space, digit, letter, digit, like K1A 0B1',
    );
    expect(firstMessage({ ...valid, destination: { countryId: 232, postcode: '1234' } })).toBe(
      'Please enter a valid post code for United States: a 5-digit ZIP code or ZIP+4, like 10001 or 10001-1234',
    );
  });
});

describe('QuoteRequestSchema', () => {
  it('rejects non-numeric counts with a clear message', () => {
    const result = QuoteRequestSchema.safeParse({ ...valid, smallBoxes: 'two' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Box counts must be whole numbers');
  });
});

describe('packagesFor', () => {
  it('uses the product’s assumed package values', () => {
    expect(packagesFor(1, 1)).toEqual([
      { weightKg: 30, lengthCm: 50, widthCm: 50, heightCm: 60 },
      { weightKg: 20, lengthCm: 46, widthCm: 46, heightCm: 46 },
    ]);
  });
});

describe('the question in an address', () => {
  it('reads back what quoteSearchOf writes, and the API’s query schema accepts it', () => {
    const request = {
      collection: { countryId: 247, postcode: 'BT1 1AA' },
      destination: { countryId: 38, postcode: 'K1A 0B1' },
      smallBoxes: 2,
      largeBoxes: 1,
    };
    const search = new URLSearchParams(quoteSearchOf(request));
    expect(quoteRequestFromSearch(search)).toEqual(request);
    expect(QuoteQuerySchema.safeParse(Object.fromEntries(search)).success).toBe(true);
    expect(quoteRequestFromSearch(new URLSearchParams('collection=231&small=1'))).toBeNull();
  });
});

import type { QuoteRequestInput, QuoteRequestShapeValue } from './quote-rules.js';

/**
 * The question a quote answers in an address, without the form's rules (quote-rules.ts), which
 * the home page loads only when its form is used: its script carries what it imports.
 */

/** The query's field for each part of the question (as `quoteQueryOf` writes them). */
export const QUOTE_QUERY = {
  collection: 'collection',
  collectionPostcode: 'collectionPostcode',
  destination: 'destination',
  destinationPostcode: 'destinationPostcode',
  smallBoxes: 'small',
  largeBoxes: 'large',
} as const;

/** The quote request a query string asks, or null when it names no countries or boxes. */
export function quoteRequestFromSearch(search: URLSearchParams): QuoteRequestShapeValue | null {
  const number = (key: string) => {
    const text = search.get(key);
    return text !== null && /^\d{1,4}$/.test(text) ? Number(text) : null;
  };
  const collection = number(QUOTE_QUERY.collection);
  const destination = number(QUOTE_QUERY.destination);
  const smallBoxes = number(QUOTE_QUERY.smallBoxes);
  const largeBoxes = number(QUOTE_QUERY.largeBoxes);
  if (collection === null || destination === null || smallBoxes === null || largeBoxes === null) {
    return null;
  }
  return {
    collection: {
      countryId: collection,
      postcode: search.get(QUOTE_QUERY.collectionPostcode) ?? '',
    },
    destination: {
      countryId: destination,
      postcode: search.get(QUOTE_QUERY.destinationPostcode) ?? '',
    },
    smallBoxes,
    largeBoxes,
  };
}

/** True when two requests ask the same question (post codes compared as typed, trimmed, in capitals). */
export function sameQuoteQuestion(a: QuoteRequestInput, b: QuoteRequestInput): boolean {
  const code = (postcode: string | undefined) => (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  return (
    a.collection.countryId === b.collection.countryId &&
    a.destination.countryId === b.destination.countryId &&
    code(a.collection.postcode) === code(b.collection.postcode) &&
    code(a.destination.postcode) === code(b.destination.postcode) &&
    a.smallBoxes === b.smallBoxes &&
    a.largeBoxes === b.largeBoxes
  );
}

/**
 * The question a quote answers, as the `/quote` page's address and `GET /api/v1/quotes` carry it
 * (one query string for both, so a shared link asks the same question); `QUOTE_QUERY` names the
 * same fields for reading it back.
 */
export function quoteQueryOf(request: QuoteRequestInput) {
  return {
    collection: String(request.collection.countryId),
    collectionPostcode: request.collection.postcode ?? '',
    destination: String(request.destination.countryId),
    destinationPostcode: request.destination.postcode ?? '',
    small: String(request.smallBoxes),
    large: String(request.largeBoxes),
  };
}

/** The query string (without `?`) of a quote request. */
export function quoteSearchOf(request: QuoteRequestInput): string {
  return new URLSearchParams(quoteQueryOf(request)).toString();
}

import { QUOTE_QUERY, type QuoteRequestInput, type QuoteRequestShapeValue } from './quote-rules.js';

/**
 * Reading a question back from the `/quote` page's address, apart from quote-rules.ts: the home
 * page writes the address but never reads one, and what the home page imports is in its script.
 */

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

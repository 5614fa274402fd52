// The quote questions the benchmarks ask: six destinations × six box mixes from London, as
// request objects, as `GET /api/v1/quotes` paths, and as Select bodies (`POST /api/v1/orders`).
import { quoteSearchOf } from '../../src/domain/quote-question.js';
import type { QuoteRequestInput } from '../../src/domain/quote-rules.js';

const DESTINATIONS: [number, string][] = [
  [73, '75001'],
  [80, '10115'],
  [232, '10001'],
  [38, 'K1A 0B1'],
  [13, '2000'],
  [154, '1012 AB'],
];
const MIXES: [number, number][] = [
  [1, 0],
  [0, 1],
  [2, 1],
  [1, 2],
  [3, 2],
  [0, 5],
];
/** London post codes the questions vary over (the answer does not depend on which). */
const LONDON = ['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'N1 9GU', 'SE1 7PB', 'E14 5AB'];

export const QUOTE_REQUESTS: QuoteRequestInput[] = DESTINATIONS.flatMap(([countryId, postcode]) =>
  MIXES.map(([smallBoxes, largeBoxes]) => ({
    collection: { countryId: 231, postcode: 'SW1A 1AA' },
    destination: { countryId, postcode },
    smallBoxes,
    largeBoxes,
  })),
);

/** The path of Get Quotes for a question. */
export const quotePath = (request: QuoteRequestInput) => `/api/v1/quotes?${quoteSearchOf(request)}`;

/** 216 different questions: each of the 36 routes from six London post codes. */
export const VARIED_QUOTE_PATHS: string[] = QUOTE_REQUESTS.flatMap((request) =>
  LONDON.map((postcode) => quotePath({ ...request, collection: { countryId: 231, postcode } })),
);

/** Select's body for each question: the order starts with Express. */
export const SELECT_BODIES: string[] = QUOTE_REQUESTS.map((quote) =>
  JSON.stringify({ quote, service: 'express' }),
);

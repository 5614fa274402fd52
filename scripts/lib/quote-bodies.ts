// The quote requests the benchmarks send: six destinations × six box mixes from London, each as
// the JSON body of POST /api/v1/quotes.
const DESTINATIONS = [
  [73, '75001'],
  [80, '10115'],
  [232, '10001'],
  [38, 'K1A 0B1'],
  [13, '2000'],
  [154, '1012 AB'],
];
const MIXES = [
  [1, 0],
  [0, 1],
  [2, 1],
  [1, 2],
  [3, 2],
  [0, 5],
];

/** @type {string[]} */
export const QUOTE_BODIES = DESTINATIONS.flatMap(([countryId, postcode]) =>
  MIXES.map(([smallBoxes, largeBoxes]) =>
    JSON.stringify({
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId, postcode },
      smallBoxes,
      largeBoxes,
    }),
  ),
);

/**
 * Country options offered by the site (docs/product-rules.md; ids: docs/providers.md, "Countries"). CountryIDs are the courier's own ids: a region
 * and its ISO code are not one-to-one (four UK collection regions all share GB).
 */
export type CountryRole = 'collection' | 'destination';

export interface CountryOption {
  countryId: number;
  title: string;
  countryCode: string;
  role: CountryRole;
  /** Path of the flag image served by the site itself. */
  flagPath: string;
}

const flag = (code: string) => `/flags/${code.toLowerCase()}.svg`;

/** UK collection regions, in the order the chooser lists them; the first is the default. */
export const COLLECTION_REGIONS: readonly CountryOption[] = [
  {
    countryId: 231,
    title: 'United Kingdom (Mainland)',
    countryCode: 'GB',
    role: 'collection',
    flagPath: flag('GB'),
  },
  {
    countryId: 247,
    title: 'United Kingdom (Northern Ireland)',
    countryCode: 'GB',
    role: 'collection',
    flagPath: flag('GB'),
  },
  {
    countryId: 271,
    title: 'United Kingdom (Scottish Highlands)',
    countryCode: 'GB',
    role: 'collection',
    flagPath: flag('GB'),
  },
  {
    countryId: 272,
    title: 'United Kingdom (Offshore Isles)',
    countryCode: 'GB',
    role: 'collection',
    flagPath: flag('GB'),
  },
];

/** Destinations, in the order the chooser lists them; the first is the default. */
export const DESTINATIONS: readonly CountryOption[] = [
  ['Australia', 13, 'AU'],
  ['Canada', 38, 'CA'],
  ['France', 73, 'FR'],
  ['Germany', 80, 'DE'],
  ['New Zealand', 157, 'NZ'],
  ['South Africa', 203, 'ZA'],
  ['United States', 232, 'US'],
  ['Portugal Mainland', 176, 'PT'],
  ['Netherlands', 154, 'NL'],
  ['Belgium', 21, 'BE'],
  ['Spain Mainland', 205, 'ES'],
  ['Italy', 107, 'IT'],
].map(([title, countryId, countryCode]) => ({
  countryId: countryId as number,
  title: title as string,
  countryCode: countryCode as string,
  role: 'destination' as const,
  flagPath: flag(countryCode as string),
}));

export const ALL_COUNTRY_OPTIONS: readonly CountryOption[] = [
  ...COLLECTION_REGIONS,
  ...DESTINATIONS,
];

/** Destinations within the European Union (some goods may only go there, docs/product-rules.md). */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'FR',
  'DE',
  'PT',
  'NL',
  'BE',
  'ES',
  'IT',
]);

export function findCountry(countryId: number): CountryOption | undefined {
  return ALL_COUNTRY_OPTIONS.find((c) => c.countryId === countryId);
}

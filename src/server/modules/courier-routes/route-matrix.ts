import { COLLECTION_REGIONS, DESTINATIONS } from '#src/domain/countries.js';
import { DESTINATION_POSTCODE_FORMATS } from '#src/domain/destination-postcodes.js';
import { packagesFor } from '#src/domain/quote.js';
import type { RouteQuery } from '../../providers/courier/courier-provider.js';
import type { RouteKey } from './courier-routes.repository.js';

/**
 * What the courier's answer about a route depends on (decision 034): the collection region, the
 * destination, whether there is one parcel or several (the collection options: DHLParcel
 * collects one parcel, DHLParcelMulti several) and the heaviest parcel (a service drops out when
 * a package is over its weight limit). Not on the exact box mix, and not on the post codes.
 *
 * Each of the four parcel profiles is stored under one representative box mix, so the cache key
 * keeps the table's columns: one small box, one large box, two small boxes, one large and one
 * small box.
 */
export function availabilityKey(key: RouteKey): RouteKey {
  const several = key.smallBoxes + key.largeBoxes > 1;
  const heavy = key.largeBoxes > 0;
  return {
    collectionCountryId: key.collectionCountryId,
    destinationCountryId: key.destinationCountryId,
    smallBoxes: several ? (heavy ? 1 : 2) : heavy ? 0 : 1,
    largeBoxes: heavy ? 1 : 0,
  };
}

/** The representative box mixes, one per parcel profile. */
export const PARCEL_PROFILES: readonly { smallBoxes: number; largeBoxes: number }[] = [
  { smallBoxes: 1, largeBoxes: 0 },
  { smallBoxes: 0, largeBoxes: 1 },
  { smallBoxes: 2, largeBoxes: 0 },
  { smallBoxes: 1, largeBoxes: 1 },
];

/** A real post code inside each collection region, for the warm-up's questions. */
const REGION_POSTCODES: Readonly<Record<number, string>> = {
  231: 'SW1A 1AA',
  247: 'BT1 1AA',
  271: 'IV1 1AA',
  272: 'HS1 2AA',
};

export interface MatrixEntry {
  key: RouteKey;
  query: RouteQuery;
}

/**
 * Every route the site can quote: each collection region × destination × parcel profile, with
 * the question the warm-up asks the courier about it.
 */
export function routeMatrix(): MatrixEntry[] {
  const entries: MatrixEntry[] = [];
  for (const region of COLLECTION_REGIONS) {
    for (const destination of DESTINATIONS) {
      for (const profile of PARCEL_PROFILES) {
        const key = {
          collectionCountryId: region.countryId,
          destinationCountryId: destination.countryId,
          ...profile,
        };
        entries.push({ key, query: queryFor(key, destination.countryCode) });
      }
    }
  }
  return entries;
}

function queryFor(key: RouteKey, destinationCode: string): RouteQuery {
  const example = DESTINATION_POSTCODE_FORMATS[destinationCode]?.example.split(' or ')[0] ?? '';
  return {
    collection: {
      countryId: key.collectionCountryId,
      countryCode: 'GB',
      postcode: REGION_POSTCODES[key.collectionCountryId] ?? '',
    },
    delivery: {
      countryId: key.destinationCountryId,
      countryCode: destinationCode,
      postcode: example,
    },
    packages: packagesFor(key.smallBoxes, key.largeBoxes),
  };
}

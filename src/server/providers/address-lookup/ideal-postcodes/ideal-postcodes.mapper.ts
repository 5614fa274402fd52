import type { FoundAddress } from '#src/domain/address-lookup.js';
import { IdealAddressSchema, type IdealAddress } from './ideal-postcodes.schemas.js';

/** Words a town's name keeps in lower case after its first word ("Stockton-on-Tees"). */
const SMALL_WORDS = new Set(['on', 'upon', 'in', 'under', 'by', 'the', 'of', 'le', 'sea', 'next']);

/**
 * A post town as people write it: the Postcode Address File keeps it in capitals ("LONDON",
 * "STOCKTON-ON-TEES"); the order pages print addresses in capitals themselves.
 */
export function townCase(town: string): string {
  let first = true;
  return town
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[a-z\u00c0-\u024f']+/g, (word) => {
      const keep = !first && SMALL_WORDS.has(word);
      first = false;
      return keep ? word : word.charAt(0).toUpperCase() + word.slice(1);
    });
}

/** A first line that names a part of a building, not the street. */
const SUB_BUILDING = /^(flat|apartment|unit|room|suite|floor|basement|studio)\b/i;

const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * One of the provider's addresses in our shape. The provider's three lines already include the
 * organisation when there is one (line 1): it becomes the company and the street starts after
 * it. A flat or unit comes first in the provider's lines; the form wants the street first and
 * the flat in its second line ("Flat, building, floor or area").
 */
export function toFoundAddress(raw: IdealAddress): FoundAddress {
  const address = IdealAddressSchema.parse(raw);
  const organisation = tidy(address.organisation_name);
  let lines = [address.line_1, address.line_2, address.line_3].map(tidy).filter(Boolean);
  if (organisation && lines[0] === organisation && lines.length > 1) lines = lines.slice(1);
  const [first = '', ...others] = lines;
  const [street, ...rest] =
    others.length > 0 && SUB_BUILDING.test(first) ? [...others, first] : [first, ...others];
  const city = townCase(address.post_town);
  const state = tidy(address.county || address.postal_county || address.traditional_county);
  const id = address.umprn ? `${address.udprn}-${address.umprn}` : String(address.udprn);
  const shownOrganisation = organisation && organisation !== first ? [organisation] : [];
  return {
    id,
    label: [...shownOrganisation, ...lines, city].join(', '),
    company: organisation,
    street: street ?? '',
    street2: rest.join(', '),
    city,
    state,
    postcode: tidy(address.postcode).toUpperCase(),
  };
}

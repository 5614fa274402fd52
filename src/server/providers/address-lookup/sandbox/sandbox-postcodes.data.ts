import type { IdealAddress } from '../ideal-postcodes/ideal-postcodes.schemas.js';

/**
 * The sandbox's own post codes, written in the provider's shape (what its postcode lookup
 * answers) beside the answers recorded from it (`@ideal-postcodes/api-fixtures`). The post codes
 * are in the right districts of the places named, and the addresses at them are made up for the
 * sandbox, so that each place our pricing treats apart has a post code to try (docs/providers.md,
 * "Addresses").
 */
interface Entry {
  organisation?: string;
  lines: [string, ...string[]];
  town: string;
  county: string;
}

let nextUdprn = 90_000_001;

/** One address in the provider's fields (only those the client reads, and a few it ignores). */
function paf(postcode: string, entry: Entry): IdealAddress {
  const [outward = '', inward = ''] = postcode.split(' ');
  return {
    postcode,
    postcode_outward: outward,
    postcode_inward: inward,
    post_town: entry.town.toUpperCase(),
    organisation_name: entry.organisation ?? '',
    line_1: entry.organisation ?? entry.lines[0],
    line_2: (entry.organisation ? entry.lines[0] : entry.lines[1]) ?? '',
    line_3: (entry.organisation ? entry.lines[1] : entry.lines[2]) ?? '',
    county: entry.county,
    postal_county: entry.county,
    traditional_county: entry.county,
    udprn: nextUdprn++,
    umprn: '',
  } as IdealAddress;
}

const at = (postcode: string, entries: Entry[]) =>
  [postcode, entries.map((entry) => paf(postcode, entry))] as const;

const westminster = (lines: Entry['lines'], organisation?: string): Entry => ({
  lines,
  town: 'London',
  county: 'London',
  ...(organisation ? { organisation } : {}),
});

export const SANDBOX_OWN_POSTCODES: ReadonlyMap<string, readonly IdealAddress[]> = new Map([
  // Westminster: the example post code of the site's forms and docs, with several addresses.
  at('SW1A 1AA', [
    westminster(['Flat 1', '14 Buckingham Gate']),
    westminster(['Flat 2', '14 Buckingham Gate']),
    westminster(['Flat 3', '14 Buckingham Gate']),
    westminster(['16 Buckingham Gate'], 'Westminster Lodge Ltd'),
    westminster(['18 Buckingham Gate']),
  ]),
  // Northern Ireland (its own collection region).
  at('BT1 5GS', [
    { lines: ['3 Linenhall Street'], town: 'Belfast', county: 'County Antrim' },
    { lines: ['5 Linenhall Street'], town: 'Belfast', county: 'County Antrim' },
    {
      organisation: 'Linenhall Print Works',
      lines: ['7 Linenhall Street'],
      town: 'Belfast',
      county: 'County Antrim',
    },
  ]),
  // The Scottish Highlands (mainland).
  at('IV2 4SF', [
    { lines: ['12 Culduthel Road'], town: 'Inverness', county: 'Inverness-shire' },
    { lines: ['14 Culduthel Road'], town: 'Inverness', county: 'Inverness-shire' },
  ]),
  // The Offshore Isles: the Outer Hebrides, Orkney and Shetland.
  at('HS1 2BA', [{ lines: ['3 Cromwell Street'], town: 'Isle of Lewis', county: 'Ross-shire' }]),
  at('KW15 1AB', [{ lines: ['4 Broad Street'], town: 'Kirkwall', county: 'Orkney' }]),
  at('ZE1 0AA', [{ lines: ['2 Commercial Street'], town: 'Shetland', county: 'Shetland Islands' }]),
  // Crown dependencies: British post codes we do not collect from (the booking refuses them).
  at('GY1 1AA', [{ lines: ['1 High Street', 'St Peter Port'], town: 'Guernsey', county: '' }]),
  at('JE2 3AB', [{ lines: ['9 King Street', 'St Helier'], town: 'Jersey', county: '' }]),
  at('IM1 2AB', [{ lines: ['6 Strand Street'], town: 'Isle of Man', county: '' }]),
]);

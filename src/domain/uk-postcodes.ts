/**
 * UK post codes: format, normalisation and which collection region (courier CountryID) a post code
 * belongs to. The regions follow the usual UK courier zoning: Northern Ireland is BT; the
 * Scottish Highlands are the mainland Highland districts; the Offshore Isles are the Scottish
 * islands, the Isles of Scilly and the Isle of Wight.
 */
export const UK_REGION = {
  mainland: 231,
  northernIreland: 247,
  highlands: 271,
  offshore: 272,
} as const;

export type UkRegionId = (typeof UK_REGION)[keyof typeof UK_REGION];

// Outward code: area (1–2 letters) + district (digit, digit+digit, digit+letter); inward: digit + 2 letters.
const UK_POSTCODE = /^([A-Z]{1,2})(\d[A-Z\d]?) ?(\d[ABD-HJLNP-UW-Z]{2})$/;

export interface UkPostcode {
  /** Normalised, e.g. "SW1A 1AA". */
  formatted: string;
  area: string;
  /** The district's number, e.g. 1 for "SW1A", 15 for "KW15". */
  district: number;
}

/** Parses a UK post code in any spacing or case; undefined when it is not one. */
export function parseUkPostcode(input: string): UkPostcode | undefined {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  const match = UK_POSTCODE.exec(compact);
  if (!match) return undefined;
  const [, area = '', district = '', inward = ''] = match;
  return {
    formatted: `${area}${district} ${inward}`,
    area,
    district: Number.parseInt(district, 10),
  };
}

type DistrictRanges = Record<string, [number, number][]>;

const range = (from: number, to = from): [number, number] => [from, to];

/** Scottish islands, Isles of Scilly and Isle of Wight. */
const OFFSHORE: DistrictRanges = {
  HS: [range(1, 9)],
  ZE: [range(1, 3)],
  KW: [range(15, 17)],
  IV: [range(41, 51), range(55, 56)],
  KA: [range(27, 28)],
  PA: [range(20), range(41, 49), range(60, 78)],
  PH: [range(42, 44)],
  TR: [range(21, 25)],
  PO: [range(30, 41)],
};

/** Mainland Scottish Highlands. */
const HIGHLANDS: DistrictRanges = {
  AB: [range(31, 38), range(41, 56)],
  FK: [range(17, 21)],
  IV: [range(1, 28), range(30, 32), range(36), range(40), range(52, 54), range(63)],
  KW: [range(1, 14)],
  PA: [range(21, 38)],
  PH: [range(4, 41), range(49, 50)],
};

/** Crown dependencies: British post codes, but not part of the UK regions we collect from. */
const CROWN_DEPENDENCIES: Record<string, string> = {
  GY: 'Guernsey',
  JE: 'Jersey',
  IM: 'the Isle of Man',
};

function inRanges(table: DistrictRanges, postcode: UkPostcode): boolean {
  return (table[postcode.area] ?? []).some(
    ([from, to]) => postcode.district >= from && postcode.district <= to,
  );
}

export type UkRegionLookup =
  { kind: 'region'; regionId: UkRegionId } | { kind: 'crown-dependency'; name: string };

/** The collection region a UK post code belongs to. */
export function ukRegionFor(postcode: UkPostcode): UkRegionLookup {
  const dependency = CROWN_DEPENDENCIES[postcode.area];
  if (dependency) return { kind: 'crown-dependency', name: dependency };
  if (postcode.area === 'BT') return { kind: 'region', regionId: UK_REGION.northernIreland };
  if (inRanges(OFFSHORE, postcode)) return { kind: 'region', regionId: UK_REGION.offshore };
  if (inRanges(HIGHLANDS, postcode)) return { kind: 'region', regionId: UK_REGION.highlands };
  return { kind: 'region', regionId: UK_REGION.mainland };
}

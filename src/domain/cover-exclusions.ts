/**
 * The goods the courier's cover does not pay for (docs/cover-and-import-charges.md, "Cover";
 * decision 111). They may be sent, but a claim for them is refused:
 *
 * - **Nothing**: the courier's "No Compensation" list — goods that can be sent but that it
 *   cannot cover against loss or damage, not even the £50 every shipment has for free. As far as
 *   its public terms show the list: glass; pottery, ceramics, tiles and stoneware; electronic
 *   screens, monitors and displays; liquids, creams and pastes; data (and what holds it);
 *   furniture that is not flat-packed.
 * - **Nothing beyond the included £50**: goods the goods table already limits (jewellery and
 *   watches, art and antiques, collectibles) and electronic devices, which the courier's cover
 *   pays for only as new goods: a used phone or laptop is not covered beyond the included cover.
 *
 * An item is matched by a whole word of its name (singular or plural) or by the start of its
 * commodity (HS) code, as the goods table matches. Pure data: the /items page and the payment
 * step's cover choice read it in the browser, the server the same.
 */
import { categoriesOf } from './prohibited-items.js';

export type CoverOf =
  /** Not covered at all, not even by the included cover. */
  | 'nothing'
  /** Covered by the included cover only (£50 for the whole shipment), never by extra cover. */
  | 'included-only';

export interface CoverExclusion {
  id: string;
  /** As the customer reads it: "Glass". */
  name: string;
  covered: CoverOf;
  /** HS chapters (2 digits), headings (4) or subheadings (6). */
  hsCodes: readonly string[];
  /** Lower-case words or phrases, singular; plurals match too. */
  keywords: readonly string[];
  /** Words that take an item out of the group ("flat pack" furniture). */
  unless?: readonly string[];
}

/** The courier's "No Compensation" goods, as far as its public terms show them. */
export const COVER_EXCLUSIONS: readonly CoverExclusion[] = [
  {
    id: 'glass',
    name: 'Glass',
    covered: 'nothing',
    hsCodes: ['70'],
    keywords: ['glass', 'glassware', 'mirror', 'crystal', 'wine glass', 'vase'],
    unless: ['reading glasses', 'sunglasses'],
  },
  {
    id: 'ceramics',
    name: 'Pottery, ceramics, tiles and stoneware',
    covered: 'nothing',
    hsCodes: ['69'],
    keywords: [
      'ceramic',
      'pottery',
      'porcelain',
      'china plate',
      'china cup',
      'chinaware',
      'stoneware',
      'earthenware',
      'tile',
      'figurine',
    ],
  },
  {
    id: 'screens',
    name: 'Screens, monitors and displays',
    covered: 'nothing',
    hsCodes: ['8528'],
    keywords: ['television', 'tv', 'monitor', 'screen', 'display'],
  },
  {
    id: 'liquids',
    name: 'Liquids, creams and pastes',
    covered: 'nothing',
    hsCodes: ['3304', '3305'],
    keywords: ['liquid', 'cream', 'paste', 'lotion', 'shampoo'],
  },
  {
    id: 'data',
    name: 'Data and what holds it',
    covered: 'nothing',
    hsCodes: ['8523'],
    keywords: ['hard drive', 'usb stick', 'memory card', 'sd card', 'data'],
  },
  {
    id: 'furniture',
    name: 'Furniture that is not flat-packed',
    covered: 'nothing',
    hsCodes: ['9401', '9403'],
    keywords: ['furniture', 'chair', 'stool', 'bookcase', 'cabinet'],
    unless: ['flat pack', 'flat-pack', 'flatpack', 'flat packed', 'flat-packed'],
  },
];

/** The goods table's categories whose items the courier covers only to the included amount. */
const INCLUDED_ONLY_GOODS: Readonly<Record<string, string>> = {
  'jewellery-and-watches': 'Jewellery and watches',
  'art-and-antiques': 'Art and antiques',
  collectibles: 'Collectibles',
  'electronic-devices': 'Electronic devices (covered as new goods only)',
};

/** Each kind of exclusion's groups, as the customer reads them (the Terms list them). */
export const COVER_EXCLUSION_GROUPS: Readonly<Record<CoverOf, readonly string[]>> = {
  nothing: COVER_EXCLUSIONS.filter((group) => group.covered === 'nothing').map((g) => g.name),
  'included-only': [
    ...COVER_EXCLUSIONS.filter((group) => group.covered === 'included-only').map((g) => g.name),
    ...Object.values(INCLUDED_ONLY_GOODS),
  ],
};

/** What the courier's cover pays for an item, when less than its value; undefined when in full. */
export interface ItemCover {
  covered: CoverOf;
  /** The group it falls in: "Glass". */
  group: string;
}

/** Lower-case words of a text, each also singularised ("tiles" → "tile"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => {
      if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
      if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
      if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
      return word;
    });
}

function names(haystack: readonly string[], phrase: string): boolean {
  const needle = words(phrase);
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    if (needle.every((w, j) => haystack[i + j] === w)) return true;
  }
  return false;
}

/**
 * What the courier's cover pays for this item, when it is not its value: nothing (the "No
 * Compensation" goods), or the included cover only. Undefined for an item the cover pays for.
 */
export function coverExclusionOf(item: {
  name: string;
  commodityCode?: string;
}): ItemCover | undefined {
  const found = words(item.name);
  const code = (item.commodityCode ?? '').trim();
  const byCode = (prefixes: readonly string[]) =>
    /^\d{2,}$/.test(code) && prefixes.some((prefix) => code.startsWith(prefix));
  for (const exclusion of COVER_EXCLUSIONS) {
    if (exclusion.unless?.some((phrase) => names(found, phrase))) continue;
    if (exclusion.keywords.some((k) => names(found, k)) || byCode(exclusion.hsCodes)) {
      return { covered: exclusion.covered, group: exclusion.name };
    }
  }
  for (const category of categoriesOf(item)) {
    const group = INCLUDED_ONLY_GOODS[category.id];
    if (group) return { covered: 'included-only', group };
  }
  return undefined;
}

/** "Not covered: Glass" / "Covered only by the included £50: Jewellery and watches". */
export function coverExclusionText(cover: ItemCover, includedText = '£50'): string {
  return cover.covered === 'nothing'
    ? `Not covered (${cover.group}): the courier pays nothing if it is lost or damaged`
    : `Covered only by the included ${includedText} (${cover.group}): extra cover does not pay for it`;
}

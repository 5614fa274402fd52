/**
 * What cover a shipment can have, counted from what the cover pays for (docs/cover-and-import-
 * charges.md, "Cover"; decision 144): the declared value of the goods the courier's cover pays
 * for in full, plus the goods it covers only to the included amount, together at most that
 * amount; the goods it does not pay for at all count for nothing. The one function the payment
 * step's choice, the raise after payment and the server's checks all use.
 */
import {
  coverExclusionOf,
  coverExclusionText,
  type CoverOf,
  type ItemCover,
} from './cover-exclusions.js';
import { formatWholePounds, maxCoverFor, type CoverSettings } from './pricing.js';

/** A declared item as the cover reads it: one line of the declaration. */
export interface CoverItem {
  id: string;
  name: string;
  commodityCode?: string;
  unitValuePence: number;
  numberOfUnits: number;
}

/** A declared item the cover does not pay for in full: what it is worth and what is counted. */
export interface CoverExcludedItem {
  itemId: string;
  name: string;
  covered: CoverOf;
  group: string;
  /** The line's declared value (units × unit value). */
  valuePence: number;
  /** How much of it counts towards the cover: 0, or its part of the included cover. */
  countedPence: number;
}

export interface CoverLimits {
  /** The declared items' total value. */
  declaredValuePence: number;
  /**
   * The declared value of the goods the cover pays for: the goods it pays for in full, plus the
   * "included cover only" goods together at most the included cover.
   */
  coveredValuePence: number;
  /** The most cover the shipment can have (and the level suggested): `maxCoverFor` of that. */
  maxCoverPence: number;
  /** The items the cover does not pay for in full, in the declaration's order. */
  exclusions: CoverExcludedItem[];
}

/** One declared line as the cover counts it: what it is worth and what of it the cover pays. */
export interface CountedLine<T extends CoverItem = CoverItem> {
  item: T;
  /** Units × unit value. */
  valuePence: number;
  /** Why the cover does not pay for it in full; undefined when it does. */
  excluded: ItemCover | undefined;
  /** What of it the cover pays: its value, its share of the included cover, or nothing. */
  countedPence: number;
}

/**
 * What of each line the cover pays for: a line it pays for in full at its value, a "No
 * Compensation" line at nothing, and the lines it covers by the included cover only sharing
 * `includedLeftPence` (the included cover, less what of it is already used), first line first.
 * The cover limits (below) and a claim's payable amount (claims.ts) both count through it.
 */
export function countedLines<T extends CoverItem>(
  items: readonly T[],
  includedLeftPence: number,
): CountedLine<T>[] {
  let left = Math.max(0, includedLeftPence);
  return items.map((item) => {
    const valuePence = item.unitValuePence * item.numberOfUnits;
    const excluded = coverExclusionOf(item);
    if (!excluded) return { item, valuePence, excluded, countedPence: valuePence };
    const countedPence = excluded.covered === 'included-only' ? Math.min(valuePence, left) : 0;
    left -= countedPence;
    return { item, valuePence, excluded, countedPence };
  });
}

/** The cover limits of a declaration at these settings. */
export function coverLimits(items: readonly CoverItem[], settings: CoverSettings): CoverLimits {
  const lines = countedLines(items, settings.includedPence);
  const sum = (pick: (line: CountedLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const coveredValuePence = sum((line) => line.countedPence);
  return {
    declaredValuePence: sum((line) => line.valuePence),
    coveredValuePence,
    maxCoverPence: maxCoverFor(coveredValuePence, settings),
    exclusions: lines.flatMap(({ item, valuePence, excluded, countedPence }) =>
      excluded
        ? [
            {
              itemId: item.id,
              name: item.name,
              covered: excluded.covered,
              group: excluded.group,
              valuePence,
              countedPence,
            },
          ]
        : [],
    ),
  };
}

/** True when some goods declared are not counted in full, so the limit is not the declared value. */
export function limitedByExclusions(
  limits: Pick<CoverLimits, 'declaredValuePence' | 'coveredValuePence'>,
): boolean {
  return limits.coveredValuePence < limits.declaredValuePence;
}

/**
 * What the most cover is, in words: "the value of the items you declared" or, when the cover
 * leaves goods out, "the value of the goods the cover pays for (£170 of the £630 you declared)".
 */
export function coverLimitWords(
  limits: Pick<CoverLimits, 'declaredValuePence' | 'coveredValuePence'>,
): string {
  return limitedByExclusions(limits)
    ? `the value of the goods the cover pays for (${formatWholePounds(limits.coveredValuePence)} of the ${formatWholePounds(limits.declaredValuePence)} you declared)`
    : 'the value of the items you declared';
}

/** Why this cover cannot be chosen for this declaration; undefined when it can. */
export function coverProblem(
  coverPence: number,
  limits: Pick<CoverLimits, 'declaredValuePence' | 'coveredValuePence'>,
  settings: CoverSettings,
): string | undefined {
  if (!Number.isInteger(coverPence) || coverPence < settings.includedPence) {
    return `Cover starts at the ${formatWholePounds(settings.includedPence)} included with every shipment`;
  }
  if (coverPence > settings.maxCoverPence) {
    return `Cover is at most ${formatWholePounds(settings.maxCoverPence)} per shipment`;
  }
  if (coverPence > Math.max(limits.coveredValuePence, settings.includedPence)) {
    return limitedByExclusions(limits)
      ? `Cover cannot be more than ${coverLimitWords(limits)}`
      : `Cover cannot be more than the value of the items you declared (${formatWholePounds(limits.declaredValuePence)})`;
  }
  return undefined;
}

/**
 * One excluded item as the customer reads it after its name, with what it is worth and what is
 * counted: "(£60): Not covered (Glass): the courier pays nothing if it is lost or damaged" or
 * "(£450): Covered only by the included £50 (…): extra cover does not pay for it; £50 of it
 * counted".
 */
export function coverExclusionDetail(item: CoverExcludedItem, includedPence: number): string {
  const text = coverExclusionText(item, formatWholePounds(includedPence));
  const detail = `(${formatWholePounds(item.valuePence)}): ${text}`;
  if (item.covered === 'nothing') return detail;
  return item.countedPence > 0
    ? `${detail}; ${formatWholePounds(item.countedPence)} of it counted`
    : `${detail}; not counted (the included ${formatWholePounds(includedPence)} is counted for the items above)`;
}

/** The same with the item's name first: "Glass vase (£60): Not covered (Glass): …". */
export function coverExclusionLine(item: CoverExcludedItem, includedPence: number): string {
  return `${item.name} ${coverExclusionDetail(item, includedPence)}`;
}

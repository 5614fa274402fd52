import { BOX_SPECS } from './boxes.js';

/**
 * The one weight rule used wherever a price is shown or charged (docs/product-rules.md):
 * 20 kg per small box plus 30 kg per large box.
 */
export function totalWeightKg(smallBoxes: number, largeBoxes: number): number {
  return smallBoxes * BOX_SPECS.small.maxWeightKg + largeBoxes * BOX_SPECS.large.maxWeightKg;
}

/**
 * The price of a box mix in one service's prices for a destination: the cell at its total weight,
 * or undefined when the table has none (never a neighbouring weight's price).
 */
export function priceForBoxes(
  prices: readonly { weightKg: number; pricePence: number }[],
  smallBoxes: number,
  largeBoxes: number,
): number | undefined {
  const weightKg = totalWeightKg(smallBoxes, largeBoxes);
  return prices.find((p) => p.weightKg === weightKg)?.pricePence;
}

/**
 * The cover settings (a business setting, versioned like the rate tables: docs/operators.md,
 * "Cover"): the cover every shipment has for free, the price of extra cover in basis points of
 * the cover above it (200 = 2%), and the most cover a shipment can have.
 */
export interface CoverSettings {
  includedPence: number;
  percentBasisPoints: number;
  maxCoverPence: number;
}

/** The settings before an operator changes them: £50 free, 2% of the cover above it, £2,000. */
export const DEFAULT_COVER_SETTINGS: CoverSettings = {
  includedPence: 5_000,
  percentBasisPoints: 200,
  maxCoverPence: 200_000,
};

/**
 * The most cover this shipment can have: the declared value of the goods the cover pays for
 * (`coverLimits` in cover.ts), at most the settings' maximum, and never less than the cover
 * included for free.
 */
export function maxCoverFor(coveredValuePence: number, settings: CoverSettings): number {
  return Math.max(settings.includedPence, Math.min(coveredValuePence, settings.maxCoverPence));
}

/**
 * The price of cover to `coverPence` (the whole cover, the included part with it): the
 * settings' percentage of the cover above the included amount, rounded up to the penny. Nothing
 * for the included cover alone.
 */
export function coverPricePence(coverPence: number, settings: CoverSettings): number {
  const extra = Math.max(0, coverPence - settings.includedPence);
  // Integer arithmetic: ceil(extra × bp / 10 000) without a floating-point step.
  return Math.floor((extra * settings.percentBasisPoints + 9_999) / 10_000);
}

/**
 * The one pricing function: what an order costs, in its parts. The service's price comes from
 * the rate table (`priceForBoxes`, or the catalog's look-up of the same cell); the cover's from
 * the cover settings. A paid order keeps the parts it was paid at.
 */
export function orderPrice(input: {
  servicePricePence: number;
  coverPence: number;
  settings: CoverSettings;
}): { servicePricePence: number; coverPricePence: number; totalPence: number } {
  const coverPricePenceValue = coverPricePence(input.coverPence, input.settings);
  return {
    servicePricePence: input.servicePricePence,
    coverPricePence: coverPricePenceValue,
    totalPence: input.servicePricePence + coverPricePenceValue,
  };
}

/** "£600", "£1,250.50": a cover level as the customer reads it. */
export function formatWholePounds(pence: number): string {
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  const rest = pence % 100;
  return rest === 0 ? `£${pounds}` : `£${pounds}.${String(rest).padStart(2, '0')}`;
}

/** "2%", "2.5%": the settings' percentage as it reads. */
export function formatPercent(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
}

/** "Extra cover to £600": the receipt's and the price breakdown's line for bought cover. */
export function extraCoverText(coverPence: number): string {
  return `Extra cover to ${formatWholePounds(coverPence)}`;
}

/**
 * The cover an order keeps when its declaration or the settings change: never more than the
 * shipment can now have (the value of the goods the cover pays for, the maximum), never raised;
 * null when only the included cover is left.
 */
export function clampCover(
  coverPence: number | null,
  coveredValuePence: number,
  settings: CoverSettings,
): number | null {
  if (coverPence === null) return null;
  const kept = Math.min(coverPence, maxCoverFor(coveredValuePence, settings));
  return kept > settings.includedPence ? kept : null;
}

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

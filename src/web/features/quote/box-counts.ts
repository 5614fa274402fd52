import { MAX_BOXES, type BoxType } from '#src/domain/boxes.js';

export interface BoxCounts {
  small: number;
  large: number;
}

export const NO_BOXES: BoxCounts = { small: 0, large: 0 };

export const totalBoxes = (counts: BoxCounts): number => counts.small + counts.large;

/** Plus: one more box of that type, unless the total is already MAX_BOXES (docs/product-rules.md). */
export function addBox(counts: BoxCounts, type: BoxType): BoxCounts {
  if (totalBoxes(counts) >= MAX_BOXES) return counts;
  return { ...counts, [type]: counts[type] + 1 };
}

/** Minus: one box fewer of that type, unless it has none (docs/product-rules.md). */
export function removeBox(counts: BoxCounts, type: BoxType): BoxCounts {
  if (counts[type] <= 0) return counts;
  return { ...counts, [type]: counts[type] - 1 };
}

/**
 * The p-th percentile of `values` by the nearest-rank method: the smallest value such that at
 * least p% of the values are less than or equal to it, i.e. the ⌈p/100 × n⌉-th smallest (the
 * smallest for p = 0). Always one of the values, never an interpolation: the median of 1, 2, 3, 4
 * is 2, the p90 of ten values is the ninth. `values` need not be sorted and is left as it is; with
 * no values the answer is NaN, so a missing figure shows as such in a table.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be 0–100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** The 50th percentile by nearest rank (the lower middle of an even count). */
export const median = (values: readonly number[]): number => percentile(values, 50);

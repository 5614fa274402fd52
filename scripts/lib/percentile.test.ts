import { describe, expect, it } from 'vitest';
import { median, percentile } from './percentile.js';

describe('percentile (nearest rank)', () => {
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];

  it('is the ⌈p/100 × n⌉-th smallest value, whatever the order of the input', () => {
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 10)).toBe(1);
    expect(percentile(ten, 11)).toBe(2);
    expect(percentile(ten, 100)).toBe(10);
  });

  it('is the smallest value at p = 0 and never interpolates', () => {
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2);
    expect(median([30, 10, 20])).toBe(20);
  });

  it('leaves its input unsorted', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it('is NaN with no values, and refuses a p outside 0–100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

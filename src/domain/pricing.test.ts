import { describe, expect, it } from 'vitest';
import { priceForBoxes, totalWeightKg } from './pricing.js';
import { reachableWeightsKg } from './rates.js';

describe('totalWeightKg', () => {
  it('counts 20 kg per small box and 30 kg per large box', () => {
    expect(totalWeightKg(1, 0)).toBe(20);
    expect(totalWeightKg(0, 1)).toBe(30);
    expect(totalWeightKg(2, 3)).toBe(130);
    expect(totalWeightKg(0, 0)).toBe(0);
  });
});

describe('reachableWeightsKg', () => {
  it('is every total from 20 to 150 kg in steps of 10', () => {
    expect(reachableWeightsKg()).toEqual([
      20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150,
    ]);
  });
});

describe('priceForBoxes', () => {
  it('is the cell at the mix’s total weight, never a neighbouring weight’s price', () => {
    const italy = [
      { weightKg: 30, pricePence: 6_799 },
      { weightKg: 40, pricePence: 8_999 },
    ];
    expect(priceForBoxes(italy, 0, 1)).toBe(6_799);
    expect(priceForBoxes(italy, 2, 0)).toBe(8_999);
    // One small box weighs 20 kg: the table has no price for it, and the cheapest is not one.
    expect(priceForBoxes(italy, 1, 0)).toBeUndefined();
  });
});

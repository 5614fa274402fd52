import { describe, expect, it } from 'vitest';
import { reachableWeightsKg, totalWeightKg } from './pricing.js';

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

import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../domain/countries.js';
import { reachableWeightsKg } from '../../domain/rates.js';
import { samplePricePence, sampleRateRows } from './sample-rates.js';

describe('sample rate tables', () => {
  it('cover every destination at every reachable weight, for both services', () => {
    for (const service of ['economy', 'express'] as const) {
      expect(sampleRateRows(service)).toHaveLength(
        DESTINATIONS.length * reachableWeightsKg().length,
      );
    }
  });

  it('rise with weight, and express is always dearer than economy', () => {
    for (const d of DESTINATIONS) {
      let previous = 0;
      for (const w of reachableWeightsKg()) {
        const economy = samplePricePence('economy', d.countryCode, w);
        const express = samplePricePence('express', d.countryCode, w);
        expect(economy).toBeGreaterThan(previous);
        expect(express).toBeGreaterThan(economy);
        previous = economy;
      }
    }
  });

  it('make long haul dearer than Europe', () => {
    for (const w of reachableWeightsKg()) {
      const europe = Math.max(
        ...['FR', 'DE', 'NL', 'BE', 'ES', 'PT', 'IT'].map((c) => samplePricePence('economy', c, w)),
      );
      const longHaul = Math.min(
        ...['AU', 'NZ', 'ZA', 'US', 'CA'].map((c) => samplePricePence('economy', c, w)),
      );
      expect(longHaul).toBeGreaterThan(europe);
    }
  });
});

import { DESTINATIONS } from '../../domain/countries.js';
import { reachableWeightsKg } from '../../domain/rates.js';

/**
 * SAMPLE DATA. Plausible GBP prices so the site works out of the box; an operator replaces them
 * with the business's real rate tables. They are seeded once, when a rate table is first created,
 * and never overwrite an operator's prices afterwards.
 */
export type ServiceLevel = 'economy' | 'express';

interface Zone {
  /** Economy price for 20 kg, in pence. */
  basePence: number;
  /** Economy price added for each further 10 kg, in pence. */
  per10KgPence: number;
}

const ZONES: Record<string, Zone> = {
  // Near Europe
  FR: { basePence: 4900, per10KgPence: 900 },
  BE: { basePence: 4900, per10KgPence: 900 },
  NL: { basePence: 4900, per10KgPence: 900 },
  DE: { basePence: 5200, per10KgPence: 950 },
  // Further Europe
  ES: { basePence: 5500, per10KgPence: 1000 },
  PT: { basePence: 5700, per10KgPence: 1050 },
  IT: { basePence: 5700, per10KgPence: 1050 },
  // North America
  US: { basePence: 8900, per10KgPence: 1800 },
  CA: { basePence: 9500, per10KgPence: 1900 },
  // Long haul
  ZA: { basePence: 10900, per10KgPence: 2200 },
  AU: { basePence: 11900, per10KgPence: 2400 },
  NZ: { basePence: 12900, per10KgPence: 2500 },
};

const EXPRESS_FACTOR = 1.6;

/** Sample price in pence for a destination and total weight, ending in 99p like a shop price. */
export function samplePricePence(
  service: ServiceLevel,
  countryCode: string,
  weightKg: number,
): number {
  const zone = ZONES[countryCode];
  if (!zone) throw new Error(`No sample zone for ${countryCode}`);
  const steps = Math.max(0, (weightKg - 20) / 10);
  const economy = zone.basePence + steps * zone.per10KgPence;
  const raw = service === 'express' ? economy * EXPRESS_FACTOR : economy;
  return Math.round(raw / 100) * 100 - 1;
}

export interface RateRow {
  service: ServiceLevel;
  destinationCountryId: number;
  weightKg: number;
  pricePence: number;
}

export function sampleRateRows(service: ServiceLevel): RateRow[] {
  return DESTINATIONS.flatMap((destination) =>
    reachableWeightsKg().map((weightKg) => ({
      service,
      destinationCountryId: destination.countryId,
      weightKg,
      pricePence: samplePricePence(service, destination.countryCode, weightKg),
    })),
  );
}

import { DESTINATIONS, findCountry } from './countries.js';
import { formatPence } from './money.js';
import { readPounds } from './typed-pounds.js';
import { MAX_BOXES } from './boxes.js';
import { totalWeightKg } from './pricing.js';

/**
 * The rate tables as operators edit them (docs/operators.md, "Rates"): a grid of destination ×
 * total weight per service, prices typed in pounds. Pure rules shared by the console's grid and
 * the server that saves a version.
 */
export const RATE_SERVICES = ['economy', 'express'] as const;
export type RateService = (typeof RATE_SERVICES)[number];
export const RATE_SERVICE_TITLES: Record<RateService, string> = {
  economy: 'Economy',
  express: 'Express',
};

/**
 * Every total weight a quote of 1 to MAX_BOXES boxes can reach, ascending (20, 30, …, 150). Kept
 * here, not beside totalWeightKg, so the home page's script (which prices a tile) does not carry it.
 */
export function reachableWeightsKg(): number[] {
  const weights = new Set<number>();
  for (let small = 0; small <= MAX_BOXES; small += 1) {
    for (let large = 0; small + large <= MAX_BOXES; large += 1) {
      if (small + large > 0) weights.add(totalWeightKg(small, large));
    }
  }
  return [...weights].sort((a, b) => a - b);
}

/** The grid's columns: every total weight a quote can reach (20, 30, …, 150 kg). */
export const RATE_WEIGHTS_KG: readonly number[] = reachableWeightsKg();

export interface RatePrice {
  service: RateService;
  destinationCountryId: number;
  weightKg: number;
  pricePence: number;
}

export interface RateDifference {
  service: RateService;
  destinationCountryId: number;
  weightKg: number;
  beforePence: number | null;
  afterPence: number | null;
}

export const RATE_MESSAGES = {
  notANumber: 'Enter a price in pounds, like 49.99',
  commaForPence: 'Use a full stop for pence, like 49.99 (a comma only separates thousands)',
  notPositive: 'Enter a price above £0',
  tooManyDecimals: 'Use at most 2 decimal places',
  tooLarge: 'Enter a price below £100,000',
} as const;

/** The largest price accepted, in pence (a typo guard: £99,999.99). */
export const MAX_PRICE_PENCE = 9_999_999;

/** A cell's key in forms and error fields: `economy.73.20`. */
export function cellKey(c: { service: string; destinationCountryId: number; weightKg: number }) {
  return `${c.service}.${c.destinationCountryId}.${c.weightKg}`;
}

/**
 * A price as typed, in pounds ("49.99", "£49.9", "50"), to integer pence; or the message saying
 * what is wrong. Positive, at most two decimals.
 */
export function parsePounds(text: string): { pence: number } | { error: string } {
  const read = readPounds(text);
  if ('problem' in read) return { error: RATE_MESSAGES[read.problem] };
  if (read.pence > MAX_PRICE_PENCE) return { error: RATE_MESSAGES.tooLarge };
  return read;
}

/** Pence as the grid shows them for editing: "49.99" (no £, no thousands separator). */
export function penceToPounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

const destinationTitle = (id: number) => findCountry(id)?.title ?? `destination ${id}`;

/**
 * Warnings, not errors (the operator may mean it): a price lower than the one for a lighter
 * weight to the same destination, and an Express price below the Economy one for the same cell.
 */
export function rateWarnings(prices: readonly RatePrice[]): string[] {
  const byKey = new Map(prices.map((p) => [cellKey(p), p.pricePence]));
  const warnings: string[] = [];
  for (const service of RATE_SERVICES) {
    for (const destination of DESTINATIONS) {
      let previous: { weightKg: number; pence: number } | undefined;
      for (const weightKg of RATE_WEIGHTS_KG) {
        const pence = byKey.get(
          cellKey({ service, destinationCountryId: destination.countryId, weightKg }),
        );
        if (pence === undefined) continue;
        if (previous && pence < previous.pence) {
          warnings.push(
            `${RATE_SERVICE_TITLES[service]} to ${destination.title}: ${formatPence(pence)} at ${weightKg} kg is less than ${formatPence(previous.pence)} at ${previous.weightKg} kg.`,
          );
        }
        previous = { weightKg, pence };
      }
    }
  }
  // A gap: no price at a weight a quote can reach, so that service is not offered there.
  for (const service of RATE_SERVICES) {
    for (const destination of DESTINATIONS) {
      const missing = RATE_WEIGHTS_KG.filter(
        (weightKg) =>
          !byKey.has(cellKey({ service, destinationCountryId: destination.countryId, weightKg })),
      );
      if (missing.length === 0) continue;
      warnings.push(
        missing.length === RATE_WEIGHTS_KG.length
          ? `${RATE_SERVICE_TITLES[service]} to ${destination.title}: no prices at all, so ${RATE_SERVICE_TITLES[service]} is never offered there.`
          : `${RATE_SERVICE_TITLES[service]} to ${destination.title}: no price at ${missing.join(', ')} kg, so quotes of that weight do not offer ${RATE_SERVICE_TITLES[service]}.`,
      );
    }
  }
  for (const destination of DESTINATIONS) {
    for (const weightKg of RATE_WEIGHTS_KG) {
      const at = { destinationCountryId: destination.countryId, weightKg };
      const economy = byKey.get(cellKey({ service: 'economy', ...at }));
      const express = byKey.get(cellKey({ service: 'express', ...at }));
      if (economy !== undefined && express !== undefined && express < economy) {
        warnings.push(
          `${destination.title} at ${weightKg} kg: Express ${formatPence(express)} is cheaper than Economy ${formatPence(economy)}.`,
        );
      }
    }
  }
  return warnings;
}

/** The cells that differ between two versions of the tables, in grid order. */
export function rateDifferences(
  before: readonly RatePrice[],
  after: readonly RatePrice[],
): RateDifference[] {
  const old = new Map(before.map((p) => [cellKey(p), p]));
  const now = new Map(after.map((p) => [cellKey(p), p]));
  const keys = new Set([...old.keys(), ...now.keys()]);
  const differences: RateDifference[] = [];
  for (const key of keys) {
    const a = old.get(key);
    const b = now.get(key);
    if (a?.pricePence === b?.pricePence) continue;
    const cell = (a ?? b) as RatePrice;
    differences.push({
      service: cell.service,
      destinationCountryId: cell.destinationCountryId,
      weightKg: cell.weightKg,
      beforePence: a?.pricePence ?? null,
      afterPence: b?.pricePence ?? null,
    });
  }
  return sortPrices(differences);
}

/** Grid order: service, then destination as the site lists them, then weight. */
export function sortPrices<
  T extends { service: RateService; destinationCountryId: number; weightKg: number },
>(cells: T[]): T[] {
  const order = new Map(DESTINATIONS.map((d, i) => [d.countryId, i]));
  return cells.sort(
    (a, b) =>
      RATE_SERVICES.indexOf(a.service) - RATE_SERVICES.indexOf(b.service) ||
      (order.get(a.destinationCountryId) ?? 999) - (order.get(b.destinationCountryId) ?? 999) ||
      a.weightKg - b.weightKg,
  );
}

export const RATES_CSV_HEADER = 'service,destination_id,destination,weight_kg,price_gbp';

/** Both tables as CSV: one line per price, in grid order. */
export function ratesToCsv(prices: readonly RatePrice[]): string {
  const lines = sortPrices([...prices]).map((p) =>
    [
      p.service,
      p.destinationCountryId,
      csvField(destinationTitle(p.destinationCountryId)),
      p.weightKg,
      penceToPounds(p.pricePence),
    ].join(','),
  );
  return `${RATES_CSV_HEADER}\n${lines.join('\n')}\n`;
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line of a CSV file split into fields (quotes as spreadsheets write them). */
function splitCsvLine(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

export type CsvResult =
  { ok: true; prices: RatePrice[] } | { ok: false; line: number; reason: string };

/**
 * Reads a file in the export's format. The first problem refuses the whole file, naming its line
 * (1 is the header) and why; nothing is applied from a refused file.
 */
export function parseRatesCsv(text: string): CsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fail = (line: number, reason: string): CsvResult => ({ ok: false, line, reason });
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s+/g, '');
  if (header !== RATES_CSV_HEADER) {
    return fail(1, `The first line must be the header ${RATES_CSV_HEADER}`);
  }
  const prices: RatePrice[] = [];
  const seen = new Map<string, number>();
  const destinations = new Set(DESTINATIONS.map((d) => d.countryId));
  for (let i = 1; i < lines.length; i += 1) {
    const lineNo = i + 1;
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const fields = splitCsvLine(raw);
    if (!fields) return fail(lineNo, 'A quoted field is not closed');
    if (fields.length !== 5) {
      return fail(lineNo, `Expected 5 fields (${RATES_CSV_HEADER}), found ${fields.length}`);
    }
    const [service, destination, , weight, price] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (!(RATE_SERVICES as readonly string[]).includes(service)) {
      return fail(lineNo, `Unknown service "${service}" (economy or express)`);
    }
    const destinationCountryId = Number(destination);
    if (!/^\d+$/.test(destination) || !destinations.has(destinationCountryId)) {
      return fail(lineNo, `Unknown destination id "${destination}"`);
    }
    const weightKg = Number(weight);
    if (!/^\d+$/.test(weight) || !RATE_WEIGHTS_KG.includes(weightKg)) {
      return fail(lineNo, `Weight "${weight}" is not one of ${RATE_WEIGHTS_KG.join(', ')} kg`);
    }
    const parsed = parsePounds(price);
    if ('error' in parsed) return fail(lineNo, `Price "${price}": ${parsed.error}`);
    const cell = { service: service as RateService, destinationCountryId, weightKg };
    const key = cellKey(cell);
    const first = seen.get(key);
    if (first !== undefined) {
      return fail(lineNo, `The same price is already given on line ${first}`);
    }
    seen.set(key, lineNo);
    prices.push({ ...cell, pricePence: parsed.pence });
  }
  if (prices.length === 0) return fail(2, 'The file has no prices');
  return { ok: true, prices: sortPrices(prices) };
}

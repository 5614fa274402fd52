import { ALL_COUNTRY_OPTIONS, COLLECTION_REGIONS, DESTINATIONS } from '../../domain/countries.js';
import type { Database } from './client.js';
import { sampleRateRows, type ServiceLevel } from './sample-rates.js';

const RATE_TABLE_TITLES: Record<ServiceLevel, string> = {
  economy: 'Economy',
  express: 'Express',
};

/**
 * Idempotent seed, run at every start after the migrations:
 * - country options are reference data owned by the code: inserted or brought up to date;
 * - each rate table gets the sample prices once, when the table itself is first created, so an
 *   operator's later edits (including removed prices) are never overwritten.
 */
export async function seed(database: Database): Promise<{ seededRateTables: ServiceLevel[] }> {
  return database.transaction(async (tx) => {
    const sortOrder = new Map<number, number>([
      ...COLLECTION_REGIONS.map((c, i) => [c.countryId, i] as const),
      ...DESTINATIONS.map((c, i) => [c.countryId, i] as const),
    ]);
    for (const country of ALL_COUNTRY_OPTIONS) {
      await tx.query(
        `INSERT INTO countries (country_id, title, country_code, role, sort_order, flag_path)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (country_id) DO UPDATE SET title = EXCLUDED.title,
           country_code = EXCLUDED.country_code, role = EXCLUDED.role,
           sort_order = EXCLUDED.sort_order, flag_path = EXCLUDED.flag_path`,
        [
          country.countryId,
          country.title,
          country.countryCode,
          country.role,
          sortOrder.get(country.countryId),
          country.flagPath,
        ],
      );
    }

    const seededRateTables: ServiceLevel[] = [];
    for (const service of ['economy', 'express'] as const) {
      const created = await tx.query(
        `INSERT INTO rate_tables (service, title) VALUES ($1, $2)
         ON CONFLICT (service) DO NOTHING RETURNING service`,
        [service, RATE_TABLE_TITLES[service]],
      );
      if (created.length === 0) continue;
      const rows = sampleRateRows(service);
      await tx.query(
        `INSERT INTO rates (service, destination_country_id, weight_kg, price_pence)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[])
         ON CONFLICT DO NOTHING`,
        [
          rows.map((r) => r.service),
          rows.map((r) => r.destinationCountryId),
          rows.map((r) => r.weightKg),
          rows.map((r) => r.pricePence),
        ],
      );
      seededRateTables.push(service);
    }
    return { seededRateTables };
  });
}

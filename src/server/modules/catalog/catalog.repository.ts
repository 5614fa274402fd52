import { and, asc, eq } from 'drizzle-orm';
import type { CountryOption, CountryRole } from '../../../domain/countries.js';
import type { Db } from '../../db/client.js';
import { countries, rateTables, rates } from '../../db/schema.js';

export type ServiceLevel = 'economy' | 'express';

export interface RateTable {
  service: ServiceLevel;
  title: string;
  currency: string;
  updatedAt: Date;
  /** Every price in the table, ordered by destination then weight. */
  prices: { destinationCountryId: number; weightKg: number; pricePence: number }[];
}

/** The only code that knows how countries and rate tables are stored. */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  async listCountries(role?: CountryRole): Promise<CountryOption[]> {
    const rows = await this.db
      .select()
      .from(countries)
      .where(role ? eq(countries.role, role) : undefined)
      .orderBy(asc(countries.role), asc(countries.sortOrder));
    return rows.map((row) => ({
      countryId: row.countryId,
      title: row.title,
      countryCode: row.countryCode,
      role: row.role,
      flagPath: row.flagPath,
    }));
  }

  async getRateTable(service: ServiceLevel): Promise<RateTable | undefined> {
    const [table] = await this.db.select().from(rateTables).where(eq(rateTables.service, service));
    if (!table) return undefined;
    const prices = await this.db
      .select({
        destinationCountryId: rates.destinationCountryId,
        weightKg: rates.weightKg,
        pricePence: rates.pricePence,
      })
      .from(rates)
      .where(eq(rates.service, service))
      .orderBy(asc(rates.destinationCountryId), asc(rates.weightKg));
    return { ...table, prices };
  }

  /** Both services' prices for one destination and total weight, in one query. */
  async findPrices(
    destinationCountryId: number,
    weightKg: number,
  ): Promise<Partial<Record<ServiceLevel, number>>> {
    const rows = await this.db
      .select({ service: rates.service, pricePence: rates.pricePence })
      .from(rates)
      .where(
        and(eq(rates.destinationCountryId, destinationCountryId), eq(rates.weightKg, weightKg)),
      );
    return Object.fromEntries(rows.map((r) => [r.service, r.pricePence]));
  }

  /** The price for one destination and total weight, or undefined when the table has none. */
  async findPricePence(
    service: ServiceLevel,
    destinationCountryId: number,
    weightKg: number,
  ): Promise<number | undefined> {
    const [row] = await this.db
      .select({ pricePence: rates.pricePence })
      .from(rates)
      .where(
        and(
          eq(rates.service, service),
          eq(rates.destinationCountryId, destinationCountryId),
          eq(rates.weightKg, weightKg),
        ),
      );
    return row?.pricePence;
  }
}

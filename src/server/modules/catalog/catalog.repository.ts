import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CountryOption, CountryRole } from '#src/domain/countries.js';
import { Repository, type DbExecutor, type DbTransaction } from '../../db/client.js';
import { returnedRow } from '../../db/queryable.js';
import {
  countries,
  coverSettingsVersions,
  rateTables,
  rates,
  rateVersions,
  type RateCell,
} from '../../db/schema.js';

export type RateVersionRow = typeof rateVersions.$inferSelect;
export type CoverSettingsRow = typeof coverSettingsVersions.$inferSelect;

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
export class CatalogRepository extends Repository {
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

  /** Locks both rate tables until the transaction ends: one save at a time. */
  async lockRateTables(tx: DbTransaction): Promise<void> {
    await tx.select({ service: rateTables.service }).from(rateTables).for('update');
  }

  /** Every price of both tables. */
  async allPrices(tx: DbExecutor = this.db): Promise<RateCell[]> {
    return tx
      .select({
        service: rates.service,
        destinationCountryId: rates.destinationCountryId,
        weightKg: rates.weightKg,
        pricePence: rates.pricePence,
      })
      .from(rates)
      .orderBy(asc(rates.service), asc(rates.destinationCountryId), asc(rates.weightKg));
  }

  /** Replaces both tables' prices with these, in the caller's transaction. */
  async replacePrices(prices: readonly RateCell[], at: Date, tx: DbTransaction): Promise<void> {
    await tx.delete(rates);
    if (prices.length > 0) await tx.insert(rates).values([...prices]);
    await tx.update(rateTables).set({ updatedAt: at });
  }

  async insertVersion(
    version: Omit<RateVersionRow, 'id'>,
    tx: DbTransaction,
  ): Promise<RateVersionRow> {
    return returnedRow(tx.insert(rateVersions).values(version).returning(), 'rate version insert');
  }

  async latestVersion(tx: DbExecutor = this.db): Promise<RateVersionRow | undefined> {
    const [row] = await tx.select().from(rateVersions).orderBy(desc(rateVersions.id)).limit(1);
    return row;
  }

  async findVersion(id: number): Promise<RateVersionRow | undefined> {
    const [row] = await this.db.select().from(rateVersions).where(eq(rateVersions.id, id));
    return row;
  }

  /** Newest first, without the full price lists. */
  async listVersions(limit: number): Promise<Omit<RateVersionRow, 'prices'>[]> {
    return this.db
      .select({
        id: rateVersions.id,
        createdAt: rateVersions.createdAt,
        adminId: rateVersions.adminId,
        adminEmail: rateVersions.adminEmail,
        note: rateVersions.note,
        changes: rateVersions.changes,
      })
      .from(rateVersions)
      .orderBy(desc(rateVersions.id))
      .limit(limit);
  }

  /** How many versions exist (the history's length). */
  async countVersions(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(rateVersions);
    return row?.n ?? 0;
  }

  /** The cover settings in force: the newest version (migration 0160 writes the first). */
  async latestCoverSettings(tx: DbExecutor = this.db): Promise<CoverSettingsRow | undefined> {
    const [row] = await tx
      .select()
      .from(coverSettingsVersions)
      .orderBy(desc(coverSettingsVersions.id))
      .limit(1);
    return row;
  }

  /** Locks the newest cover settings' row until the transaction ends: one save at a time. */
  async lockCoverSettings(tx: DbTransaction): Promise<CoverSettingsRow | undefined> {
    const [row] = await tx
      .select()
      .from(coverSettingsVersions)
      .orderBy(desc(coverSettingsVersions.id))
      .limit(1)
      .for('update');
    return row;
  }

  async findCoverSettings(id: number): Promise<CoverSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coverSettingsVersions)
      .where(eq(coverSettingsVersions.id, id));
    return row;
  }

  async insertCoverSettings(
    version: Omit<CoverSettingsRow, 'id'>,
    tx: DbTransaction,
  ): Promise<CoverSettingsRow> {
    return returnedRow(
      tx.insert(coverSettingsVersions).values(version).returning(),
      'cover settings insert',
    );
  }

  /** Newest first. */
  async listCoverSettings(limit: number): Promise<CoverSettingsRow[]> {
    return this.db
      .select()
      .from(coverSettingsVersions)
      .orderBy(desc(coverSettingsVersions.id))
      .limit(limit);
  }
}

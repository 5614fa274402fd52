import type { CountryOption, CountryRole } from '#src/domain/countries.js';
import { rateDifferences, type RatePrice } from '#src/domain/rates.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { DEFAULT_COVER_SETTINGS, type CoverSettings } from '#src/domain/pricing.js';
import type {
  CatalogRepository,
  CoverSettingsRow,
  RateTable,
  RateVersionRow,
  ServiceLevel,
} from './catalog.repository.js';

export type { CoverSettingsRow, RateTable, RateVersionRow, ServiceLevel };

/** The cover settings in force and the version they are. */
export type CurrentCoverSettings = CoverSettings & { version: number | null };

export const COVER_SETTINGS_CHANGED_MESSAGE =
  'Someone else saved the cover settings after you opened them. Reload to see their version.';

/** Who saved a version of the rate tables. */
export interface RateAuthor {
  id: string;
  email: string;
}

export const RATES_CHANGED_MESSAGE =
  'Someone else saved the rates after you opened them. Reload to see their version; your changes are still on this page.';

/** Countries and rate tables, as other modules and the routes read them. */
export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  listCountries(role?: CountryRole): Promise<CountryOption[]> {
    return this.repository.listCountries(role);
  }

  getRateTable(service: ServiceLevel): Promise<RateTable | undefined> {
    return this.repository.getRateTable(service);
  }

  /** The price in the rate table now (not the in-memory copy): for what is charged. */
  findPricePence(
    service: ServiceLevel,
    destinationCountryId: number,
    weightKg: number,
  ): Promise<number | undefined> {
    return this.repository.findPricePence(service, destinationCountryId, weightKg);
  }

  /** Both tables' prices now. */
  allPrices(): Promise<RatePrice[]> {
    return this.repository.allPrices();
  }

  latestVersion(): Promise<RateVersionRow | undefined> {
    return this.repository.latestVersion();
  }

  findVersion(id: number): Promise<RateVersionRow | undefined> {
    return this.repository.findVersion(id);
  }

  listVersions(limit: number) {
    return this.repository.listVersions(limit);
  }

  /**
   * Saves both tables as one new version, in the caller's transaction, under a lock on the
   * tables. `basedOnVersionId` is the version the operator edited: if another was saved since,
   * nothing is written (409). The first save also records the prices it replaces, so they can
   * be restored.
   */
  async saveVersion(
    input: {
      prices: readonly RatePrice[];
      note: string;
      author: RateAuthor;
      basedOnVersionId: number | null;
      at: Date;
    },
    tx: DbTransaction,
  ): Promise<{ version: RateVersionRow; changes: number }> {
    const { repository } = this;
    await repository.lockRateTables(tx);
    const latest = await repository.latestVersion(tx);
    if ((latest?.id ?? null) !== input.basedOnVersionId) {
      throw new ApiError(409, 'RATES_CHANGED', RATES_CHANGED_MESSAGE);
    }
    const before = await repository.allPrices(tx);
    if (!latest) {
      await repository.insertVersion(
        {
          createdAt: input.at,
          adminId: '',
          adminEmail: '(before the console)',
          note: 'The prices in place before the first save in the console',
          prices: before,
          changes: [],
        },
        tx,
      );
    }
    const changes = rateDifferences(before, input.prices);
    await repository.replacePrices(input.prices, input.at, tx);
    const version = await repository.insertVersion(
      {
        createdAt: input.at,
        adminId: input.author.id,
        adminEmail: input.author.email,
        note: input.note,
        prices: [...input.prices],
        changes,
      },
      tx,
    );
    return { version, changes: changes.length };
  }

  /**
   * The cover settings in force now (the newest version; read from the database, not a copy:
   * for what is charged). The defaults only if no version exists, which migration 0160 prevents.
   */
  async coverSettings(): Promise<CurrentCoverSettings> {
    const row = await this.repository.latestCoverSettings();
    return row ? coverSettingsOf(row) : { ...DEFAULT_COVER_SETTINGS, version: null };
  }

  findCoverSettings(id: number): Promise<CoverSettingsRow | undefined> {
    return this.repository.findCoverSettings(id);
  }

  listCoverSettings(limit: number): Promise<CoverSettingsRow[]> {
    return this.repository.listCoverSettings(limit);
  }

  /**
   * Saves the cover settings as a new version, in the caller's transaction, under a lock on the
   * version in force: refused (409) if another was saved after `basedOnVersionId`. Orders already
   * paid for keep the cover price they were paid at.
   */
  async saveCoverSettings(
    input: {
      settings: CoverSettings;
      note: string;
      author: RateAuthor;
      basedOnVersionId: number | null;
      at: Date;
    },
    tx: DbTransaction,
  ): Promise<CoverSettingsRow> {
    const latest = await this.repository.lockCoverSettings(tx);
    if ((latest?.id ?? null) !== input.basedOnVersionId) {
      throw new ApiError(409, 'COVER_SETTINGS_CHANGED', COVER_SETTINGS_CHANGED_MESSAGE);
    }
    return this.repository.insertCoverSettings(
      {
        createdAt: input.at,
        adminId: input.author.id,
        adminEmail: input.author.email,
        note: input.note,
        ...input.settings,
      },
      tx,
    );
  }
}

export function coverSettingsOf(row: CoverSettingsRow): CurrentCoverSettings {
  return {
    includedPence: row.includedPence,
    percentBasisPoints: row.percentBasisPoints,
    maxCoverPence: row.maxCoverPence,
    version: row.id,
  };
}

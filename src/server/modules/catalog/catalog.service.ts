import type { CountryOption, CountryRole } from '../../../domain/countries.js';
import { rateDifferences, type RatePrice } from '../../../domain/rates.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type {
  CatalogRepository,
  RateTable,
  RateVersionRow,
  ServiceLevel,
} from './catalog.repository.js';

export type { RateTable, RateVersionRow, ServiceLevel };

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
}

import type { CountryOption, CountryRole } from '../../../domain/countries.js';
import type { CatalogRepository, RateTable, ServiceLevel } from './catalog.repository.js';

export type { RateTable, ServiceLevel };

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
}

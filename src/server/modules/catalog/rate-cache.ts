import type { Clock } from '../../clock.js';
import type { CatalogRepository, ServiceLevel } from './catalog.repository.js';

/**
 * Both rate tables held in memory, so a quote's price needs no database round trip. The tables
 * are reloaded when older than `maxAgeMs` (the reload runs in the background while the previous
 * copy answers), so a change made by any process is used everywhere within that time;
 * `invalidate()` makes this process reload at once after its own change.
 */
export class RateCache {
  private table: Map<string, Partial<Record<ServiceLevel, number>>> | undefined;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly clock: Clock,
    private readonly maxAgeMs = 60_000,
  ) {}

  async findPrices(
    destinationCountryId: number,
    weightKg: number,
  ): Promise<Partial<Record<ServiceLevel, number>>> {
    const age = this.clock.now().getTime() - this.loadedAt;
    if (!this.table) await this.load();
    else if (age > this.maxAgeMs || age < 0) void this.load().catch(() => undefined);
    return { ...this.table?.get(`${destinationCountryId}:${weightKg}`) };
  }

  invalidate(): void {
    this.table = undefined;
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const next = new Map<string, Partial<Record<ServiceLevel, number>>>();
        for (const service of ['economy', 'express'] as const) {
          const table = await this.catalog.getRateTable(service);
          for (const p of table?.prices ?? []) {
            const key = `${p.destinationCountryId}:${p.weightKg}`;
            next.set(key, { ...next.get(key), [service]: p.pricePence });
          }
        }
        this.table = next;
        this.loadedAt = this.clock.now().getTime();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}

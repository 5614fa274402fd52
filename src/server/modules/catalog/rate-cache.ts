import { createHash } from 'node:crypto';
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
  private tableVersion = '';
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

  /**
   * A digest of both tables as this process holds them: it changes whenever a price, a service's
   * title or a cell's presence does (a quote's `ETag` is built on it). Read after `findPrices`.
   */
  get version(): string {
    return this.tableVersion;
  }

  invalidate(): void {
    this.table = undefined;
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const next = new Map<string, Partial<Record<ServiceLevel, number>>>();
        const digest = createHash('sha256');
        for (const service of ['economy', 'express'] as const) {
          const table = await this.catalog.getRateTable(service);
          digest.update(`${service}:${table?.title ?? ''};`);
          for (const p of table?.prices ?? []) {
            const key = `${p.destinationCountryId}:${p.weightKg}`;
            next.set(key, { ...next.get(key), [service]: p.pricePence });
            digest.update(`${key}=${p.pricePence};`);
          }
        }
        this.table = next;
        this.tableVersion = digest.digest('base64url').slice(0, 16);
        this.loadedAt = this.clock.now().getTime();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}

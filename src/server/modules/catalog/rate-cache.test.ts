import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { fixedClock } from '../../clock.js';
import { CatalogRepository } from './catalog.repository.js';
import { RateCache } from './rate-cache.js';

const database = useTestDatabase();

describe('RateCache', () => {
  it('answers from memory, and picks up another writer’s change once older than its limit', async () => {
    const clock = fixedClock('2026-11-23T10:00:00Z');
    const catalog = new CatalogRepository(database.db);
    const cache = new RateCache(catalog, clock, 60_000);
    const before = await cache.findPrices(73, 20);
    expect(before).toEqual(await catalog.findPrices(73, 20));

    await database.query(
      `UPDATE rates SET price_pence = 1234 WHERE destination_country_id = 73 AND weight_kg = 20 AND service = 'economy'`,
    );
    expect((await cache.findPrices(73, 20)).economy).toBe(before.economy); // within the limit

    clock.set('2026-11-23T10:01:01Z');
    // The first read after the limit starts the reload and answers from the old copy meanwhile.
    expect((await cache.findPrices(73, 20)).economy).toBe(before.economy);
    await vi.waitFor(async () => expect((await cache.findPrices(73, 20)).economy).toBe(1234));
  });

  it('reloads at once after invalidate()', async () => {
    const clock = fixedClock('2026-11-23T10:00:00Z');
    const cache = new RateCache(new CatalogRepository(database.db), clock);
    expect((await cache.findPrices(80, 30)).express).toBeGreaterThan(0);
    await database.query(`DELETE FROM rates WHERE destination_country_id = 80 AND weight_kg = 30`);
    cache.invalidate();
    expect(await cache.findPrices(80, 30)).toEqual({});
  });
});

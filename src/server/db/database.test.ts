// On PostgreSQL too: the database client on each driver.
import { beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { useTestDatabase } from '#tests/support/test-database.js';
import { buildApp } from '../app.js';
import { systemClock } from '../clock.js';
import { DESTINATIONS } from '../../domain/countries.js';
import { reachableWeightsKg } from '../../domain/rates.js';
import { openDatabase } from './client.js';
import { loadMigrations, migrate, pendingMigrations } from './migrate.js';
import { seed } from './seed.js';
import { CatalogRepository } from '../modules/catalog/catalog.repository.js';
import { TransglobalCourier } from '../providers/courier/transglobal/transglobal.client.js';

const database = useTestDatabase();
let catalog: CatalogRepository;
beforeAll(() => {
  catalog = new CatalogRepository(database.db);
});

// One test opens a second, empty embedded database and migrates it: seconds on a quiet machine,
// far more on a busy one. The wider limit is for load, not for a hang.
describe('migrations', { timeout: 60_000 }, () => {
  it('are all applied, and applying again changes nothing', async () => {
    expect(await pendingMigrations(database)).toEqual([]);
    expect(await migrate(database)).toEqual([]);
  });

  it('refuse to run when an applied migration was edited', async () => {
    const [first, ...rest] = await loadMigrations();
    const edited = { ...first!, checksum: 'edited' };
    await expect(migrate(database, [edited, ...rest])).rejects.toThrow(
      /was changed after it was applied/,
    );
  });

  it('/readyz is 503 while migrations are pending, then 200 once applied', async () => {
    const fresh = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({
      database: fresh,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      // The site's start (createDeps) migrates before it builds the app, and buildApp reads the
      // generated auth secret from the migrated database. This app is built on an unmigrated one
      // to watch /readyz, so it is given its secret as AUTH_SECRET would give it.
      authSecret: 'readyz-test-secret',
      // Never called here: this test is about /readyz.
      courier: new TransglobalCourier({
        baseUrl: 'http://127.0.0.1:9',
        apiKey: '-',
        password: '-',
      }),
    });
    try {
      const before = await app.inject('/readyz');
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ error: { code: 'NOT_READY' } });
      await migrate(fresh);
      const after = await app.inject('/readyz');
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
      await fresh.close();
    }
  });
});

describe('seed', () => {
  it('is idempotent and never overwrites an operator’s prices', async () => {
    await database.query(
      `UPDATE rates SET price_pence = 12345 WHERE service = 'economy' AND destination_country_id = 73 AND weight_kg = 20`,
    );
    await database.query(
      `DELETE FROM rates WHERE service = 'express' AND destination_country_id = 157 AND weight_kg = 150`,
    );
    const second = await seed(database);
    expect(second.seededRateTables).toEqual([]);
    expect(await catalog.findPricePence('economy', 73, 20)).toBe(12345);
    expect(await catalog.findPricePence('express', 157, 150)).toBeUndefined();
    const countries = await catalog.listCountries();
    expect(countries).toHaveLength(16);
  });
});

describe('CatalogRepository', () => {
  it('reads both rate tables: every destination at every reachable weight, in pence', async () => {
    const weights = reachableWeightsKg();
    for (const service of ['economy', 'express'] as const) {
      const table = await catalog.getRateTable(service);
      expect(table?.currency).toBe('GBP');
      const cells = new Set(table!.prices.map((p) => `${p.destinationCountryId}:${p.weightKg}`));
      for (const d of DESTINATIONS) {
        for (const w of weights) {
          if (service === 'express' && d.countryId === 157 && w === 150) continue; // deleted above
          expect(cells.has(`${d.countryId}:${w}`), `${service} ${d.title} ${w}kg`).toBe(true);
        }
      }
      expect(table!.prices.every((p) => Number.isInteger(p.pricePence) && p.pricePence > 0)).toBe(
        true,
      );
    }
  });

  it('prices express dearer than economy for the same destination and weight', async () => {
    const economy = await catalog.findPricePence('economy', 232, 50);
    const express = await catalog.findPricePence('express', 232, 50);
    expect(economy).toBeGreaterThan(0);
    expect(express).toBeGreaterThan(economy!);
  });

  it('lists countries by role in display order', async () => {
    const collection = await catalog.listCountries('collection');
    expect(collection.map((c) => c.title)).toEqual([
      'United Kingdom (Mainland)',
      'United Kingdom (Northern Ireland)',
      'United Kingdom (Scottish Highlands)',
      'United Kingdom (Offshore Isles)',
    ]);
    const destinations = await catalog.listCountries('destination');
    expect(destinations[0]).toEqual({
      countryId: 13,
      title: 'Australia',
      countryCode: 'AU',
      role: 'destination',
      flagPath: '/flags/au.svg',
    });
  });

  it('answers undefined for a weight the table has no price for', async () => {
    expect(await catalog.findPricePence('economy', 73, 25)).toBeUndefined();
    expect(await catalog.findPricePence('economy', 999, 20)).toBeUndefined();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '#tests/support/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createDeps } from './deps.js';
import { parseEnv } from './env.js';
import { CatalogRepository } from './modules/catalog/catalog.repository.js';

// Each test opens the embedded database on disk (migrations and seed) more than once: seconds on
// a quiet machine, far more on a busy one. The wider limit is for load, not for a hang.
describe('createDeps on the embedded defaults', { timeout: 60_000 }, () => {
  it('keeps the data under DATA_DIR across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'boxabroad-restart-'));
    const env = parseEnv({ DATA_DIR: dataDir });
    const logger = pino({ level: 'silent' });
    try {
      const first = await createDeps(env, logger);
      expect(first.database.kind).toBe('pglite');
      await first.database.query(
        `UPDATE rates SET price_pence = 4242 WHERE service = 'economy' AND destination_country_id = 80 AND weight_kg = 40`,
      );
      await first.close();

      const second = await createDeps(env, logger);
      const catalog = new CatalogRepository(second.database.db);
      expect(await catalog.findPricePence('economy', 80, 40)).toBe(4242);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

// Opens the embedded database and starts the simulator: the same wide limit, for the same reason.
describe('createDeps: the courier', { timeout: 60_000 }, () => {
  it('runs the courier simulator in process on COURIER_SIMULATOR_PORT, and stops it on close', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'boxabroad-courier-'));
    const port = await freePort();
    const env = parseEnv({ DATA_DIR: dataDir, COURIER_SIMULATOR_PORT: String(port) });
    const deps = await createDeps(env, pino({ level: 'silent' }));
    const control = `http://127.0.0.1:${port}/__control`;
    try {
      expect(deps.courier.name).toBe('simulator');
      expect(await deps.courier.getCountries()).toContainEqual(
        expect.objectContaining({ countryId: 231, countryCode: 'GB' }),
      );
      expect((await fetch(control)).status).toBe(200);
    } finally {
      await deps.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    await expect(fetch(control)).rejects.toThrow();
  });
});

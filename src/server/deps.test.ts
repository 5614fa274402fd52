import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createDeps } from './deps.js';
import { parseEnv } from './env.js';
import { CatalogRepository } from './modules/catalog/catalog.repository.js';

describe('createDeps on the embedded defaults', () => {
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

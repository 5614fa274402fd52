import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { Readiness } from './readiness.js';

/** A database that answers the migrations applied, and holds its files in `dataDir` when given. */
function fakeDatabase(applied: string[], dataDir?: string): Database {
  const rows = applied.map((name) => ({ version: name.slice(0, 4), name: name.slice(5) }));
  return { kind: 'pglite', query: async () => rows, ...(dataDir ? { dataDir } : {}) } as never;
}

describe('readiness', () => {
  it('reads the build’s migrations once, however many probes come', async () => {
    const expectedMigrations = vi.fn(async () => ['0001_init', '0002_orders']);
    const readiness = new Readiness(fakeDatabase(['0001_init', '0002_orders']), {
      expectedMigrations,
    });
    for (let i = 0; i < 20; i++) expect(await readiness.check()).toEqual({ ready: true });
    expect(expectedMigrations).toHaveBeenCalledTimes(1);
  });

  it('is not ready while a migration of this build is missing, and names it', async () => {
    const readiness = new Readiness(fakeDatabase(['0001_init']), {
      expectedMigrations: async () => ['0001_init', '0002_orders'],
    });
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: 'Database migrations pending: 0002_orders',
    });
  });

  it('is not ready when the database does not answer', async () => {
    const database = {
      kind: 'postgres',
      query: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    } as never;
    const readiness = new Readiness(database, { expectedMigrations: async () => [] });
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: 'The database is not reachable.',
    });
  });

  it('is not ready once the data directory cannot be written, probing it at most every 5 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boxabroad-ready-'));
    let now = 0;
    const readiness = new Readiness(fakeDatabase(['0001_init'], join(dir, 'pglite')), {
      expectedMigrations: async () => ['0001_init'],
      now: () => now,
    });
    try {
      // The folder does not exist: nothing can be written there.
      const missing = await readiness.check();
      expect(missing).toMatchObject({ ready: false });
      expect(missing.ready || missing.reason).toMatch(/cannot be written/);
      // Within 5 s the answer stands, whatever happened since.
      mkdirSync(join(dir, 'pglite'));
      now = 4_999;
      expect((await readiness.check()).ready).toBe(false);
      // Then the folder is probed again, and writable.
      now = 5_000;
      expect(await readiness.check()).toEqual({ ready: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import type { DbTimeouts } from '../../src/server/db/wait-bounds.js';
import { withDatabase } from './global-setup.js';
import { useBuilt } from './use-built.js';

export interface TestDatabase extends Database {
  /** Closes and, on a Postgres server, drops the database. */
  dispose(): Promise<void>;
  /** On a Postgres server: the database's URL, for tools that connect on their own (pg_dump). */
  url?: string;
}

let pglite: Promise<{ snapshot: Blob; wasmModule: WebAssembly.Module }> | undefined;

/**
 * What every PGlite of a test worker starts from, read once per worker: the run's snapshot, and
 * PostgreSQL's WebAssembly compiled. Compiled again for each database, it was a third of that
 * database's start (0.6 of 1.9 CPU-seconds, measured on 2 cores; a run opens about 95).
 */
function pgliteStart() {
  pglite ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const wasm = join(dirname(entry), 'pglite.wasm');
    const [snapshot, bytes] = await Promise.all([
      readFile(inject('pgliteSnapshotPath')),
      readFile(wasm),
    ]);
    return { snapshot: new Blob([snapshot]), wasmModule: await WebAssembly.compile(bytes) };
  })();
  return pglite;
}

/**
 * A fresh, migrated and seeded database for one test file: a PGlite restored from the run's
 * snapshot, or (in the postgres project) a new database cloned from the run's template.
 */
export async function createTestDatabase(
  options: { timeouts?: DbTimeouts } = {},
): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_KIND === 'postgres') return createPostgresDatabase(options);
  const { snapshot, wasmModule } = await pgliteStart();
  const database = await openDatabase({
    kind: 'pglite',
    loadDataDir: snapshot,
    wasmModule,
    ...options,
  });
  return { ...database, dispose: () => database.close() };
}

async function createPostgresDatabase(options: { timeouts?: DbTimeouts }): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = inject('postgresTemplate');
  const name = `${inject('postgresClonePrefix')}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(url, name),
    ...options,
  });
  return {
    ...database,
    url: withDatabase(url, name),
    dispose: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * A file's fresh database (createTestDatabase), made in a `beforeAll` and disposed of in an
 * `afterAll` registered where it is called: `const database = useTestDatabase();` at the top,
 * then `database.db`, `database.query`… inside tests and hooks.
 */
export function useTestDatabase(options: { timeouts?: DbTimeouts } = {}): TestDatabase {
  return useBuilt(
    'useTestDatabase()',
    () => createTestDatabase(options),
    (database) => database.dispose(),
  );
}

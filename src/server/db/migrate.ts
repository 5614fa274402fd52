import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** Any fixed number: every process that migrates takes this advisory lock first. */
const MIGRATION_LOCK_ID = 7_320_114;

/** Reads the versioned migrations shipped with this build, in order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    const [, version, name] = match ?? [];
    if (!version || !name)
      throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    const sql = await readFile(join(dir, file), 'utf8');
    migrations.push({
      version,
      name,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('Two migrations share a version number');
  return migrations;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    text PRIMARY KEY,
  name       text NOT NULL,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Applies every migration not yet applied, each in its own transaction, under an advisory lock
 * so two processes starting together do not race. Refuses to run when an applied migration's
 * file has changed since (migrations are append-only).
 */
export async function migrate(database: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await database.execScript(CREATE_TABLE);
  const applied: string[] = [];
  for (const migration of all) {
    const done = await database.transaction(
      async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
        const rows = await tx.query<{ checksum: string }>(
          'SELECT checksum FROM schema_migrations WHERE version = $1',
          [migration.version],
        );
        const existing = rows[0];
        if (existing) {
          if (existing.checksum !== migration.checksum) {
            throw new Error(
              `Migration ${migration.version}_${migration.name} was changed after it was applied; add a new migration instead`,
            );
          }
          return false;
        }
        await tx.execScript(migration.sql);
        await tx.query(
          'INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)',
          [migration.version, migration.name, migration.checksum],
        );
        return true;
        // A migration may run long, and waits for another process's migrations: no bounds.
      },
      { statementMs: 0, lockMs: 0 },
    );
    if (done) applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}

/** Versions this build expects that the database lacks (empty when fully migrated). */
export async function pendingMigrations(
  database: Database,
  migrations?: Migration[],
): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  const rows = await database.query<{ version: string }>(`SELECT version FROM schema_migrations`);
  const done = new Set(rows.map((r) => r.version));
  return all.filter((m) => !done.has(m.version)).map((m) => `${m.version}_${m.name}`);
}

import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seed } from '../../src/server/db/seed.js';
import { testDatabaseKey } from './snapshot-key.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
    postgresClonePrefix: string;
  }
}

/**
 * Migrates and seeds one database, which every test file then clones: a PGlite data directory
 * snapshot, or a Postgres template database. The PGlite snapshot is kept in .tmp/ under the
 * key of what it holds (the migrations, the seed and their code: `testDatabaseKey`), so a run
 * whose migrations and seed are unchanged restores it instead of migrating again.
 */
export default async function setup(project: TestProject) {
  if (project.name.endsWith('postgres')) return setupPostgres(project);
  return setupPglite(project);
}

/** Snapshots other than the current one are removed once this old (never one in use). */
const STALE_SNAPSHOT_MS = 24 * 60 * 60_000;

async function setupPglite(project: TestProject) {
  const dir = join(process.cwd(), '.tmp');
  await mkdir(dir, { recursive: true });
  const name = `pglite-snapshot-${await testDatabaseKey()}.tar`;
  const path = join(dir, name);
  if (!(await exists(path))) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database);
    await seed(database);
    const dump = await database.dumpDataDir!();
    await database.close();
    // Written aside, then renamed: a run starting meanwhile never reads half a snapshot.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  }
  await removeStaleSnapshots(dir, name);
  project.provide('pgliteSnapshotPath', path);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function removeStaleSnapshots(dir: string, current: string) {
  for (const file of await readdir(dir)) {
    if (!file.startsWith('pglite-snapshot-') || file === current) continue;
    const path = join(dir, file);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_SNAPSHOT_MS) await rm(path, { force: true });
  }
}

/** A template of another key is dropped once no run has used it for this long. */
const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60_000;
const DUPLICATE_DATABASE = '42P04';

/**
 * The Postgres template is named by the same key and kept between runs (and shared by runs on
 * the same server whose migrations and seed are identical); each run's clones carry its process
 * id, so a run drops only its own.
 */
async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `${TEMPLATE_PREFIX}${await testDatabaseKey()}`;
  const clonePrefix = `boxabroad_t_${process.pid}_`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const found = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [template]);
  if (found.rowCount === 0) {
    // Built aside, then renamed: a run starting meanwhile never clones half a template.
    const building = `${template}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, building) });
    await migrate(database);
    await seed(database);
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (error) {
      // Another run built the same template first: use theirs.
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
  }
  await admin.query(`COMMENT ON DATABASE ${template} IS '${LAST_USED}${new Date().toISOString()}'`);
  await removeStaleTemplates(admin, template);
  project.provide('postgresTemplate', template);
  project.provide('postgresClonePrefix', clonePrefix);
  return async () => {
    const clones = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [clonePrefix],
    );
    for (const { datname } of clones.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  };
}

const TEMPLATE_PREFIX = 'boxabroad_tpl_';
const LAST_USED = 'test template, last used ';

/** Drops kept templates of other keys that no run has used for a week (never one in use). */
async function removeStaleTemplates(admin: pg.Client, current: string) {
  const templates = await admin.query<{ datname: string; comment: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
     WHERE starts_with(datname, $1) AND datname <> $2`,
    [TEMPLATE_PREFIX, current],
  );
  for (const { datname, comment } of templates.rows) {
    if (!comment?.startsWith(LAST_USED)) continue;
    const lastUsed = Date.parse(comment.slice(LAST_USED.length));
    if (Date.now() - lastUsed > STALE_TEMPLATE_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seed } from '../../src/server/db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database per run, which every test file then clones: a PGlite data
 * directory snapshot, or a Postgres template database.
 */
export default async function setup(project: TestProject) {
  if (project.name.endsWith('postgres')) return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = join(process.cwd(), '.tmp');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `pglite-snapshot-${process.pid}.tar`);
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await seed(database);
  const dump = await database.dumpDataDir!();
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshotPath', path);
  return async () => {
    await rm(path, { force: true });
  };
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `boxabroad_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) });
  await migrate(database);
  await seed(database);
  await database.close();
  project.provide('postgresTemplate', template);
  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${template.replace('tpl', 't')}%`],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Drizzle transaction on `Db`: repositories accept one to join the caller's transaction. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type DbExecutor = Db | DbTransaction;

/** A raw query function used by the migration runner and health checks. */
export type RawQuery = <Row = Record<string, unknown>>(
  text: string,
  params?: unknown[],
) => Promise<Row[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The ORM handle every repository uses. */
  db: Db;
  query: RawQuery;
  /** Runs a script of several statements without parameters. */
  execScript(text: string): Promise<void>;
  /** Runs fn in one transaction on one connection. */
  transaction<T>(
    fn: (tx: { query: RawQuery; execScript(text: string): Promise<void> }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests restore it per file). */
  dumpDataDir?: () => Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const query: RawQuery = async (text, params) =>
    (await client.query(text, params ?? [])).rows as never;
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    query,
    execScript: async (text) => {
      await client.exec(text);
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query(text, params ?? [])).rows as never,
          execScript: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  // The same for a client checked out by any code (Drizzle's transactions included): its
  // statement in flight fails, the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const query: RawQuery = async (text, params) => (await pool.query(text, params)).rows;
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
    query,
    execScript: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection cut while checked out (server restart, pg_terminate_backend) emits 'error'
      // on the client: without a listener that event would end the process. The statement in
      // flight fails on its own; the broken client is then discarded, not returned to the pool.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          execScript: async (text) => {
            await client.query(text);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            lost = rollbackError;
          });
        }
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost ?? false);
      }
    },
    close: () => pool.end(),
  };
}

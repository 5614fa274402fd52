import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
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
  // One process owns a data directory (decision 073); an in-memory database has none to share.
  const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
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
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
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
  // Statements outside a transaction (Drizzle's and ours) go through a pool that asks a plain
  // read again, once, on a new connection when its connection was cut under it.
  const reading = readAgainOnLostConnection(pool);
  const query: RawQuery = async (text, params) => (await reading.query(text, params)).rows;
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: reading, schema }) as unknown as Db,
    query,
    execScript: async (text) => {
      await pool.query(text);
    },
    transaction: (fn) =>
      inTransaction(pool, 'BEGIN', (client) =>
        fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          execScript: async (text) => {
            await client.query(text);
          },
        }),
      ),
    close: () => pool.end(),
  };
}

/**
 * Runs fn on one pooled client between `begin` and COMMIT (ROLLBACK on an error). A connection
 * cut while checked out (server restart, pg_terminate_backend) emits 'error' on the client:
 * without a listener that event would end the process. The statement in flight fails on its
 * own; the broken client is then discarded, not returned to the pool.
 */
async function inTransaction<T>(
  pool: pg.Pool,
  begin: 'BEGIN' | 'BEGIN READ ONLY',
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query(begin);
    const result = await fn(client);
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
}

/**
 * Whether an error means the connection itself is gone (an administrator's or a failover's
 * termination, a restart of the server, a broken socket) rather than a problem with the statement.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 57P01–57P03: the server ended the session; class 08: connection exceptions.
    if (/^57P0[123]$/.test(code) || code.startsWith('08')) return true;
    if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return typeof message === 'string' && /^Connection terminated/.test(message);
}

/** A statement that only reads: asking it again cannot change anything. */
function isPlainRead(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    /^\s*select\b/i.test(text) &&
    !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text)
  );
}

/**
 * The pool as Drizzle and the raw queries use it, except that a plain read (a SELECT that locks
 * nothing) whose connection was cut under it is asked again once, on a new connection: a GET
 * then survives a lost connection instead of answering 500. The second try runs in a READ ONLY
 * transaction, so a SELECT that would write (a function with side effects, `nextval`) fails
 * there instead of writing twice. A statement that writes is never sent twice, since the server
 * may have committed it before the connection went; transactions take their own client from
 * `connect()` and are not retried either (decision 059).
 */
function readAgainOnLostConnection(pool: pg.Pool): pg.Pool {
  const send = (client: pg.Pool | pg.PoolClient, args: unknown[]) =>
    (client.query as (...a: unknown[]) => unknown)(...args);
  const readOnly = (args: unknown[]) =>
    inTransaction(pool, 'BEGIN READ ONLY', async (client) => send(client, args));
  const query = (...args: unknown[]): unknown => {
    // The callback form is not used here; it is passed through untouched.
    if (typeof args.at(-1) === 'function') return send(pool, args);
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    return (send(pool, args) as Promise<unknown>).catch((error: unknown) => {
      if (isConnectionLost(error) && isPlainRead(text)) return readOnly(args);
      throw error;
    });
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

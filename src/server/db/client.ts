import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { dirname } from 'node:path';
import pg from 'pg';
import { makeDirectory, makePrivate } from '../private-files.js';
import { lockDataDir } from './data-dir-lock.js';
import { schema } from './schema.js';
import {
  BoundedGate,
  DEFAULT_DB_TIMEOUTS,
  DatabaseWaitError,
  postgresTimeoutOptions,
  type DbTimeouts,
} from './wait-bounds.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Drizzle transaction on `Db`: repositories accept one to join the caller's transaction. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type DbExecutor = Db | DbTransaction;

/**
 * What every repository starts from: the ORM handle, and one transaction on it for callers whose
 * writes go together (each method takes the `tx` to join it).
 */
export abstract class Repository {
  constructor(protected readonly db: Db) {}

  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}

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
  /**
   * Runs fn in one transaction on one connection. `bounds` lifts the connection's wait bounds
   * for this transaction only (0 = none), for the few units that may wait or run long: the
   * migrations, which wait for another process's migrations.
   */
  transaction<T>(
    fn: (tx: { query: RawQuery; execScript(text: string): Promise<void> }) => Promise<T>,
    bounds?: TransactionBounds,
  ): Promise<T>;
  /**
   * Runs fn in a Drizzle transaction and, on PostgreSQL, runs it again (up to 3 tries in all,
   * after 50 and 250 ms) when the connection was lost before COMMIT was sent: the server then
   * rolled it back, so nothing of it happened. A loss during COMMIT is not retried (it may have
   * committed). Only for units whose callback does nothing outside the database: no provider
   * call, no email, no change to memory the caller keeps (decision 092).
   */
  retryable<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite on disk only: the folder its files are in (readiness checks it can be written). */
  dataDir?: string;
  /** PGlite only: the whole data directory as a tarball (tests restore it per file). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite only: the whole data directory as a tarball, taken while nothing else runs on the
   * database (between two transactions, after a CHECKPOINT so its files are current), for a
   * backup (decision 093). `atSnapshot` runs first in that same moment and its answer comes back
   * with the tarball. Waits for its turn up to `waitMs` (default: the lock bound).
   */
  snapshot?: <T>(
    atSnapshot: (query: RawQuery) => Promise<T>,
    waitMs?: number,
  ) => Promise<{ tar: Blob; seen: T }>;
}

export interface TransactionBounds {
  /** The longest one statement may run, ms; 0 for no bound. */
  statementMs?: number;
  /** The longest a statement may wait for a lock (on PGlite: for the connection), ms; 0 for none. */
  lockMs?: number;
  /** The longest the transaction may sit idle between two statements, ms; 0 for no bound. */
  idleInTransactionMs?: number;
}

export type DatabaseOptions = (
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** PostgreSQL's WebAssembly, compiled once by a caller that opens many (the tests). */
      wasmModule?: WebAssembly.Module;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number }
) & { timeouts?: DbTimeouts };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  wasmModule?: WebAssembly.Module;
  timeouts?: DbTimeouts;
}): Promise<Database> {
  const timeouts = options.timeouts ?? DEFAULT_DB_TIMEOUTS;
  let lock: Awaited<ReturnType<typeof lockDataDir>> | undefined;
  if (options.dataDir) {
    try {
      await makeDirectory(options.dataDir);
      // One process owns a data directory (decision 073): the lock file is its first write.
      lock = await lockDataDir(options.dataDir);
    } catch (error) {
      throw unusableDirectory(dirname(options.dataDir), error) ?? error;
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.wasmModule ? { pgliteWasmModule: options.wasmModule } : {}),
    });
    // PGlite sets some files' modes itself, past the process's umask: a new database's files
    // come 0666 from its template, a few written at start 0644 (decision 114). Its folder is
    // inside the private data directory, so nobody else reached them meanwhile.
    if (options.dataDir) await makePrivate(options.dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const bounded = boundedPglite(client, timeouts);
  const query: RawQuery = async (text, params) =>
    (await bounded.query(text, params ?? [])).rows as never;
  const db = drizzlePglite({ client: bounded as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    db,
    query,
    execScript: async (text) => {
      await bounded.exec(text);
    },
    transaction: (fn, bounds) =>
      bounded.transaction(
        (tx) =>
          fn({
            query: async (text, params) => (await tx.query(text, params ?? [])).rows as never,
            execScript: async (text) => {
              await tx.exec(text);
            },
          }),
        bounds,
      ),
    // One connection in this process: there is no connection to lose.
    retryable: (fn) => db.transaction(fn),
    close: async () => {
      try {
        await client.close();
        // And those it wrote on the way out (its statistics file).
        if (options.dataDir) await makePrivate(options.dataDir);
      } finally {
        await lock?.release();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    snapshot: (atSnapshot, waitMs) =>
      bounded.exclusive(waitMs, async () => {
        const seen = await atSnapshot(
          async (text, params) => (await client.query(text, params ?? [])).rows as never,
        );
        await client.query('CHECKPOINT');
        return { tar: await client.dumpDataDir('none'), seen };
      }),
  };
}

/** A data directory the process cannot write to, said in one line (docs/operations.md). */
export class DataDirectoryUnusableError extends Error {
  constructor(
    readonly directory: string,
    readonly reason: string,
    readonly code: string,
  ) {
    super(`The data directory ${directory} cannot be written: ${reason} (${code}).`);
    this.name = 'DataDirectoryUnusableError';
  }
}

const UNUSABLE_REASONS: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'this process is not allowed to write to it',
  EPERM: 'this process is not allowed to write to it',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a file stands where a folder should be',
};

export function unusableDirectory(
  directory: string,
  error: unknown,
): DataDirectoryUnusableError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = code ? UNUSABLE_REASONS[code] : undefined;
  return code && reason ? new DataDirectoryUnusableError(directory, reason, code) : null;
}

async function openPostgres(options: {
  url: string;
  maxConnections?: number;
  timeouts?: DbTimeouts;
}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // Every connection starts with the wait bounds (docs/operations.md, "Bounded waits").
    options: postgresTimeoutOptions(options.timeouts ?? DEFAULT_DB_TIMEOUTS),
  });
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
  const db = drizzleNodePg({ client: reading, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query,
    execScript: async (text) => {
      await pool.query(text);
    },
    transaction: (fn, bounds) =>
      inTransaction(pool, 'BEGIN', async (client) => {
        if (bounds?.statementMs !== undefined)
          await client.query(`SET LOCAL statement_timeout = ${Math.trunc(bounds.statementMs)}`);
        if (bounds?.lockMs !== undefined)
          await client.query(`SET LOCAL lock_timeout = ${Math.trunc(bounds.lockMs)}`);
        if (bounds?.idleInTransactionMs !== undefined)
          await client.query(
            `SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(bounds.idleInTransactionMs)}`,
          );
        return fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          execScript: async (text) => {
            await client.query(text);
          },
        });
      }),
    retryable: (fn) => retryableTransaction(db, fn),
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

const RETRY_DELAYS_MS = [50, 250];

/**
 * A Drizzle transaction run again when its connection was lost before COMMIT was sent (see
 * `Database.retryable`, decision 092). Only for callbacks with no effect outside the database;
 * on PGlite nothing is ever lost, and it is a plain transaction.
 */
export async function retryableTransaction<T>(
  db: Db,
  fn: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let committing = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await fn(tx);
        committing = true;
        return result;
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (committing || delay === undefined || !isConnectionLost(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * PGlite behind a BoundedGate: one statement or transaction at a time, each waiting at most the
 * lock bound for its turn; a transaction idle longer than its bound between two statements is
 * rolled back at the next one. Drizzle and the raw queries use this object as they would PGlite.
 */
function boundedPglite(client: PGlite, timeouts: DbTimeouts) {
  const gate = new BoundedGate();
  const wait = (lockMs: number | undefined) => {
    const ms = lockMs ?? timeouts.lockMs;
    return ms > 0 ? ms : 2_147_483_647;
  };
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const idleBounded = (tx: Tx, idleMs: number): Tx => {
    if (idleMs <= 0) return tx;
    let last = Date.now();
    const step =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        if (Date.now() - last > idleMs) {
          throw new DatabaseWaitError(
            '25P03',
            `The transaction was idle for more than ${idleMs} ms and was rolled back.`,
          );
        }
        try {
          return await run(...args);
        } finally {
          last = Date.now();
        }
      };
    return Object.assign(Object.create(tx) as Tx, {
      query: step(tx.query.bind(tx)),
      exec: step(tx.exec.bind(tx)),
    });
  };
  return {
    /** Runs fn while nothing else runs on the database (its turn waited for as a statement's). */
    exclusive: <T>(waitMs: number | undefined, fn: () => Promise<T>): Promise<T> =>
      gate.run(wait(waitMs), fn),
    query: ((...args: Parameters<PGlite['query']>) =>
      gate.run(wait(undefined), () => client.query(...args))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) =>
      gate.run(wait(undefined), () => client.exec(...args))) as PGlite['exec'],
    transaction: <T>(fn: (tx: Tx) => Promise<T>, bounds?: TransactionBounds): Promise<T> =>
      gate.run(wait(bounds?.lockMs), () =>
        client.transaction((tx) =>
          fn(idleBounded(tx, bounds?.idleInTransactionMs ?? timeouts.idleInTransactionMs)),
        ),
      ),
  };
}

/**
 * Whether an error means the connection itself is gone (an administrator's or a failover's
 * termination, a restart of the server, a broken socket) rather than a problem with the statement.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // Drizzle wraps the driver's error in its own (DrizzleQueryError), with the original as cause.
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error && isConnectionLost(cause)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 57P01–57P03: the server ended the session; class 08: connection exceptions.
    if (/^57P0[123]$/.test(code) || code.startsWith('08')) return true;
    if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  // node-postgres's own words for a socket that closed, or a client left broken by one.
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error)/.test(message)
  );
}

/**
 * Whether the database could not be reached for a statement: its connection was lost, or a new
 * one could not be made (the server down or restarting: ECONNREFUSED, 57P03 "starting up";
 * the pool waiting past its connect timeout).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') return true;
    if (typeof message === 'string' && /^timeout exceeded when trying to connect/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
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

/**
 * Nothing waits on the database forever (docs/operations.md, "Bounded waits"). Three bounds, the
 * same names as PostgreSQL's settings:
 * - statement: the longest one statement may run;
 * - lock: the longest a statement may wait for a lock another transaction holds;
 * - idle in transaction: the longest an open transaction may sit between two statements.
 *
 * PostgreSQL enforces all three on every connection of the pool. PGlite is one connection in
 * this process and runs one statement or transaction at a time: there, the lock bound is the
 * wait for that one connection (`BoundedGate`), and the idle bound is checked at a
 * transaction's next statement. PGlite cannot cut a statement that is running (its engine runs
 * on this thread without timers: `SELECT pg_sleep(1)` with a 200 ms statement_timeout ran for
 * 1,001 ms), so the statement bound holds on PostgreSQL only.
 */

export interface DbTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
};

/** PostgreSQL's settings for the bounds, as a connection's startup `options`. */
export function postgresTimeoutOptions(timeouts: DbTimeouts): string {
  return [
    `-c statement_timeout=${timeouts.statementMs}`,
    `-c lock_timeout=${timeouts.lockMs}`,
    `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
  ].join(' ');
}

/**
 * What a bounded wait ends with on PGlite; it carries PostgreSQL's code for the same case
 * (55P03 lock_not_available, 25P03 idle_in_transaction_session_timeout) so one check serves
 * both databases. Nothing was sent to the database for the statement that got it.
 */
export class DatabaseWaitError extends Error {
  constructor(
    readonly code: '55P03' | '25P03',
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseWaitError';
  }
}

/**
 * SQLSTATEs of a bound that was hit: 57014 a statement cancelled (statement_timeout), 55P03 a
 * lock not obtained in time, 25P03 a transaction idle too long (its session is ended).
 */
const BOUND_CODES = new Set(['57014', '55P03', '25P03']);

/** The SQLSTATE of an error or of the error it wraps. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    // Five characters of digits and capitals, not an errno such as EROFS or EPIPE.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^E[A-Z]+$/.test(code))
      return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether an error (or the error it wraps, as Drizzle's do) is a wait bound that was hit. */
export function isWaitBoundHit(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && BOUND_CODES.has(code);
}

/** The errno code (ENOSPC, EROFS, …) of an error or of the error it wraps. */
export function errnoOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether a write failed because the storage cannot take it: PostgreSQL's disk_full (53100,
 * which PGlite also raises when its directory's disk fills), or the file system's ENOSPC, EDQUOT
 * or EROFS reaching us from the embedded database's files.
 */
export function isStorageUnavailable(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state === '53100') return true;
  const errno = errnoOf(error);
  return errno === 'ENOSPC' || errno === 'EDQUOT' || errno === 'EROFS';
}

/**
 * A short name for a statement, for logs: its verb and first table ("update orders",
 * "select from rate_tables"), never its values (statements are parametrised; a name drops even
 * the literals of one that is not).
 */
export function statementName(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (!verb) return undefined;
  const table = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
  if (verb === 'update') {
    const updated = /^\s*update\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
    return updated ? `update ${updated}` : verb;
  }
  return table ? `${verb} ${verb === 'insert' ? 'into' : 'from'} ${table}` : verb;
}

/** The statement an error came from, as `statementName` gives it (Drizzle's errors carry it). */
export function failedStatementName(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const query = (e as { query?: unknown }).query;
    if (typeof query === 'string') return statementName(query);
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One holder at a time, first come first served, and a bounded wait: a caller that cannot have
 * its turn within `waitMs` gets a DatabaseWaitError (55P03) and leaves the queue without having
 * run anything.
 */
export class BoundedGate {
  #held = false;
  readonly #queue: { grant: () => void; cancelled: boolean }[] = [];

  async run<T>(waitMs: number, fn: () => Promise<T>): Promise<T> {
    await this.#acquire(waitMs);
    try {
      return await fn();
    } finally {
      this.#release();
    }
  }

  #acquire(waitMs: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        cancelled: false,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiter.cancelled = true;
        reject(
          new DatabaseWaitError(
            '55P03',
            `The database was busy for more than ${waitMs} ms; nothing was run.`,
          ),
        );
      }, waitMs);
      this.#queue.push(waiter);
    });
  }

  #release(): void {
    for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
      if (!next.cancelled) {
        next.grant();
        return;
      }
    }
    this.#held = false;
  }
}

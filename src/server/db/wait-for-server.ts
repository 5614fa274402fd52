import type { Logger } from 'pino';
import type { Database } from './client.js';
import { errnoOf, sqlStateOf } from './wait-bounds.js';

/**
 * Errors that mean "the PostgreSQL server is not there yet": nothing listens, the name does not
 * resolve yet, the server is starting or shutting down, the connection was cut or timed out.
 * Anything else (a wrong password, a missing database) will not mend by waiting.
 */
const NOT_UP_YET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now: the server is starting up
  '57P01', // admin_shutdown
]);

/** The site could not reach its PostgreSQL server within the wait at start. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

export interface WaitForServerOptions {
  /** The longest to wait, in seconds (DB_START_WAIT_SECONDS). */
  seconds: number;
  logger: Logger;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Before the migrations: waits until the PostgreSQL server answers, trying again after 0.5, 1,
 * 2, 4 and then every 5 s, logging each miss, for at most `seconds`; then gives up with one
 * line (docs/operations.md, "Starting and stopping"). A server started beside the site (a
 * container, a service unit) is usually a few seconds behind it.
 */
export async function waitForServer(
  database: Database,
  { seconds, logger, sleep = defaultSleep, now = Date.now }: WaitForServerOptions,
): Promise<void> {
  const until = now() + seconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.query('SELECT 1');
      if (attempt > 1) logger.info({ attempt }, 'PostgreSQL answers');
      return;
    } catch (error) {
      const code = errnoOf(error) ?? sqlStateOf(error);
      if (!code || !NOT_UP_YET.has(code)) throw error;
      const waitMs = Math.min(500 * 2 ** (attempt - 1), 5_000);
      if (now() + waitMs > until) {
        throw new DatabaseUnreachableError(
          `PostgreSQL did not answer within ${seconds} s (${code}, ${attempt} tries). Check DATABASE_URL and that the server is running.`,
        );
      }
      logger.warn({ attempt, code, nextInMs: waitMs }, 'waiting for PostgreSQL');
      await sleep(waitMs);
    }
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

import rateLimitPlugin, {
  normalizeIP,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyAttemptsMessage } from '../../domain/accounts.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { WriteBatcher } from '../db/write-batcher.js';
import { ApiError } from './errors.js';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * The limits per client address of the routes that cost us something (a courier call, an email,
 * a card attempt, a password check). Settings (RATE_LIMIT_* in `.env.example`); tests and the
 * benchmarks raise them.
 */
export interface RateLimitSettings {
  /**
   * Get Quotes: counted in each process's memory, not the database (`processRateLimit`), as a
   * quote writes nothing and a count in the database would cost more than the quote itself.
   */
  quotes: Limit;
  /** Starting an order (Select on /quote): writes a draft. */
  orders: Limit;
  contact: Limit;
  /** Commodity look-ups and adding an item (each calls the courier). */
  lookups: Limit;
  /** Pay, confirming a card, the card sandbox's confirm and authenticate. */
  payments: Limit;
  signIn: Limit;
  signUp: Limit;
  passwordResets: Limit;
  /** Every other state-changing account route. */
  account: Limit;
  /** "Manage my booking": asking for an emailed link and opening one. */
  bookingLinks: Limit;
  /** Finding a booking's tracking page by reference and postcode. */
  trackingLookups: Limit;
  /** Declined card attempts per order, whoever sends them. */
  cardDeclines: Limit;
  /** "Find address" (a call to the address provider unless its answer is kept). */
  addressLookups: Limit;
  /** "Find address" per order, whoever asks. */
  addressLookupsPerOrder: Limit;
}

const MINUTES_15 = 15 * 60;
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  quotes: { max: 600, windowSeconds: MINUTES_15 },
  orders: { max: 200, windowSeconds: MINUTES_15 },
  contact: { max: 20, windowSeconds: MINUTES_15 },
  lookups: { max: 300, windowSeconds: MINUTES_15 },
  payments: { max: 60, windowSeconds: MINUTES_15 },
  signIn: { max: 50, windowSeconds: MINUTES_15 },
  signUp: { max: 20, windowSeconds: MINUTES_15 },
  passwordResets: { max: 20, windowSeconds: MINUTES_15 },
  account: { max: 100, windowSeconds: MINUTES_15 },
  bookingLinks: { max: 20, windowSeconds: MINUTES_15 },
  trackingLookups: { max: 20, windowSeconds: MINUTES_15 },
  cardDeclines: { max: 5, windowSeconds: MINUTES_15 },
  addressLookups: { max: 60, windowSeconds: MINUTES_15 },
  addressLookupsPerOrder: { max: 20, windowSeconds: MINUTES_15 },
};

/** A limit a route is registered under (src/server/http/route.ts `rateLimit`). */
export type RouteRateLimit = Exclude<
  keyof RateLimitSettings,
  'cardDeclines' | 'addressLookupsPerOrder'
>;

/** 429 TOO_MANY_ATTEMPTS with `Retry-After` and "Too many attempts — try again in N minutes". */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'TOO_MANY_ATTEMPTS',
    tooManyAttemptsMessage(retryAfterSeconds),
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Attempts per key in fixed windows, counted in the `rate_limits` table so every process shares
 * them. The one counter of the site: the per-address limits of routes (@fastify/rate-limit, with
 * this as its store: `registerRateLimits`) and the per-email, per-account and per-order limits
 * that services check with `hit`. A key names the action and who tries it
 * (`sign-in:ip:203.0.113.7`, `sign-in:email:a@b.c`, `card-declines:order:<id>`).
 */
export class RateLimiter {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt under each key; over any key's limit, throws 429 TOO_MANY_ATTEMPTS with
   * `Retry-After` (seconds) and "Too many attempts — try again in N minutes".
   */
  async hit(attempts: readonly { key: string; limit: Limit }[]): Promise<void> {
    let retryAfter = 0;
    for (const { key, limit } of attempts) {
      retryAfter = Math.max(retryAfter, await this.over(key, limit));
    }
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
  }

  /** Seconds until the key may try again without counting an attempt, or 0 when it may now. */
  async waitFor(key: string, limit: Limit): Promise<number> {
    const [row] = await this.database.query<{ window_start: Date | string; attempts: number }>(
      `SELECT window_start, attempts FROM rate_limits WHERE key = $1`,
      [key],
    );
    if (!row || row.attempts < limit.max) return 0;
    const left = this.left(row.window_start, limit.windowSeconds);
    return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0;
  }

  /** Takes back one attempt counted under the key (never below zero). */
  async uncount(key: string): Promise<void> {
    await this.database.query(
      `UPDATE rate_limits SET attempts = GREATEST(attempts - 1, 0) WHERE key = $1`,
      [key],
    );
  }

  /** Seconds until the key may try again, or 0 when this attempt is within its limit. */
  private async over(key: string, limit: Limit): Promise<number> {
    const { attempts, msLeft } = await this.increment(key, limit.windowSeconds);
    if (attempts <= limit.max) return 0;
    return Math.max(1, Math.ceil(msLeft / 1000));
  }

  /**
   * Counts one attempt; the attempts so far in the key's window and the ms left in it. The
   * attempts made at the same moment are counted together, one statement for all their keys
   * (group commit, docs/decisions/060); each caller still gets its own exact count.
   */
  increment(key: string, windowSeconds: number): Promise<{ attempts: number; msLeft: number }> {
    return this.attempts.run({ key, windowSeconds });
  }

  private readonly attempts = new WriteBatcher(
    (calls: { key: string; windowSeconds: number }[]) => this.countAll(calls),
    500,
  );

  /**
   * One upsert for all the calls' keys per window length (one transaction when there are
   * several); each call's own count, in order.
   */
  private async countAll(
    calls: readonly { key: string; windowSeconds: number }[],
  ): Promise<{ attempts: number; msLeft: number }[]> {
    const windows = [...new Set(calls.map((call) => call.windowSeconds))];
    const [only] = windows;
    if (windows.length === 1 && only !== undefined) {
      return this.countWindow(this.database, calls, only);
    }
    return this.database.transaction(async (tx) => {
      const results: { attempts: number; msLeft: number }[] = [];
      for (const windowSeconds of windows) {
        const counted = await this.countWindow(tx, calls, windowSeconds);
        counted.forEach((result, i) => {
          if (result) results[i] = result;
        });
      }
      return results;
    });
  }

  /** The counts of the calls on keys of this window length (the others' places left empty). */
  private async countWindow(
    db: Pick<Database, 'query'>,
    calls: readonly { key: string; windowSeconds: number }[],
    windowSeconds: number,
  ): Promise<{ attempts: number; msLeft: number }[]> {
    const now = this.clock.now();
    const perKey = new Map<string, number>();
    for (const call of calls) {
      if (call.windowSeconds === windowSeconds)
        perKey.set(call.key, (perKey.get(call.key) ?? 0) + 1);
    }
    // Keys in one order, so two processes counting the same keys never wait on each other in a
    // cycle. A window that has ended starts again at these attempts.
    const keys = [...perKey.keys()].sort();
    const rows = await db.query<{ key: string; window_start: Date | string; attempts: number }>(
      `INSERT INTO rate_limits (key, window_start, attempts)
       SELECT t.key, $3::timestamptz, t.n FROM unnest($1::text[], $2::int[]) AS t(key, n)
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN rate_limits.window_start <= $4 THEN EXCLUDED.attempts ELSE rate_limits.attempts + EXCLUDED.attempts END,
         window_start = CASE WHEN rate_limits.window_start <= $4 THEN EXCLUDED.window_start ELSE rate_limits.window_start END
       RETURNING key, window_start, attempts`,
      [
        keys,
        keys.map((key) => perKey.get(key)),
        now,
        new Date(now.getTime() - windowSeconds * 1000),
      ],
    );
    const after = new Map(rows.map((row) => [row.key, row]));
    // The calls on one key count up to its new total, in the order they were made.
    const seen = new Map<string, number>();
    const results: { attempts: number; msLeft: number }[] = [];
    calls.forEach((call, i) => {
      if (call.windowSeconds !== windowSeconds) return;
      const row = after.get(call.key);
      const before = seen.get(call.key) ?? 0;
      seen.set(call.key, before + 1);
      results[i] = row
        ? {
            attempts: row.attempts - (perKey.get(call.key) ?? 1) + before + 1,
            msLeft: this.left(row.window_start, windowSeconds),
          }
        : { attempts: before + 1, msLeft: windowSeconds * 1000 };
    });
    return results;
  }

  private left(windowStart: Date | string, windowSeconds: number): number {
    return new Date(windowStart).getTime() + windowSeconds * 1000 - this.clock.now().getTime();
  }
}

/**
 * @fastify/rate-limit on the routes that name a limit (`addRoute(…, { rateLimit: 'quotes' })`),
 * counted per client address by the RateLimiter: every process on one PostgreSQL shares the
 * counts. Over the limit: the one JSON error shape, 429 TOO_MANY_ATTEMPTS with `Retry-After`.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limiter: RateLimiter,
  settings: RateLimitSettings,
): Promise<void> {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limiter.increment(key, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ attempts, msLeft }) => callback(null, { current: attempts, ttl: Math.max(0, msLeft) }),
        (error: Error) => callback(error),
      );
    }
    // Keys already name their route's limit (`quotes:ip:…`), so every route shares one store.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  app.decorate('rateLimitSettings', settings);
  await app.register(rateLimitPlugin, {
    global: false,
    store: DatabaseStore,
    // The database may be unreachable: then the request fails on its own, not here.
    skipOnError: true,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      tooManyAttempts(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** The route config of a limit: counted per client address under the limit's own name. */
export function routeRateLimit(app: FastifyInstance, name: RouteRateLimit): RateLimitOptions {
  const limit = app.rateLimitSettings[name];
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    // An IPv6 client is counted by its /64, as one household or server holds a whole /64.
    keyGenerator: (request: FastifyRequest) => `${name}:ip:${normalizeIP(request.ip)}`,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-address limits routes are registered under (registerRateLimits). */
    rateLimitSettings: RateLimitSettings;
  }
}

/** Keys one process tracks in a window at most; past it, a new address is not counted. */
const PROCESS_LIMIT_MAX_KEYS = 100_000;

/**
 * A per-address limit counted in this process's memory, in fixed windows shared by every address
 * (the whole count is dropped when the window turns, so memory stays bounded). For a route that
 * writes nothing and costs microseconds (Get Quotes): a database count would cost more than the
 * request, and with N processes an address gets at most N times the limit, which for such a
 * route is harmless (docs/security.md, "Rate limits"). Same 429 as the database-counted limits.
 */
export function processRateLimit(limit: Limit, name: string, clock: Clock) {
  const windowMs = limit.windowSeconds * 1000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return async (request: FastifyRequest) => {
    const now = clock.now().getTime();
    const start = now - (now % windowMs);
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    // An IPv4 address is its own key; an IPv6 one counts by its /64 (as normalizeIP makes it).
    const key = `${name}:${request.ip.includes(':') ? normalizeIP(request.ip) : request.ip}`;
    const seen = counts.get(key);
    if (seen === undefined) {
      if (counts.size < PROCESS_LIMIT_MAX_KEYS) counts.set(key, 1);
      return;
    }
    if (seen >= limit.max) {
      throw tooManyAttempts(Math.max(1, Math.ceil((start + windowMs - now) / 1000)));
    }
    counts.set(key, seen + 1);
  };
}

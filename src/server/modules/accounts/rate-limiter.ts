import { tooManyAttemptsMessage } from '../../../domain/accounts.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Attempts per key in fixed windows, counted in the database so every process shares them. A key
 * names the action and who tries it (`sign-in:ip:203.0.113.7`, `sign-in:email:a@b.c`).
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
      retryAfter = Math.max(retryAfter, await this.count(key, limit));
    }
    if (retryAfter > 0) {
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(retryAfter), undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  /** Seconds until the key may try again, or 0 when this attempt is within its limit. */
  private async count(key: string, limit: Limit): Promise<number> {
    const now = this.clock.now();
    const windowOpenedAfter = new Date(now.getTime() - limit.windowSeconds * 1000);
    // One statement: a window that has ended starts again at this attempt.
    const [row] = await this.database.query<{ window_start: Date | string; attempts: number }>(
      `INSERT INTO rate_limits (key, window_start, attempts) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.attempts + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
       RETURNING window_start, attempts`,
      [key, now, windowOpenedAfter],
    );
    if (!row || row.attempts <= limit.max) return 0;
    const windowEnds = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
    return Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
  }
}

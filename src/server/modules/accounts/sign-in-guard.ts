import { normalizeIP } from '@fastify/rate-limit';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { tooManyAttempts, type Limit, type RateLimiter } from '../../http/rate-limiter.js';

const MINUTES_15 = 15 * 60;

/**
 * Wrong passwords and wrong second-step codes (decisions 075 and 115). Counted where they come
 * from: only failures count, never a successful sign-in, so no one fails on purpose to stop the
 * owner for long. And counted on the account whatever the address: past a few failures each
 * further try on it waits longer, so no number of addresses buys more guesses; the wait ends,
 * so the owner's right answer still gets in, and the owner is emailed.
 */
export const SIGN_IN_LIMITS = {
  /** Failures on one account from one address: then that address is refused on that account. */
  perAccountAndAddress: { max: 5, windowSeconds: MINUTES_15 },
  /** Failures from one address on any accounts: then that address is refused on every account. */
  perAddress: { max: 20, windowSeconds: MINUTES_15 },
} satisfies Record<string, Limit>;

/** Failures on one account from every address (`sign_in_waits`, migration 0175). */
export const ACCOUNT_WAITS = {
  /** Failures an account may have before any try on it waits: one address's five, and one. */
  freeFailures: 6,
  /** The wait after the free failures, doubled with each further failure… */
  firstWaitSeconds: 60,
  /** …up to this: at most four guesses an hour at any account, from any number of addresses. */
  longestWaitSeconds: MINUTES_15,
  /** The failures are forgotten once the account has had no try for this long. */
  forgetAfterSeconds: 24 * 60 * 60,
  /** The owner is emailed once failures reach this (when waits begin), at most once a day. */
  notifyAtFailures: 6,
  notifyEverySeconds: 24 * 60 * 60,
} as const;

/** The wait after `failures` failures before the next try is checked, in seconds. */
export function accountWaitSeconds(failures: number): number {
  if (failures < ACCOUNT_WAITS.freeFailures) return 0;
  return Math.min(
    ACCOUNT_WAITS.longestWaitSeconds,
    ACCOUNT_WAITS.firstWaitSeconds * 2 ** (failures - ACCOUNT_WAITS.freeFailures),
  );
}

/** The same wait in SQL, for the row `w` (`$free`, `$first`, `$longest` bound by the caller). */
const WAIT_SQL = `CASE WHEN w.failures < $3 THEN interval '0'
  ELSE make_interval(secs => LEAST($5::float8, $4::float8 * power(2, w.failures - $3))) END`;

/**
 * The account a failure is about: `email:<typed email>` for a password (the account may not
 * exist; the answer is the same), `user:<id>` for a second-step code.
 */
export type AccountKey = `email:${string}` | `user:${string}`;

/** How the owner of an account whose failures reach `notifyAtFailures` is emailed. */
export interface RepeatedFailureNotice {
  /** The email of the account the key names; undefined when no account has it. */
  recipient(account: AccountKey): Promise<string | undefined>;
  /** Enqueues the email, in the transaction that marks the owner as told. */
  send(
    tx: Queryable,
    notice: { email: string; step: 'password' | 'code'; failures: number; requestId: string },
  ): Promise<unknown>;
  /** After that transaction: the email may go now. */
  sent(): void;
}

export interface SignInGuardDeps {
  limiter: RateLimiter;
  database: Database;
  clock: Clock;
  /** Emails the account's owner (AccountsService); absent, nobody is told. */
  notice?: RepeatedFailureNotice;
}

export class SignInGuard {
  constructor(private readonly deps: SignInGuardDeps) {}

  /**
   * Counts this attempt on `account` from `ip` before the password or code is checked, and
   * refuses it (429 TOO_MANY_ATTEMPTS, `Retry-After`) when that address has failed too often on
   * it, or on any accounts, or while the account's own wait runs. Counting first is what makes
   * the limits hold under parallel guesses: twenty wrong passwords sent at once each see the
   * others' counts, where checking and then counting after the slow password hash let all twenty
   * through. The caller then calls `release` for anything that was not a wrong guess (a success,
   * a server error), so only failures stay counted, or `failed` for a wrong guess; a refused
   * attempt is released here.
   */
  async check(account: AccountKey, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const { limiter } = this.deps;
    const [pair, address] = await Promise.all([
      limiter.increment(keys.pair, SIGN_IN_LIMITS.perAccountAndAddress.windowSeconds),
      limiter.increment(keys.address, SIGN_IN_LIMITS.perAddress.windowSeconds),
    ]);
    const waitMs = Math.max(
      pair.attempts > SIGN_IN_LIMITS.perAccountAndAddress.max ? pair.msLeft : 0,
      address.attempts > SIGN_IN_LIMITS.perAddress.max ? address.msLeft : 0,
    );
    if (waitMs > 0) {
      await this.releaseAddress(keys);
      throw tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    const accountWait = await this.admit(account);
    if (accountWait > 0) {
      await this.releaseAddress(keys);
      throw tooManyAttempts(accountWait);
    }
  }

  /** The attempt `check` counted was not a wrong guess (it succeeded, or failed on our side). */
  async release(account: AccountKey, ip: string): Promise<void> {
    await Promise.all([
      this.releaseAddress(this.keys(account, ip)),
      this.deps.database.query(
        `WITH gone AS (DELETE FROM sign_in_waits WHERE account = $1 AND failures <= 1)
         UPDATE sign_in_waits SET failures = failures - 1 WHERE account = $1 AND failures > 1`,
        [account],
      ),
    ]);
  }

  /**
   * The attempt `check` counted was a wrong guess: it stays counted, and when the account's
   * failures have reached `notifyAtFailures` its owner is emailed (at most once a day).
   */
  async failed(account: AccountKey): Promise<void> {
    const { notice, database, clock } = this.deps;
    if (!notice) return;
    const now = clock.now();
    const told = new Date(now.getTime() - ACCOUNT_WAITS.notifyEverySeconds * 1000);
    const due = `account = $1 AND failures >= $2 AND (notified_at IS NULL OR notified_at <= $3)`;
    const params = [account, ACCOUNT_WAITS.notifyAtFailures, told];
    // Most failures are not the one that tells the owner: one read decides, before the account's
    // email is looked up (never inside the transaction, which holds the embedded database).
    const [isDue] = await database.query(`SELECT 1 FROM sign_in_waits WHERE ${due}`, params);
    if (!isDue) return;
    const email = await notice.recipient(account);
    if (!email) return;
    const sent = await database.transaction(async (tx) => {
      const [marked] = await tx.query<{ failures: number }>(
        `UPDATE sign_in_waits SET notified_at = $4 WHERE ${due} RETURNING failures`,
        [...params, now],
      );
      if (!marked) return false;
      await notice.send(tx, {
        email,
        step: account.startsWith('user:') ? 'code' : 'password',
        failures: marked.failures,
        requestId: `${account}:${now.toISOString()}`,
      });
      return true;
    });
    if (sent) notice.sent();
  }

  /**
   * Counts a try on the account when its wait has passed (one statement, so tries sent at once
   * each see the others); answers 0, or the seconds left to wait when it is refused.
   */
  private async admit(account: AccountKey): Promise<number> {
    const now = this.deps.clock.now();
    const forgotten = new Date(now.getTime() - ACCOUNT_WAITS.forgetAfterSeconds * 1000);
    const params = [
      account,
      now,
      ACCOUNT_WAITS.freeFailures,
      ACCOUNT_WAITS.firstWaitSeconds,
      ACCOUNT_WAITS.longestWaitSeconds,
      forgotten,
    ];
    const admitted = await this.deps.database.query(
      `INSERT INTO sign_in_waits AS w (account, failures, last_try_at) VALUES ($1, 1, $2)
       ON CONFLICT (account) DO UPDATE SET
         failures = CASE WHEN w.last_try_at <= $6 THEN 1 ELSE w.failures + 1 END,
         last_try_at = $2,
         notified_at = CASE WHEN w.last_try_at <= $6 THEN NULL ELSE w.notified_at END
       WHERE w.last_try_at <= $6 OR w.last_try_at + ${WAIT_SQL} <= $2
       RETURNING failures`,
      params,
    );
    if (admitted.length > 0) return 0;
    const [left] = await this.deps.database.query<{ seconds: number }>(
      `SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (w.last_try_at + ${WAIT_SQL} - $2))))::int
              AS seconds
         FROM sign_in_waits w WHERE w.account = $1`,
      params.slice(0, 5),
    );
    return left?.seconds ?? 1;
  }

  private async releaseAddress(keys: ReturnType<SignInGuard['keys']>): Promise<void> {
    await Promise.all([
      this.deps.limiter.uncount(keys.pair),
      this.deps.limiter.uncount(keys.address),
    ]);
  }

  private keys(account: AccountKey, ip: string) {
    // An IPv6 client is counted by its /64, as the routes' limits count it.
    const address = normalizeIP(ip);
    return {
      pair: `sign-in-failures:pair:${account}:${address}`,
      address: `sign-in-failures:ip:${address}`,
    };
  }
}

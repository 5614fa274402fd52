import { normalizeIP } from '@fastify/rate-limit';
import { tooManyAttempts, type Limit, type RateLimiter } from '../../http/rate-limiter.js';

const MINUTES_15 = 15 * 60;

/**
 * Wrong passwords and wrong second-step codes, counted where they come from (decision 075). Only
 * failures count, never a successful sign-in, and never across the account alone: so no one can
 * lock the owner out by failing on purpose, while a guesser is refused.
 */
export const SIGN_IN_LIMITS = {
  /** Failures on one account from one address: then that address is refused on that account. */
  perAccountAndAddress: { max: 5, windowSeconds: MINUTES_15 },
  /** Failures from one address on any accounts: then that address is refused on every account. */
  perAddress: { max: 20, windowSeconds: MINUTES_15 },
  /**
   * Failures on one account from every address: past this the account is being guessed from
   * many addresses, and each address gets `perAccountAndAddressUnderAttack` tries on it.
   */
  perAccountUnderAttack: { max: 10, windowSeconds: MINUTES_15 },
  perAccountAndAddressUnderAttack: { max: 1, windowSeconds: MINUTES_15 },
} satisfies Record<string, Limit>;

/**
 * The account a failure is about: `email:<typed email>` for a password (the account may not
 * exist; the answer is the same), `user:<id>` for a second-step code.
 */
export type AccountKey = `email:${string}` | `user:${string}`;

export class SignInGuard {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Refuses (429 TOO_MANY_ATTEMPTS, `Retry-After`) an attempt on `account` from `ip` when that
   * address has failed too often on it, or on any accounts; counts nothing.
   */
  async check(account: AccountKey, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const underAttack =
      (await this.limiter.counted(
        keys.account,
        SIGN_IN_LIMITS.perAccountUnderAttack.windowSeconds,
      )) >= SIGN_IN_LIMITS.perAccountUnderAttack.max;
    const waits = await Promise.all([
      this.limiter.waitFor(
        keys.pair,
        underAttack
          ? SIGN_IN_LIMITS.perAccountAndAddressUnderAttack
          : SIGN_IN_LIMITS.perAccountAndAddress,
      ),
      this.limiter.waitFor(keys.address, SIGN_IN_LIMITS.perAddress),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** Counts one failure on `account` from `ip`: for the pair, the address and the account. */
  async failed(account: AccountKey, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await Promise.all([
      this.limiter.increment(keys.pair, SIGN_IN_LIMITS.perAccountAndAddress.windowSeconds),
      this.limiter.increment(keys.address, SIGN_IN_LIMITS.perAddress.windowSeconds),
      this.limiter.increment(keys.account, SIGN_IN_LIMITS.perAccountUnderAttack.windowSeconds),
    ]);
  }

  private keys(account: AccountKey, ip: string) {
    // An IPv6 client is counted by its /64, as the routes' limits count it.
    const address = normalizeIP(ip);
    return {
      pair: `sign-in-failures:pair:${account}:${address}`,
      address: `sign-in-failures:ip:${address}`,
      account: `sign-in-failures:account:${account}`,
    };
  }
}

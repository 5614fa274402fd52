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
   * Counts this attempt on `account` from `ip` before the password or code is checked, and
   * refuses it (429 TOO_MANY_ATTEMPTS, `Retry-After`) when that address has failed too often on
   * it, or on any accounts. Counting first is what makes the limit hold under parallel guesses:
   * twenty wrong passwords sent at once each see the others' counts, where checking and then
   * counting after the slow password hash let all twenty through. The caller then calls
   * `release` for anything that was not a wrong guess (a success, a server error), so only
   * failures stay counted; a refused attempt is released here.
   */
  async check(account: AccountKey, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const window = SIGN_IN_LIMITS.perAccountAndAddress.windowSeconds;
    const [pair, address, all] = await Promise.all([
      this.limiter.increment(keys.pair, window),
      this.limiter.increment(keys.address, SIGN_IN_LIMITS.perAddress.windowSeconds),
      this.limiter.increment(keys.account, SIGN_IN_LIMITS.perAccountUnderAttack.windowSeconds),
    ]);
    // Under attack when the account had failed this often before this attempt.
    const underAttack = all.attempts - 1 >= SIGN_IN_LIMITS.perAccountUnderAttack.max;
    const pairLimit = underAttack
      ? SIGN_IN_LIMITS.perAccountAndAddressUnderAttack
      : SIGN_IN_LIMITS.perAccountAndAddress;
    const waitMs = Math.max(
      pair.attempts > pairLimit.max ? pair.msLeft : 0,
      address.attempts > SIGN_IN_LIMITS.perAddress.max ? address.msLeft : 0,
    );
    if (waitMs > 0) {
      await this.release(account, ip);
      throw tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }

  /** The attempt `check` counted was not a wrong guess (it succeeded, or failed on our side). */
  async release(account: AccountKey, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await Promise.all([
      this.limiter.uncount(keys.pair),
      this.limiter.uncount(keys.address),
      this.limiter.uncount(keys.account),
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

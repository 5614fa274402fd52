import { timingSafeEqual } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Database } from '../../db/client.js';
import { TWO_FACTOR, type Auth } from './auth.js';

/** How better-auth stores a secret imported from elsewhere (its own are used as they are). */
const BASE32_PREFIX = 'base32:';

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Authenticator codes that work once (decision 115): the plugin accepts a code of the period
 * before, the current one or the next, as often as it is sent; this keeps, per account, the last
 * time step whose code was accepted (`totp_last_steps`) and refuses a code of that step or an
 * earlier one. Steps are counted on the real time, as the plugin checks codes on it.
 */
export class TotpSteps {
  constructor(
    private readonly auth: Auth,
    private readonly database: Database,
  ) {}

  /**
   * The time step `code` is the account's code for, within the plugin's window (the latest, if
   * it matches more than one); undefined when it matches none or the account has no secret.
   */
  async stepOf(userId: string, code: string): Promise<number | undefined> {
    const ctx = await this.auth.$context;
    const row = await ctx.adapter.findOne<{ secret: string }>({
      model: 'twoFactor',
      where: [{ field: 'userId', value: userId }],
    });
    if (!row) return undefined;
    const decrypted = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
    const secret = decrypted.startsWith(BASE32_PREFIX)
      ? base32.decode(decrypted.slice(BASE32_PREFIX.length).toUpperCase())
      : decrypted;
    const otp = createOTP(secret, {
      digits: TWO_FACTOR.digits,
      period: TWO_FACTOR.periodSeconds,
    });
    const now = Math.floor(Date.now() / (TWO_FACTOR.periodSeconds * 1000));
    let matched: number | undefined;
    for (const step of [now - 1, now, now + 1]) {
      if (sameCode(code, await otp.hotp(step))) matched = step;
    }
    return matched;
  }

  /**
   * Takes the step for the account, in one statement: false when it, or a later one, was taken
   * already (the code was used, or a newer one was), so two requests with one code get one yes.
   */
  async claim(userId: string, step: number): Promise<boolean> {
    const rows = await this.database.query(
      `INSERT INTO totp_last_steps (user_id, last_step) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET last_step = EXCLUDED.last_step
         WHERE totp_last_steps.last_step < EXCLUDED.last_step
       RETURNING user_id`,
      [userId, step],
    );
    return rows.length > 0;
  }
}

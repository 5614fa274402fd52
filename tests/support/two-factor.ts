import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { confirmTwoFactor, startTwoFactor } from '../../src/domain/api/two-factor.js';
import type { TestBrowser } from './browser-session.js';
import { call } from './call.js';

/**
 * The code an authenticator app shows now for a base32 secret (as the enrolment gives it), made
 * by the OTP helper better-auth itself verifies with. better-auth reads the real time, not the
 * tests' clock, and so does this: codes are computed on the time base that checks them.
 */
export async function totpCode(secret: string, periodsFromNow = 0): Promise<string> {
  const otp = createOTP(base32.decode(secret.replace(/\s/g, '').toUpperCase()), {
    digits: 6,
    period: 30,
  });
  if (periodsFromNow === 0) return otp.totp();
  return otp.hotp(Math.floor(Date.now() / 30_000) + periodsFromNow);
}

/** The last time step whose code `freshTotpCode` handed out, per secret. */
const lastStepUsed = new Map<string, number>();

/** Moves the process's clock on to `epochMs` (a test's faked `Date`), for `freshTotpCode`. */
export type ClockJump = (epochMs: number) => void;

/**
 * A code the server will accept once more: each code works once (its time step, and every
 * earlier one, is spent once the account used it: decision 115), so this hands out the code of
 * the next step not yet handed out for this secret: the current period's, then the next one's
 * (the plugin accepts a period either side). When both are spent, the clock must reach the next
 * period: with `jump`, the caller's clock is moved there at once (better-auth and this read the
 * same `Date`); without it, this waits for the real clock (at most 30 s).
 */
export async function freshTotpCode(secret: string, jump?: ClockJump): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  // Never the period before: the clock may pass into the next period before the server checks.
  const wanted = Math.max(step(), (lastStepUsed.get(secret) ?? -Infinity) + 1);
  if (wanted > step() + 1) {
    const reached = (wanted - 1) * 30_000 + 50;
    if (jump) jump(reached);
    else await new Promise((done) => setTimeout(done, reached - Date.now()));
  }
  lastStepUsed.set(secret, wanted);
  return totpCode(secret, wanted - step());
}

/** A code that is not the app's now, nor within a period either side (the plugin's window). */
export async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

export interface TwoFactorEnrolment {
  secret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

/** Sets up two-step sign-in for the signed-in account of `browser`, through the API. */
export async function enrolTwoFactor(
  browser: TestBrowser,
  password: string,
): Promise<TwoFactorEnrolment> {
  const started = await call(browser, startTwoFactor, { body: { password } });
  if (started.statusCode !== 201) throw new Error(`two-factor start failed: ${started.body}`);
  const enrolment: TwoFactorEnrolment = started.json();
  const confirmed = await call(browser, confirmTwoFactor, {
    body: { code: await freshTotpCode(enrolment.secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirmed.body}`);
  return enrolment;
}

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
    body: { code: await totpCode(enrolment.secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirmed.body}`);
  return enrolment;
}

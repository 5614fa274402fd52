import { expect, test, type Cookie, type Page } from '@playwright/test';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TWO_FACTOR_MESSAGES } from '#src/domain/two-factor.js';

/** The operator the e2e server makes with the admin:create code before it starts. */
export function adminCredentials(): { email: string; password: string } {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL is not set (see playwright.config.ts)');
  return { email, password };
}

/**
 * The code the operator's authenticator app shows now: the e2e server gave that operator
 * two-step sign-in with this secret (scripts/e2e-operators.ts). Computed by better-auth's own OTP
 * helper on the real time, which the server reads too.
 */
export async function adminTotpCode(
  secret = process.env.E2E_ADMIN_TOTP_SECRET,
  periodsFromNow = 0,
): Promise<string> {
  if (!secret) throw new Error('E2E_ADMIN_TOTP_SECRET is not set (see playwright.config.ts)');
  const otp = createOTP(base32.decode(secret.replace(/\s/g, '').toUpperCase()), {
    digits: 6,
    period: 30,
  });
  return periodsFromNow === 0
    ? otp.totp()
    : otp.hotp(Math.floor(Date.now() / 30_000) + periodsFromNow);
}

/**
 * The operator's session, once signed in through the page (password, then a code from the app):
 * each sign-in takes two slow steps, and every worker process (two per project, more after a
 * failure) would otherwise sign in once. The first worker to sign in leaves the session's cookies
 * in the run's output directory, which Playwright empties at the start of each run; the others
 * reuse them.
 */
let session: Cookie[] | undefined;

function sessionFile(): string {
  return join(test.info().project.outputDir, '.operator-session.json');
}

async function sharedSession(): Promise<Cookie[] | undefined> {
  try {
    return JSON.parse(await readFile(sessionFile(), 'utf8')) as Cookie[];
  } catch {
    return undefined;
  }
}

async function shareSession(cookies: Cookie[]): Promise<void> {
  const file = sessionFile();
  await mkdir(dirname(file), { recursive: true });
  // Written aside and renamed, so another worker never reads half of it.
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, JSON.stringify(cookies));
  await rename(aside, file);
}

/** Waits for the authenticator's next 30-second period to begin (the test given the time). */
async function untilNextPeriod(): Promise<void> {
  const period = 30_000;
  const wait = period - (Date.now() % period) + 250;
  test.info().setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Opens a console page as the operator: signed out, it is sent to sign in and brought back here
 * (the first time in the run); afterwards the same session is reused.
 */
export async function signInAsAdminAt(page: Page, path: string): Promise<void> {
  session ??= await sharedSession();
  if (session) {
    await page.context().addCookies(session);
    // An operator's session ends 30 minutes unused or 12 hours after it began, on the site's
    // clock, which the sandbox-clock specs move forward: an ended one is signed in again.
    const current = (await (await page.request.get('/api/v1/session')).json()) as {
      user: { role: string } | null;
    };
    if (current.user?.role === 'admin') {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      return;
    }
    await page.context().clearCookies();
  }
  const { email, password } = adminCredentials();
  await page.goto(path);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password check is deliberately slow; on a busy machine more so. Then the second step.
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible({
    timeout: 20_000,
  });
  // A code works once: another worker may have just signed in with this period's code, and a
  // third with the next period's (accepted too: the app's clock may run a little ahead). Then
  // the next period is waited for, as a person would wait for their app's next code.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt >= 2) await untilNextPeriod();
    const periodsFromNow = attempt === 0 ? 0 : 1;
    await page.getByLabel('6-digit code').fill(await adminTotpCode(undefined, periodsFromNow));
    // The answer to this code, not a message left on the page by the one before.
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/v1/session/second-step',
      { timeout: 20_000 },
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    const response = await answered;
    if (response.ok()) break;
    const refusal = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    if (refusal?.error?.message !== TWO_FACTOR_MESSAGES.codeUsed) break;
  }
  await expect(page).toHaveURL(path);
  session = await page.context().cookies();
  await shareSession(session);
}

import { confirmSignUp, signUp } from '../../src/domain/api/accounts.js';
import { signIn } from '../../src/domain/api/session.js';
import type { TestApp } from './test-app.js';
import type { TestBrowser } from './browser-session.js';
import { call } from './call.js';

/** A password the rule accepts (docs/accounts.md): long, not common, not the email. */
export const STRONG_PASSWORD = 'correct horse battery';

async function signUpMails(t: TestApp, email: string) {
  return t.database.query<{ id: string; text_body: string }>(
    `SELECT id, text_body FROM mail WHERE kind = 'sign-up-link' AND to_address = $1`,
    [email.toLowerCase()],
  );
}

/**
 * The token of the sign-up link emailed to `email`; when several were (all at the test clock's
 * one instant), the one not among `before` (mail ids read before signing up).
 */
export async function signUpToken(
  t: TestApp,
  email: string,
  before: ReadonlySet<string> = new Set(),
): Promise<string> {
  const found = (await signUpMails(t, email)).filter((m) => !before.has(m.id));
  if (found.length !== 1) {
    throw new Error(`expected one new sign-up link to ${email}, found ${found.length}`);
  }
  const match = /\/signup\/confirm\?token=([^\s]+)/.exec(found[0]!.text_body);
  if (!match?.[1]) throw new Error(`no sign-up link in the email to ${email}`);
  return decodeURIComponent(match[1]);
}

/** The ids of the sign-up links emailed to `email` so far (see signUpToken). */
export async function signUpMailIds(t: TestApp, email: string): Promise<Set<string>> {
  return new Set((await signUpMails(t, email)).map((m) => m.id));
}

/**
 * Signs up as a customer does: the form, then the emailed link opened in the same browser,
 * which is then signed in. Returns the new account's user.
 */
export async function signUpAndConfirm(
  t: TestApp,
  browser: TestBrowser,
  input: { name?: string; email: string; password?: string },
): Promise<{ id: string; email: string; name: string; emailVerified: boolean }> {
  const before = await signUpMailIds(t, input.email);
  const res = await call(browser, signUp, {
    body: {
      name: input.name ?? 'Ada Lovelace',
      email: input.email,
      password: input.password ?? STRONG_PASSWORD,
    },
  });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await signUpToken(t, input.email, before);
  const confirmed = await call(browser, confirmSignUp, { body: { token } });
  if (confirmed.statusCode !== 200) {
    throw new Error(`sign-up link failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  const { user } = confirmed.json();
  if (!user) throw new Error(`sign-up link signed nobody in: ${confirmed.body}`);
  return user;
}

/**
 * An account as sign-up made them before sign-up by link (its email not verified, signed in at
 * once), with its verification email sent: for tests about accounts that still exist so.
 */
export async function legacyUnverifiedAccount(
  t: TestApp,
  browser: TestBrowser,
  input: { name?: string; email: string; password?: string },
): Promise<{ id: string }> {
  const password = input.password ?? STRONG_PASSWORD;
  const auth = t.app.services.accounts.auth;
  const { user } = await auth.api.signUpEmail({
    body: { name: input.name ?? 'Ada Lovelace', email: input.email, password },
  });
  await auth.api.sendVerificationEmail({ body: { email: input.email } });
  const res = await call(browser, signIn, { body: { email: input.email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { id: user.id };
}

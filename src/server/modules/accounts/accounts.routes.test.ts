import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { legacyUnverifiedAccount, signUpToken, STRONG_PASSWORD } from '#tests/support/sign-up.js';
import { customer, uniqueEmail } from '#tests/support/factories/accounts.js';
import { useTestApp } from '#tests/support/test-app.js';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import { LIMITS } from './accounts.service.js';
import { SIGN_IN_LIMITS } from './sign-in-guard.js';
import { DEFAULT_RATE_LIMITS } from '../../http/rate-limiter.js';
import { call, untyped } from '#tests/support/call.js';
import {
  changeEmail,
  changeName,
  changePassword,
  confirmSignUp,
  getAccount,
  requestPasswordReset,
  resetPassword,
  signUp,
  verifyEmail,
} from '#src/domain/api/accounts.js';
import { getSession, signIn, signOut } from '#src/domain/api/session.js';
import { createOrder } from '#src/domain/api/orders.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

const t = useTestApp();

const password = STRONG_PASSWORD;

async function latestMail(kind: string, to: string) {
  const rows = await t.database.query<{ text_body: string; subject: string }>(
    `SELECT text_body, subject FROM mail WHERE kind = $1 AND to_address = $2 ORDER BY created_at DESC, id`,
    [kind, to],
  );
  return rows;
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe('sign-up, sign-in and sign-out', () => {
  it('signs up by the emailed link: then signed in with an HttpOnly SameSite=Lax cookie, the email verified', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('new');
    const res = await call(browser, signUp, { body: { name: 'Ada', email, password } });
    expect(res.statusCode).toBe(202);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token/);
    expect((await call(browser, getSession)).json()).toEqual({ user: null });

    const confirmed = await call(browser, confirmSignUp, {
      body: {
        token: await signUpToken(t, email),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Ada',
        email,
        emailVerified: true,
        role: 'customer',
        twoFactorEnabled: false,
      },
    });
    const cookie = String(confirmed.headers['set-cookie']);
    expect(cookie).toMatch(/boxabroad\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Served over http here: not Secure (over https it is; see the PUBLIC_URL test below).
    expect(cookie).not.toMatch(/Secure/);

    const session = await call(browser, getSession);
    expect(session.json().user).toMatchObject({ name: 'Ada', email, emailVerified: true });
    expect(session.headers['cache-control']).toBe('no-store');

    // The password is stored only as the library's hash.
    const [stored] = await t.database.query<{ password: string }>(
      `SELECT a.password FROM auth_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1`,
      [email],
    );
    expect(stored?.password).toBeTruthy();
    expect(stored?.password).not.toContain(password);
  });

  it('refuses a short password with the rule (a taken email: see sign-up.routes.test.ts)', async () => {
    const short = await call(new TestBrowser(t.app), signUp, {
      body: {
        name: 'Other',
        email: uniqueEmail('short'),
        password: 'short',
      },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json<ApiErrorBody>().error.fields).toEqual({
      password: ACCOUNT_MESSAGES.password,
    });
  });

  it('signs in, and a wrong password or unknown email get the same answer', async () => {
    const { email } = await customer(t);
    const browser = new TestBrowser(t.app);
    const wrong = await call(browser, signIn, { body: { email, password: 'not the password' } });
    const unknown = await call(browser, signIn, {
      body: {
        email: uniqueEmail('nobody'),
        password,
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<ApiErrorBody>().error.message).toBe(ACCOUNT_MESSAGES.signInFailed);
    expect((await call(browser, getSession)).json()).toEqual({ user: null });

    const ok = await call(browser, signIn, { body: { email, password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user!.email).toBe(email);
    expect((await call(browser, getSession)).json().user!.email).toBe(email);
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const browser = new TestBrowser(t.app);
    await customer(t, { browser });
    const stolen = new Map(browser.cookies);
    const out = await call(browser, signOut);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user: null });
    expect((await call(browser, getSession)).json()).toEqual({ user: null });

    // The old cookie, replayed, no longer works.
    const replay = new TestBrowser(t.app);
    stolen.forEach((value, name) => replay.cookies.set(name, value));
    expect((await call(replay, getSession)).json()).toEqual({ user: null });
  });

  it('an expired session is signed out', async () => {
    const browser = new TestBrowser(t.app);
    const { user } = await customer(t, { browser });
    await t.database.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await call(browser, getSession)).json()).toEqual({ user: null });
    expect((await call(browser, getAccount)).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers the same for any email and emails a single-use link only to an account', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await customer(t, { browser });
    const other = new TestBrowser(t.app);
    await call(other, signIn, { body: { email, password } });

    const unknownEmail = uniqueEmail('ghost');
    const forUnknown = await call(new TestBrowser(t.app), requestPasswordReset, {
      body: {
        email: unknownEmail,
      },
    });
    const forKnown = await call(new TestBrowser(t.app), requestPasswordReset, { body: { email } });
    expect(forKnown.statusCode).toBe(202);
    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.json()).toEqual(forUnknown.json());
    // The answer does the same work for both: a job each, no email yet (decision 116).
    const jobs = await t.database.query<{ payload: { email: string; requestId: string } }>(
      `SELECT payload FROM jobs WHERE kind = 'send-password-reset' AND payload->>'email' IN ($1, $2)`,
      [unknownEmail, email],
    );
    expect(jobs.map((job) => job.payload.email).sort()).toEqual([email, unknownEmail].sort());
    expect(await latestMail('password-reset', email)).toHaveLength(0);
    await t.app.services.jobs.drain();
    expect(await latestMail('password-reset', unknownEmail)).toHaveLength(0);
    // A second run of the job for the same request sends nothing more.
    const known = jobs.find((job) => job.payload.email === email)!.payload;
    expect(await t.app.services.accounts.sendPasswordReset(email, known.requestId)).toBe(true);
    expect(await latestMail('password-reset', email)).toHaveLength(1);

    const [mail] = await latestMail('password-reset', email);
    const token = tokenIn(mail!.text_body, '/login/reset-password');
    const reset = await call(new TestBrowser(t.app), resetPassword, {
      body: {
        token,
        password: 'a brand new password',
      },
    });
    expect(reset.statusCode).toBe(200);

    // Every session of the account is signed out.
    expect((await call(browser, getSession)).json()).toEqual({ user: null });
    expect((await call(other, getSession)).json()).toEqual({ user: null });
    // The new password works, the old one does not.
    const fresh = new TestBrowser(t.app);
    expect((await call(fresh, signIn, { body: { email, password } })).statusCode).toBe(401);
    expect(
      (await call(fresh, signIn, { body: { email, password: 'a brand new password' } })).statusCode,
    ).toBe(200);

    // The link works once.
    const again = await call(new TestBrowser(t.app), resetPassword, {
      body: {
        token,
        password: 'yet another password',
      },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json<ApiErrorBody>().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
    });
  });

  it('a link stops working after an hour', async () => {
    const { email } = await customer(t);
    await call(new TestBrowser(t.app), requestPasswordReset, { body: { email } });
    await t.app.services.jobs.drain();
    const [mail] = await latestMail('password-reset', email);
    const token = tokenIn(mail!.text_body, '/login/reset-password');
    const [row] = await t.database.query<{ expires_at: Date }>(
      `SELECT expires_at FROM verifications WHERE identifier = $1`,
      [`reset-password:${token}`],
    );
    const lifetimeMs = new Date(row!.expires_at).getTime() - Date.now();
    expect(lifetimeMs).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetimeMs).toBeLessThanOrEqual(60 * 60 * 1000);

    await t.database.query(
      `UPDATE verifications SET expires_at = now() - interval '1 second' WHERE identifier = $1`,
      [`reset-password:${token}`],
    );
    const late = await call(new TestBrowser(t.app), resetPassword, {
      body: {
        token,
        password: 'a brand new password',
      },
    });
    expect(late.statusCode).toBe(410);
    expect(
      (await call(new TestBrowser(t.app), signIn, { body: { email, password } })).statusCode,
    ).toBe(200);
  });
});

/** Opens the latest verification link emailed to the address, in this browser. */
async function openVerifyLink(browser: TestBrowser, to: string) {
  const [mail] = await latestMail('verify-email', to);
  return call(browser, verifyEmail, {
    body: {
      token: tokenIn(mail!.text_body, '/account/verify-email'),
    },
  });
}

describe("the account's details", () => {
  it('changes the name, shown by the session at once', async () => {
    const browser = new TestBrowser(t.app);
    await customer(t, { browser });
    const res = await call(browser, changeName, { body: { name: '  Ada King ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada King' });
    expect((await call(browser, getSession)).json().user!.name).toBe('Ada King');
    expect((await call(browser, getAccount)).json().name).toBe('Ada King');
    expect((await call(browser, changeName, { body: { name: '' } })).statusCode).toBe(422);
    const stranger = await call(new TestBrowser(t.app), changeName, { body: { name: 'Eve' } });
    expect(stranger.statusCode).toBe(401);
  });

  it('a verified email changes only once the link sent to the new address is opened', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await customer(t, { browser }); // verified by its sign-up link
    const newEmail = uniqueEmail('moved');

    const res = await call(browser, changeEmail, { body: { email: newEmail } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(newEmail);
    // Until the link is opened the old address is the account's, and still signs in.
    expect((await call(browser, getAccount)).json()).toMatchObject({
      email,
      emailVerified: true,
    });
    expect(
      (await call(new TestBrowser(t.app), signIn, { body: { email, password } })).statusCode,
    ).toBe(200);
    expect(await latestMail('verify-email', newEmail)).toHaveLength(1);

    expect((await openVerifyLink(browser, newEmail)).statusCode).toBe(200);
    expect((await call(browser, getAccount)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    const fresh = new TestBrowser(t.app);
    expect((await call(fresh, signIn, { body: { email, password } })).statusCode).toBe(401);
    expect((await call(fresh, signIn, { body: { email: newEmail, password } })).statusCode).toBe(
      200,
    );
  });

  // The rule changed (decision 077): an unverified account no longer takes a new address at
  // once; like a verified one, it keeps its own until the link sent to the new one is opened.
  it('an unverified account keeps its email until the link sent to the new address is opened', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('legacy');
    await legacyUnverifiedAccount(t, browser, { name: 'Ada', email, password });
    const newEmail = uniqueEmail('typo');
    const res = await call(browser, changeEmail, { body: { email: newEmail } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('changes once you open it');
    expect((await call(browser, getAccount)).json()).toMatchObject({
      email,
      emailVerified: false,
    });
    // The new address is not claimed: its owner can still sign up with it.
    const [claimed] = await t.database.query(`SELECT id FROM users WHERE email = $1`, [newEmail]);
    expect(claimed).toBeUndefined();
    expect((await openVerifyLink(browser, newEmail)).statusCode).toBe(200);
    expect((await call(browser, getAccount)).json()).toMatchObject({ email: newEmail });
  });

  it('an email another account uses is not taken, and the answer does not tell', async () => {
    const { email: taken } = await customer(t);
    const browser = new TestBrowser(t.app);
    const { email } = await customer(t, { browser });
    const res = await call(browser, changeEmail, { body: { email: taken } });
    expect(res.statusCode).toBe(200);
    expect((await call(browser, getAccount)).json().email).toBe(email);
    expect(await latestMail('verify-email', taken)).toHaveLength(0);
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await customer(t, { browser });
    const phone = new TestBrowser(t.app);
    expect((await call(phone, signIn, { body: { email, password } })).statusCode).toBe(200);

    const wrong = await call(browser, changePassword, {
      body: {
        currentPassword: 'not my password',
        newPassword: 'a brand new password',
      },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ApiErrorBody>().error.code).toBe('WRONG_PASSWORD');
    expect((await call(phone, getSession)).json().user!.email).toBe(email);

    const short = await call(browser, changePassword, {
      body: {
        currentPassword: password,
        newPassword: 'short',
      },
    });
    expect(short.statusCode).toBe(422);

    const ok = await call(browser, changePassword, {
      body: {
        currentPassword: password,
        newPassword: 'a brand new password',
      },
    });
    expect(ok.statusCode).toBe(200);
    // This browser stays signed in; the other device is signed out.
    expect((await call(browser, getSession)).json().user!.email).toBe(email);
    expect((await call(phone, getSession)).json()).toEqual({ user: null });
    const fresh = new TestBrowser(t.app);
    expect((await call(fresh, signIn, { body: { email, password } })).statusCode).toBe(401);
    expect(
      (await call(fresh, signIn, { body: { email, password: 'a brand new password' } })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and "try again in N minutes" after too many wrong passwords for one email from one address', async () => {
    const { email } = await customer(t);
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      expect((await call(browser, signIn, { body: { email, password: 'wrong' } })).statusCode).toBe(
        401,
      );
    }
    const limited = await call(browser, signIn, { body: { email, password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(
      String(SIGN_IN_LIMITS.perAccountAndAddress.windowSeconds),
    );
    expect(limited.json<ApiErrorBody>().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts — try again in 15 minutes',
    });

    // Ten minutes later the window still holds: 5 minutes to go.
    t.clock.set('2026-11-23T10:10:00Z');
    const later = await call(browser, signIn, { body: { email, password } });
    expect(later.headers['retry-after']).toBe('300');
    expect(later.json<ApiErrorBody>().error.message).toBe(
      'Too many attempts — try again in 5 minutes',
    );

    // Once the window has passed, the right password works again.
    t.clock.set('2026-11-23T10:16:00Z');
    expect((await call(browser, signIn, { body: { email, password } })).statusCode).toBe(200);
    t.clock.set('2026-11-23T10:00:00Z');
  });

  it('limits reset requests per email and sign-ups per address', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < LIMITS.resetPerEmail.max; i += 1) {
      expect(
        (await call(new TestBrowser(t.app), requestPasswordReset, { body: { email } })).statusCode,
      ).toBe(202);
    }
    const limited = await call(new TestBrowser(t.app), requestPasswordReset, { body: { email } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json<ApiErrorBody>().error.message).toBe(
      'Too many attempts — try again in 60 minutes',
    );

    // Counted by the client's own address (no proxy is trusted by default).
    const from = { remoteAddress: '198.51.100.23' };
    for (let i = 0; i < DEFAULT_RATE_LIMITS.signUp.max; i += 1) {
      const res = await call(new TestBrowser(t.app), signUp, {
        body: { name: 'Flood', email: uniqueEmail('flood'), password },
        ...from,
      });
      expect(res.statusCode).toBe(202);
    }
    const tooMany = await call(new TestBrowser(t.app), signUp, {
      body: { name: 'Flood', email: uniqueEmail('flood'), password },
      ...from,
    });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another site, before anything is done', async () => {
    const email = uniqueEmail('csrf');
    const evil = new TestBrowser(t.app, 'https://evil.example');
    const res = await call(evil, signUp, { body: { name: 'Eve', email, password } });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().error.code).toBe('CROSS_SITE_REQUEST');
    const [row] = await t.database.query(`SELECT id FROM users WHERE email = $1`, [email]);
    expect(row).toBeUndefined();

    // A signed-in victim's browser, posting from a page of another site.
    const victim = new TestBrowser(t.app);
    await customer(t, { browser: victim });
    const forged = await call(victim, signOut, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await call(victim, getSession)).json().user).not.toBeNull();

    const quote = await call(evil, createOrder, { body: untyped({}) });
    expect(quote.statusCode).toBe(403);
  });

  it('lets same-origin requests and non-browser clients through', async () => {
    const sameOrigin = await call(t.app, requestPasswordReset, {
      body: { email: uniqueEmail('same') },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(202);
    const noOrigin = await call(t.app, requestPasswordReset, {
      body: { email: uniqueEmail('curl') },
    });
    expect(noOrigin.statusCode).toBe(202);
  });
});

describe('over https', () => {
  const secure = useTestApp({ publicUrl: 'https://boxabroad.example' });

  it('marks the session cookie Secure', async () => {
    const browser = new TestBrowser(secure.app, 'https://boxabroad.example');
    const email = uniqueEmail('secure');
    await call(browser, signUp, { body: { name: 'Ada', email, password } });
    const res = await call(browser, confirmSignUp, {
      body: {
        token: await signUpToken(secure, email),
      },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/__Secure-boxabroad\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
  });
});

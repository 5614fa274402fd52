import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../../tests/support/browser-session.js';
import {
  legacyUnverifiedAccount,
  signUpAndConfirm,
  signUpToken,
} from '../../../../tests/support/sign-up.js';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts.js';
import { LIMITS } from './accounts.service.js';
import { SIGN_IN_LIMITS } from './sign-in-guard.js';
import { DEFAULT_RATE_LIMITS } from '../../http/rate-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now()}@example.com`;
const password = 'correct horse battery';

/** Signs up through the emailed link opened in this browser, which is then signed in. */
async function signUp(browser: TestBrowser, email = uniqueEmail('ada'), name = 'Ada Lovelace') {
  const user = await signUpAndConfirm(t, browser, { name, email, password });
  return { email, user };
}

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
    const res = await browser.post('/api/v1/account', { name: 'Ada', email, password });
    expect(res.statusCode).toBe(202);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token/);
    expect((await browser.get('/api/v1/session')).json()).toEqual({ user: null });

    const confirmed = await browser.post('/api/v1/account/sign-up-confirmations', {
      token: await signUpToken(t, email),
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

    const session = await browser.get('/api/v1/session');
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
    const short = await new TestBrowser(t.app).post('/api/v1/account', {
      name: 'Other',
      email: uniqueEmail('short'),
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields).toEqual({ password: ACCOUNT_MESSAGES.password });
  });

  it('signs in, and a wrong password or unknown email get the same answer', async () => {
    const { email } = await signUp(new TestBrowser(t.app));
    const browser = new TestBrowser(t.app);
    const wrong = await browser.post('/api/v1/session', { email, password: 'not the password' });
    const unknown = await browser.post('/api/v1/session', {
      email: uniqueEmail('nobody'),
      password,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(ACCOUNT_MESSAGES.signInFailed);
    expect((await browser.get('/api/v1/session')).json()).toEqual({ user: null });

    const ok = await browser.post('/api/v1/session', { email, password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
    expect((await browser.get('/api/v1/session')).json().user.email).toBe(email);
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const browser = new TestBrowser(t.app);
    await signUp(browser);
    const stolen = new Map(browser.cookies);
    const out = await browser.delete('/api/v1/session');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user: null });
    expect((await browser.get('/api/v1/session')).json()).toEqual({ user: null });

    // The old cookie, replayed, no longer works.
    const replay = new TestBrowser(t.app);
    stolen.forEach((value, name) => replay.cookies.set(name, value));
    expect((await replay.get('/api/v1/session')).json()).toEqual({ user: null });
  });

  it('an expired session is signed out', async () => {
    const browser = new TestBrowser(t.app);
    const { user } = await signUp(browser);
    await t.database.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await browser.get('/api/v1/session')).json()).toEqual({ user: null });
    expect((await browser.get('/api/v1/account')).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers the same for any email and emails a single-use link only to an account', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await signUp(browser);
    const other = new TestBrowser(t.app);
    await other.post('/api/v1/session', { email, password });

    const unknownEmail = uniqueEmail('ghost');
    const forUnknown = await new TestBrowser(t.app).post('/api/v1/password-resets', {
      email: unknownEmail,
    });
    const forKnown = await new TestBrowser(t.app).post('/api/v1/password-resets', { email });
    expect(forKnown.statusCode).toBe(202);
    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.json()).toEqual(forUnknown.json());
    expect(await latestMail('password-reset', unknownEmail)).toHaveLength(0);

    const [mail] = await latestMail('password-reset', email);
    const token = tokenIn(mail!.text_body, '/login/reset-password');
    const reset = await new TestBrowser(t.app).put('/api/v1/password-resets', {
      token,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);

    // Every session of the account is signed out.
    expect((await browser.get('/api/v1/session')).json()).toEqual({ user: null });
    expect((await other.get('/api/v1/session')).json()).toEqual({ user: null });
    // The new password works, the old one does not.
    const fresh = new TestBrowser(t.app);
    expect((await fresh.post('/api/v1/session', { email, password })).statusCode).toBe(401);
    expect(
      (await fresh.post('/api/v1/session', { email, password: 'a brand new password' })).statusCode,
    ).toBe(200);

    // The link works once.
    const again = await new TestBrowser(t.app).put('/api/v1/password-resets', {
      token,
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
    });
  });

  it('a link stops working after an hour', async () => {
    const { email } = await signUp(new TestBrowser(t.app));
    await new TestBrowser(t.app).post('/api/v1/password-resets', { email });
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
    const late = await new TestBrowser(t.app).put('/api/v1/password-resets', {
      token,
      password: 'a brand new password',
    });
    expect(late.statusCode).toBe(410);
    expect(
      (await new TestBrowser(t.app).post('/api/v1/session', { email, password })).statusCode,
    ).toBe(200);
  });
});

/** Opens the latest verification link emailed to the address, in this browser. */
async function openVerifyLink(browser: TestBrowser, to: string) {
  const [mail] = await latestMail('verify-email', to);
  return browser.post('/api/v1/account/email-verifications', {
    token: tokenIn(mail!.text_body, '/account/verify-email'),
  });
}

describe("the account's details", () => {
  it('changes the name, shown by the session at once', async () => {
    const browser = new TestBrowser(t.app);
    await signUp(browser);
    const res = await browser.put('/api/v1/account/name', { name: '  Ada King ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada King' });
    expect((await browser.get('/api/v1/session')).json().user.name).toBe('Ada King');
    expect((await browser.get('/api/v1/account')).json().name).toBe('Ada King');
    expect((await browser.put('/api/v1/account/name', { name: '' })).statusCode).toBe(422);
    const stranger = await new TestBrowser(t.app).put('/api/v1/account/name', { name: 'Eve' });
    expect(stranger.statusCode).toBe(401);
  });

  it('a verified email changes only once the link sent to the new address is opened', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await signUp(browser); // verified by its sign-up link
    const newEmail = uniqueEmail('moved');

    const res = await browser.put('/api/v1/account/email', { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(newEmail);
    // Until the link is opened the old address is the account's, and still signs in.
    expect((await browser.get('/api/v1/account')).json()).toMatchObject({
      email,
      emailVerified: true,
    });
    expect(
      (await new TestBrowser(t.app).post('/api/v1/session', { email, password })).statusCode,
    ).toBe(200);
    expect(await latestMail('verify-email', newEmail)).toHaveLength(1);

    expect((await openVerifyLink(browser, newEmail)).statusCode).toBe(200);
    expect((await browser.get('/api/v1/account')).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    const fresh = new TestBrowser(t.app);
    expect((await fresh.post('/api/v1/session', { email, password })).statusCode).toBe(401);
    expect((await fresh.post('/api/v1/session', { email: newEmail, password })).statusCode).toBe(
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
    const res = await browser.put('/api/v1/account/email', { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('changes once you open it');
    expect((await browser.get('/api/v1/account')).json()).toMatchObject({
      email,
      emailVerified: false,
    });
    // The new address is not claimed: its owner can still sign up with it.
    const [claimed] = await t.database.query(`SELECT id FROM users WHERE email = $1`, [newEmail]);
    expect(claimed).toBeUndefined();
    expect((await openVerifyLink(browser, newEmail)).statusCode).toBe(200);
    expect((await browser.get('/api/v1/account')).json()).toMatchObject({ email: newEmail });
  });

  it('an email another account uses is not taken, and the answer does not tell', async () => {
    const { email: taken } = await signUp(new TestBrowser(t.app));
    const browser = new TestBrowser(t.app);
    const { email } = await signUp(browser);
    const res = await browser.put('/api/v1/account/email', { email: taken });
    expect(res.statusCode).toBe(200);
    expect((await browser.get('/api/v1/account')).json().email).toBe(email);
    expect(await latestMail('verify-email', taken)).toHaveLength(0);
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const browser = new TestBrowser(t.app);
    const { email } = await signUp(browser);
    const phone = new TestBrowser(t.app);
    expect((await phone.post('/api/v1/session', { email, password })).statusCode).toBe(200);

    const wrong = await browser.put('/api/v1/account/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await phone.get('/api/v1/session')).json().user.email).toBe(email);

    const short = await browser.put('/api/v1/account/password', {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(422);

    const ok = await browser.put('/api/v1/account/password', {
      currentPassword: password,
      newPassword: 'a brand new password',
    });
    expect(ok.statusCode).toBe(200);
    // This browser stays signed in; the other device is signed out.
    expect((await browser.get('/api/v1/session')).json().user.email).toBe(email);
    expect((await phone.get('/api/v1/session')).json()).toEqual({ user: null });
    const fresh = new TestBrowser(t.app);
    expect((await fresh.post('/api/v1/session', { email, password })).statusCode).toBe(401);
    expect(
      (await fresh.post('/api/v1/session', { email, password: 'a brand new password' })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and "try again in N minutes" after too many wrong passwords for one email from one address', async () => {
    const { email } = await signUp(new TestBrowser(t.app));
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      expect((await browser.post('/api/v1/session', { email, password: 'wrong' })).statusCode).toBe(
        401,
      );
    }
    const limited = await browser.post('/api/v1/session', { email, password });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(
      String(SIGN_IN_LIMITS.perAccountAndAddress.windowSeconds),
    );
    expect(limited.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts — try again in 15 minutes',
    });

    // Ten minutes later the window still holds: 5 minutes to go.
    t.clock.set('2026-11-23T10:10:00Z');
    const later = await browser.post('/api/v1/session', { email, password });
    expect(later.headers['retry-after']).toBe('300');
    expect(later.json().error.message).toBe('Too many attempts — try again in 5 minutes');

    // Once the window has passed, the right password works again.
    t.clock.set('2026-11-23T10:16:00Z');
    expect((await browser.post('/api/v1/session', { email, password })).statusCode).toBe(200);
    t.clock.set('2026-11-23T10:00:00Z');
  });

  it('limits reset requests per email and sign-ups per address', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < LIMITS.resetPerEmail.max; i += 1) {
      expect(
        (await new TestBrowser(t.app).post('/api/v1/password-resets', { email })).statusCode,
      ).toBe(202);
    }
    const limited = await new TestBrowser(t.app).post('/api/v1/password-resets', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json().error.message).toBe('Too many attempts — try again in 60 minutes');

    // Counted by the client's own address (no proxy is trusted by default).
    const from = { remoteAddress: '198.51.100.23' };
    for (let i = 0; i < DEFAULT_RATE_LIMITS.signUp.max; i += 1) {
      const res = await new TestBrowser(t.app).request({
        method: 'POST',
        url: '/api/v1/account',
        ...from,
        payload: { name: 'Flood', email: uniqueEmail('flood'), password },
      });
      expect(res.statusCode).toBe(202);
    }
    const tooMany = await new TestBrowser(t.app).request({
      method: 'POST',
      url: '/api/v1/account',
      ...from,
      payload: { name: 'Flood', email: uniqueEmail('flood'), password },
    });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another site, before anything is done', async () => {
    const email = uniqueEmail('csrf');
    const evil = new TestBrowser(t.app, 'https://evil.example');
    const res = await evil.post('/api/v1/account', { name: 'Eve', email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
    const [row] = await t.database.query(`SELECT id FROM users WHERE email = $1`, [email]);
    expect(row).toBeUndefined();

    // A signed-in victim's browser, posting from a page of another site.
    const victim = new TestBrowser(t.app);
    await signUp(victim);
    const forged = await victim.request({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await victim.get('/api/v1/session')).json().user).not.toBeNull();

    const quote = await evil.post('/api/v1/quotes', {});
    expect(quote.statusCode).toBe(403);
  });

  it('lets same-origin requests and non-browser clients through', async () => {
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-resets',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { email: uniqueEmail('same') },
    });
    expect(sameOrigin.statusCode).toBe(202);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-resets',
      payload: { email: uniqueEmail('curl') },
    });
    expect(noOrigin.statusCode).toBe(202);
  });
});

describe('over https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ publicUrl: 'https://boxabroad.example' });
    try {
      const browser = new TestBrowser(secure.app, 'https://boxabroad.example');
      const email = uniqueEmail('secure');
      await browser.post('/api/v1/account', { name: 'Ada', email, password });
      const res = await browser.post('/api/v1/account/sign-up-confirmations', {
        token: await signUpToken(secure, email),
      });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/__Secure-boxabroad\.session_token=/);
      expect(cookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

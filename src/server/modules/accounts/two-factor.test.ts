import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../../tests/support/browser-session.js';
import {
  ADMIN_PASSWORD,
  signedInAdmin,
  signedInAdminWithoutTwoFactor,
} from '../../../../tests/support/operators.js';
import { signUpAndConfirm } from '../../../../tests/support/sign-up.js';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { enrolTwoFactor, totpCode, wrongCode } from '../../../../tests/support/two-factor.js';
import { ADMIN_MESSAGES } from '../../../domain/api/admin.js';
import { TWO_FACTOR_MESSAGES } from '../../../domain/two-factor.js';
import { SIGN_IN_LIMITS } from './sign-in-guard.js';

/** Two-step sign-in (docs/accounts.md, decisions 074 and 075), through the API. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const password = 'customer password 1';
const newEmail = () => `two.step.${++counter}.${Date.now()}@example.com`;

/** An address of its own per test, so one test's failures never meet another's. */
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

function from(browser: TestBrowser, remoteAddress: string) {
  return {
    post: (url: string, payload: object) =>
      browser.request({ method: 'POST', url, payload, remoteAddress }),
  };
}

async function customer(email = newEmail()) {
  const browser = new TestBrowser(t.app);
  await signUpAndConfirm(t, browser, { name: 'Tess', email, password });
  return { browser, email };
}

describe('operators need a second factor', () => {
  it('refuses every registered console route, each method, to an operator without one (403 TWO_FACTOR_REQUIRED)', async () => {
    const { browser } = await signedInAdminWithoutTwoFactor(t);
    // As the access matrix lists them: every route the app registered (access.test.ts).
    const admin = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1/admin'));
    // Every declared console route and the console's catch-all, every method they answer.
    expect(admin.length).toBeGreaterThan(20);
    for (const route of admin) {
      const url = route.url
        .replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
        .replace(/\*$/, 'anything');
      const res = await browser.request({
        method: route.method as 'GET',
        url,
        ...(['POST', 'PUT', 'DELETE'].includes(route.method) ? { payload: {} } : {}),
      });
      expect([route.method, url, res.statusCode]).toEqual([route.method, url, 403]);
      if (route.method === 'HEAD') continue;
      expect(res.json().error).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        message: ADMIN_MESSAGES.twoFactorRequired,
      });
    }
    // The session says so, for the console's pages.
    expect((await browser.get('/api/v1/session')).json().user).toMatchObject({
      role: 'admin',
      twoFactorEnabled: false,
    });
  });

  it('ends every other session of the account when it is turned on: none that began with the password alone reaches the console', async () => {
    const { browser, email } = await signedInAdminWithoutTwoFactor(t);
    // The same operator (or someone who had the password) signed in on another device first.
    const elsewhere = new TestBrowser(t.app);
    const other = await elsewhere.post('/api/v1/session', { email, password: ADMIN_PASSWORD });
    expect(other.json().user).toMatchObject({ email });
    await enrolTwoFactor(browser, ADMIN_PASSWORD);
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/admin/dashboard')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/v1/session')).json()).toEqual({ user: null });
  });

  it('enrols, signs out, and signs in again with the password and a code from the app', async () => {
    const { browser, email } = await signedInAdminWithoutTwoFactor(t);
    const started = await browser.post('/api/v1/account/two-factor', { password: ADMIN_PASSWORD });
    expect(started.statusCode).toBe(201);
    const enrolment = started.json() as {
      otpauthUri: string;
      secret: string;
      recoveryCodes: string[];
    };
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/BoxAbroad:/);
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.searchParams.get('issuer')).toBe('BoxAbroad');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolment.recoveryCodes).size).toBe(10);
    // Stored as the plugin stores them: encrypted, neither the secret nor a code in clear.
    const [row] = await t.database.query<{ secret: string; backup_codes: string }>(
      `SELECT f.secret, f.backup_codes FROM two_factors f JOIN users u ON u.id = f.user_id
       WHERE u.email = $1`,
      [email],
    );
    expect(row?.secret).not.toContain(enrolment.secret);
    expect(row?.backup_codes).not.toContain(enrolment.recoveryCodes[0]);

    // Not confirmed yet: the console still refuses, and a wrong first code changes nothing.
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(403);
    const wrong = await browser.put('/api/v1/account/two-factor', {
      code: await wrongCode(enrolment.secret),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('TWO_FACTOR_CODE_WRONG');

    const confirmed = await browser.put('/api/v1/account/two-factor', {
      code: await totpCode(enrolment.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email, twoFactorEnabled: true });
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(200);

    // Signed out, the password alone gives no session: only the pending sign-in's cookie.
    await browser.delete('/api/v1/session');
    const first = await browser.post('/api/v1/session', { email, password: ADMIN_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: null, secondStepRequired: true });
    expect(String(first.headers['set-cookie'])).toMatch(/boxabroad\.two_factor=.*HttpOnly/i);
    expect((await browser.get('/api/v1/session')).json().user).toBeNull();
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(401);

    const second = await browser.post('/api/v1/session/second-step', {
      method: 'app',
      code: await totpCode(enrolment.secret),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ email, role: 'admin', twoFactorEnabled: true });
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(200);

    // An operator cannot turn it off.
    const off = await browser.post('/api/v1/account/two-factor/removal', {
      password: ADMIN_PASSWORD,
      code: await totpCode(enrolment.secret),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('signedInAdmin gives an operator who passed the second factor', async () => {
    const { browser } = await signedInAdmin(t);
    expect((await browser.get('/api/v1/admin/dashboard')).statusCode).toBe(200);
  });
});

describe('the second step of signing in', () => {
  it('refuses a wrong code and counts it: five from one address, then 429 for that address only', async () => {
    const { browser: owner, email } = await customer();
    const { secret } = await enrolTwoFactor(owner, password);
    const attacker = newAddress();
    // Each pending sign-in allows five codes; the limit counts across them.
    let browser = new TestBrowser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      if (i % 4 === 0) {
        browser = new TestBrowser(t.app);
        const first = await from(browser, attacker).post('/api/v1/session', { email, password });
        expect(first.json().secondStepRequired).toBe(true);
      }
      const res = await from(browser, attacker).post('/api/v1/session/second-step', {
        method: 'app',
        code: await wrongCode(secret),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'TWO_FACTOR_CODE_WRONG',
        message: TWO_FACTOR_MESSAGES.codeWrong,
        fields: { code: TWO_FACTOR_MESSAGES.codeWrong },
      });
    }
    const limited = await from(browser, attacker).post('/api/v1/session/second-step', {
      method: 'app',
      code: await totpCode(secret),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');

    // The owner, from their own address, still gets in.
    const mine = new TestBrowser(t.app);
    const home = newAddress();
    expect((await from(mine, home).post('/api/v1/session', { email, password })).statusCode).toBe(
      200,
    );
    const done = await from(mine, home).post('/api/v1/session/second-step', {
      method: 'app',
      code: await totpCode(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(email);
  });

  it('accepts a recovery code exactly once', async () => {
    const { browser: owner, email } = await customer();
    const { recoveryCodes } = await enrolTwoFactor(owner, password);
    const code = recoveryCodes[3]!;

    const once = new TestBrowser(t.app);
    await once.post('/api/v1/session', { email, password });
    const used = await once.post('/api/v1/session/second-step', { method: 'recovery', code });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.email).toBe(email);

    const twice = new TestBrowser(t.app);
    await twice.post('/api/v1/session', { email, password });
    const again = await twice.post('/api/v1/session/second-step', { method: 'recovery', code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeWrong);
    // Another of the ten still works.
    const other = await twice.post('/api/v1/session/second-step', {
      method: 'recovery',
      code: recoveryCodes[4]!,
    });
    expect(other.statusCode).toBe(200);
  });

  it('without a pending sign-in, a code signs no one in', async () => {
    const res = await new TestBrowser(t.app).post('/api/v1/session/second-step', {
      method: 'app',
      code: '123456',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SIGN_IN_EXPIRED');
  });
});

describe('a customer', () => {
  it('turns it on from the account, then needs it to sign in; new recovery codes replace the old', async () => {
    const { browser, email } = await customer();
    expect((await browser.get('/api/v1/session')).json().user.twoFactorEnabled).toBe(false);
    const wrongPassword = await browser.post('/api/v1/account/two-factor', {
      password: 'not my password',
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().error.code).toBe('WRONG_PASSWORD');

    const { secret, recoveryCodes } = await enrolTwoFactor(browser, password);
    expect((await browser.get('/api/v1/session')).json().user.twoFactorEnabled).toBe(true);
    // Still signed in on this browser after confirming (the session was renewed).
    expect((await browser.get('/api/v1/account')).statusCode).toBe(200);

    const fresh = new TestBrowser(t.app);
    expect((await fresh.post('/api/v1/session', { email, password })).json()).toEqual({
      user: null,
      secondStepRequired: true,
    });
    expect((await fresh.get('/api/v1/account')).statusCode).toBe(401);
    const done = await fresh.post('/api/v1/session/second-step', {
      method: 'app',
      code: await totpCode(secret),
    });
    expect(done.statusCode).toBe(200);

    const renewed = await fresh.post('/api/v1/account/two-factor/recovery-codes', { password });
    expect(renewed.statusCode).toBe(201);
    const newCodes = renewed.json().recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    const old = new TestBrowser(t.app);
    await old.post('/api/v1/session', { email, password });
    expect(
      (
        await old.post('/api/v1/session/second-step', {
          method: 'recovery',
          code: recoveryCodes[0]!,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await old.post('/api/v1/session/second-step', { method: 'recovery', code: newCodes[0]! }))
        .statusCode,
    ).toBe(200);

    // Turning it off needs the password and a code; then the password alone signs in again.
    const noCode = await fresh.post('/api/v1/account/two-factor/removal', {
      password,
      code: await wrongCode(secret),
    });
    expect(noCode.statusCode).toBe(422);
    const off = await fresh.post('/api/v1/account/two-factor/removal', {
      password,
      code: await totpCode(secret),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.twoFactorEnabled).toBe(false);
    const plain = await new TestBrowser(t.app).post('/api/v1/session', { email, password });
    expect(plain.json().user.email).toBe(email);
  });
});

describe('wrong passwords cannot lock the owner out (decision 075)', () => {
  it('counts wrong codes on the account the plugin checks, however the pending cookie is spelled twice', async () => {
    // Two accounts with two-step sign-in, each with a sign-in waiting for its code.
    const pending = async () => {
      const { browser, email } = await customer();
      await enrolTwoFactor(browser, password);
      const waiting = new TestBrowser(t.app);
      expect((await waiting.post('/api/v1/session', { email, password })).json()).toMatchObject({
        secondStepRequired: true,
      });
      return waiting.cookies.get('boxabroad.two_factor')!;
    };
    const victim = await pending();
    const attacker = await pending();
    const address = newAddress();
    const guess = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/session/second-step',
        remoteAddress: address,
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: { method: 'app', code: '000000' },
      });
    // The attacker's value under the other spelling first, the victim's under the plugin's.
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      const res = await guess(
        `__Secure-boxabroad.two_factor=${attacker}; boxabroad.two_factor=${victim}`,
      );
      expect([401, 429]).toContain(res.statusCode);
    }
    // Those guesses were on the victim's sign-in, and were counted there.
    expect((await guess(`boxabroad.two_factor=${victim}`)).statusCode).toBe(429);
  });

  it('guesses sent all at once are counted as they arrive: no more get an answer than one at a time would', async () => {
    const { email } = await customer();
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        from(new TestBrowser(t.app), attacker).post('/api/v1/session', {
          email,
          password: `parallel guess ${i}`,
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      SIGN_IN_LIMITS.perAccountAndAddress.max,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - SIGN_IN_LIMITS.perAccountAndAddress.max,
    );
    // The owner, elsewhere, still gets in; and a success from there is not counted.
    const owner = await from(new TestBrowser(t.app), newAddress()).post('/api/v1/session', {
      email,
      password,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('five wrong passwords from one address do not stop the owner signing in from another', async () => {
    const { email } = await customer();
    const attacker = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      const res = await from(new TestBrowser(t.app), attacker).post('/api/v1/session', {
        email,
        password: `guess ${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    // The attacker's address is refused, even with the right password.
    const refused = await from(new TestBrowser(t.app), attacker).post('/api/v1/session', {
      email,
      password,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts — try again in 15 minutes',
    });
    // The owner, elsewhere, is not.
    const owner = await from(new TestBrowser(t.app), newAddress()).post('/api/v1/session', {
      email,
      password,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(email);
  });

  it('never counts a successful sign-in: ten in a row from one address', async () => {
    const { email } = await customer();
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await from(new TestBrowser(t.app), address).post('/api/v1/session', {
        email,
        password,
      });
      expect([i, res.statusCode]).toEqual([i, 200]);
    }
  });

  it('an account guessed from many addresses gives each new address one try; the owner still gets in', async () => {
    const { email } = await customer();
    // Two guesses from each of five addresses: the account is now being guessed from many.
    const guessers = Array.from({ length: 5 }, newAddress);
    for (const address of guessers) {
      for (let i = 0; i < 2; i += 1) {
        const res = await from(new TestBrowser(t.app), address).post('/api/v1/session', {
          email,
          password: `guess ${i}`,
        });
        expect(res.statusCode).toBe(401);
      }
    }
    expect(2 * guessers.length).toBe(SIGN_IN_LIMITS.perAccountUnderAttack.max);
    // Each of them is now refused on this account (one failure is enough while it is guessed)…
    const again = await from(new TestBrowser(t.app), guessers[0]!).post('/api/v1/session', {
      email,
      password: 'guess 3',
    });
    expect(again.statusCode).toBe(429);
    // …a new address gets one try, and its failure spends it…
    const next = newAddress();
    expect(
      (await from(new TestBrowser(t.app), next).post('/api/v1/session', { email, password: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await from(new TestBrowser(t.app), next).post('/api/v1/session', { email, password }))
        .statusCode,
    ).toBe(429);
    // …while the owner, from an address that has not failed, signs in.
    const owner = await from(new TestBrowser(t.app), newAddress()).post('/api/v1/session', {
      email,
      password,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('an address failing on many accounts is refused on every account', async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max; i += 1) {
      const res = await from(new TestBrowser(t.app), address).post('/api/v1/session', {
        email: `nobody.${i}.${Date.now()}@example.com`,
        password: 'guess',
      });
      expect(res.statusCode).toBe(401);
    }
    const { email } = await customer();
    const refused = await from(new TestBrowser(t.app), address).post('/api/v1/session', {
      email,
      password,
    });
    expect(refused.statusCode).toBe(429);
  });
});

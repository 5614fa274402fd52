// On PostgreSQL too: codes and waits counted while guesses arrive at once, which a server runs side by side.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import {
  ADMIN_PASSWORD,
  signedInAdmin,
  signedInAdminWithoutTwoFactor,
} from '#tests/support/operators.js';
import { customer } from '#tests/support/factories/accounts.js';
import { useTestApp } from '#tests/support/test-app.js';
import {
  type ClockJump,
  enrolTwoFactor,
  freshTotpCode,
  totpCode,
  wrongCode,
} from '#tests/support/two-factor.js';
import { ADMIN_MESSAGES } from '#src/domain/api/admin/console.js';
import { getAdminDashboard } from '#src/domain/api/admin/orders.js';
import { TWO_FACTOR_MESSAGES } from '#src/domain/two-factor.js';
import { ACCOUNT_WAITS, accountWaitSeconds, SIGN_IN_LIMITS } from './sign-in-guard.js';
import { call } from '#tests/support/call.js';
import { getSession, signIn, signOut } from '#src/domain/api/session.js';
import {
  confirmTwoFactor,
  finishSignIn,
  newRecoveryCodes,
  startTwoFactor,
  turnOffTwoFactor,
} from '#src/domain/api/two-factor.js';
import { getAccount } from '#src/domain/api/accounts.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

/** Two-step sign-in (docs/accounts.md, decisions 074 and 075), through the API. */
const t = useTestApp();

/**
 * A test that needs a third code from one secret moves the clock to the next period instead of
 * waiting up to 30 s for it: `Date` alone is faked, and keeps running from there.
 */
const jumpClock: ClockJump = (epochMs) => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(epochMs);
};
afterEach(() => {
  vi.useRealTimers();
});

const password = 'customer password 1';

/** An address of its own per test, so one test's failures never meet another's. */
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
/** An IPv6 address in a /48 of its own per call (a /64 is counted as one address). */
const newAddress6 = () => `2001:db8:${(++addresses).toString(16)}::1`;

/** Sends a pending sign-in's second step: a code from the app, or a recovery code. */
const finish = (
  browser: TestBrowser,
  method: 'app' | 'recovery',
  code: string,
  remoteAddress?: string,
) =>
  call(browser, finishSignIn, {
    body: { method, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The first step of signing in, from a new browser at `remoteAddress`. */
const signInFrom = (remoteAddress: string, email: string, password: string) =>
  call(new TestBrowser(t.app), signIn, { body: { email, password }, remoteAddress });

/** A customer with an account of their own, signed in: the browser and its email. */
const tess = () => customer(t, { name: 'Tess', password });

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
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        message: ADMIN_MESSAGES.twoFactorRequired,
      });
    }
    // The session says so, for the console's pages.
    expect((await call(browser, getSession)).json().user).toMatchObject({
      role: 'admin',
      twoFactorEnabled: false,
    });
  });

  it('ends every other session of the account when it is turned on: none that began with the password alone reaches the console', async () => {
    const { browser, email } = await signedInAdminWithoutTwoFactor(t);
    // The same operator (or someone who had the password) signed in on another device first.
    const elsewhere = new TestBrowser(t.app);
    const other = await call(elsewhere, signIn, { body: { email, password: ADMIN_PASSWORD } });
    expect(other.json().user).toMatchObject({ email });
    await enrolTwoFactor(browser, ADMIN_PASSWORD);
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);
    expect((await call(elsewhere, getAdminDashboard)).statusCode).toBe(401);
    expect((await call(elsewhere, getSession)).json()).toEqual({ user: null });
  });

  it('enrols, signs out, and signs in again with the password and a code from the app', async () => {
    const { browser, email } = await signedInAdminWithoutTwoFactor(t);
    const started = await call(browser, startTwoFactor, { body: { password: ADMIN_PASSWORD } });
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
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(403);
    const wrong = await call(browser, confirmTwoFactor, {
      body: {
        code: await wrongCode(enrolment.secret),
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ApiErrorBody>().error.code).toBe('TWO_FACTOR_CODE_WRONG');

    const confirmed = await call(browser, confirmTwoFactor, {
      body: {
        code: await freshTotpCode(enrolment.secret),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email, twoFactorEnabled: true });
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);

    // Signed out, the password alone gives no session: only the pending sign-in's cookie.
    await call(browser, signOut);
    const first = await call(browser, signIn, { body: { email, password: ADMIN_PASSWORD } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: null, secondStepRequired: true });
    expect(String(first.headers['set-cookie'])).toMatch(/boxabroad\.two_factor=.*HttpOnly/i);
    expect((await call(browser, getSession)).json().user).toBeNull();
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(401);

    const second = await finish(browser, 'app', await freshTotpCode(enrolment.secret));
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ email, role: 'admin', twoFactorEnabled: true });
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);

    // An operator cannot turn it off.
    const off = await call(browser, turnOffTwoFactor, {
      body: {
        password: ADMIN_PASSWORD,
        code: await totpCode(enrolment.secret),
      },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json<ApiErrorBody>().error.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('signedInAdmin gives an operator who passed the second factor', async () => {
    const { browser } = await signedInAdmin(t);
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);
  });
});

describe('the second step of signing in', () => {
  it('refuses a wrong code and counts it: five from one address, then 429 for that address only', async () => {
    const { browser: owner, email } = await tess();
    const { secret } = await enrolTwoFactor(owner, password);
    const attacker = newAddress();
    // Each pending sign-in allows five codes; the limit counts across them.
    let browser = new TestBrowser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      if (i % 4 === 0) {
        browser = new TestBrowser(t.app);
        const first = await call(browser, signIn, {
          body: { email, password },
          remoteAddress: attacker,
        });
        expect(first.json().secondStepRequired).toBe(true);
      }
      const res = await finish(browser, 'app', await wrongCode(secret), attacker);
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'TWO_FACTOR_CODE_WRONG',
        message: TWO_FACTOR_MESSAGES.codeWrong,
        fields: { code: TWO_FACTOR_MESSAGES.codeWrong },
      });
    }
    const limited = await finish(browser, 'app', await totpCode(secret), attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().error.code).toBe('TOO_MANY_ATTEMPTS');

    // The owner, from their own address, still gets in.
    const mine = new TestBrowser(t.app);
    const home = newAddress();
    expect(
      (await call(mine, signIn, { body: { email, password }, remoteAddress: home })).statusCode,
    ).toBe(200);
    const done = await finish(mine, 'app', await freshTotpCode(secret), home);
    expect(done.statusCode).toBe(200);
    expect(done.json().user!.email).toBe(email);
  });

  it('accepts a code from the app once: the same code again, sent at once or later, and an earlier one are refused', async () => {
    const { browser: owner, email } = await tess();
    const { secret } = await enrolTwoFactor(owner, password);
    const pending = async () => {
      const browser = new TestBrowser(t.app);
      await call(browser, signIn, { body: { email, password }, remoteAddress: newAddress() });
      return browser;
    };
    const [first, second, third] = [await pending(), await pending(), await pending()];
    const code = await freshTotpCode(secret, jumpClock);
    // Sent twice at the same moment: one sign-in.
    const both = await Promise.all([first, second].map((browser) => finish(browser, 'app', code)));
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    const refused = both.find((res) => res.statusCode === 401)!;
    expect(refused.json<ApiErrorBody>().error).toEqual({
      code: 'TWO_FACTOR_CODE_WRONG',
      message: TWO_FACTOR_MESSAGES.codeUsed,
      fields: { code: TWO_FACTOR_MESSAGES.codeUsed },
    });
    // Later, within the same period: still refused; and so is the period before's code.
    for (const again of [code, await totpCode(secret, -1)]) {
      const res = await finish(third, 'app', again);
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiErrorBody>().error.message).toBe(TWO_FACTOR_MESSAGES.codeUsed);
    }
    expect((await call(third, getSession)).json().user).toBeNull();
    // The next code still works.
    const next = await finish(third, 'app', await freshTotpCode(secret, jumpClock));
    expect(next.statusCode).toBe(200);
  });

  it('accepts a recovery code exactly once', async () => {
    const { browser: owner, email } = await tess();
    const { recoveryCodes } = await enrolTwoFactor(owner, password);
    const code = recoveryCodes[3]!;

    const once = new TestBrowser(t.app);
    await call(once, signIn, { body: { email, password } });
    const used = await finish(once, 'recovery', code);
    expect(used.statusCode).toBe(200);
    expect(used.json().user!.email).toBe(email);

    const twice = new TestBrowser(t.app);
    await call(twice, signIn, { body: { email, password } });
    const again = await finish(twice, 'recovery', code);
    expect(again.statusCode).toBe(401);
    expect(again.json<ApiErrorBody>().error.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeWrong);
    // Another of the ten still works.
    const other = await finish(twice, 'recovery', recoveryCodes[4]!);
    expect(other.statusCode).toBe(200);
  });

  it('without a pending sign-in, a code signs no one in', async () => {
    const res = await finish(new TestBrowser(t.app), 'app', '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiErrorBody>().error.code).toBe('SIGN_IN_EXPIRED');
  });
});

describe('a customer', () => {
  it('turns it on from the account, then needs it to sign in; new recovery codes replace the old', async () => {
    const { browser, email } = await tess();
    expect((await call(browser, getSession)).json().user!.twoFactorEnabled).toBe(false);
    const wrongPassword = await call(browser, startTwoFactor, {
      body: {
        password: 'not my password',
      },
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json<ApiErrorBody>().error.code).toBe('WRONG_PASSWORD');

    const { secret, recoveryCodes } = await enrolTwoFactor(browser, password);
    expect((await call(browser, getSession)).json().user!.twoFactorEnabled).toBe(true);
    // Still signed in on this browser after confirming (the session was renewed).
    expect((await call(browser, getAccount)).statusCode).toBe(200);

    const fresh = new TestBrowser(t.app);
    expect((await call(fresh, signIn, { body: { email, password } })).json()).toEqual({
      user: null,
      secondStepRequired: true,
    });
    expect((await call(fresh, getAccount)).statusCode).toBe(401);
    const done = await finish(fresh, 'app', await freshTotpCode(secret, jumpClock));
    expect(done.statusCode).toBe(200);

    const renewed = await call(fresh, newRecoveryCodes, { body: { password } });
    expect(renewed.statusCode).toBe(201);
    const newCodes = renewed.json().recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    const old = new TestBrowser(t.app);
    await call(old, signIn, { body: { email, password } });
    expect((await finish(old, 'recovery', recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await finish(old, 'recovery', newCodes[0]!)).statusCode).toBe(200);

    // Turning it off needs the password and a code; then the password alone signs in again.
    const noCode = await call(fresh, turnOffTwoFactor, {
      body: {
        password,
        code: await wrongCode(secret),
      },
    });
    expect(noCode.statusCode).toBe(422);
    const off = await call(fresh, turnOffTwoFactor, {
      body: {
        password,
        code: await freshTotpCode(secret, jumpClock),
      },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().user!.twoFactorEnabled).toBe(false);
    const plain = await call(new TestBrowser(t.app), signIn, { body: { email, password } });
    expect(plain.json().user!.email).toBe(email);
  });
});

describe('wrong passwords cannot lock the owner out (decision 075)', () => {
  it('counts wrong codes on the account the plugin checks, however the pending cookie is spelled twice', async () => {
    // Two accounts with two-step sign-in, each with a sign-in waiting for its code.
    const pending = async () => {
      const { browser, email } = await tess();
      await enrolTwoFactor(browser, password);
      const waiting = new TestBrowser(t.app);
      expect((await call(waiting, signIn, { body: { email, password } })).json()).toMatchObject({
        secondStepRequired: true,
      });
      return waiting.cookies.get('boxabroad.two_factor')!;
    };
    const victim = await pending();
    const attacker = await pending();
    const address = newAddress();
    const guess = (cookie: string) =>
      call(t.app, finishSignIn, {
        body: { method: 'app', code: '000000' },
        remoteAddress: address,
        headers: { cookie, origin: 'http://localhost:3000' },
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
    const { email } = await tess();
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInFrom(attacker, email, `parallel guess ${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      SIGN_IN_LIMITS.perAccountAndAddress.max,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - SIGN_IN_LIMITS.perAccountAndAddress.max,
    );
    // The owner, elsewhere, still gets in; and a success from there is not counted.
    const owner = await signInFrom(newAddress(), email, password);
    expect(owner.statusCode).toBe(200);
  });

  it('five wrong passwords from one address do not stop the owner signing in from another', async () => {
    const { email } = await tess();
    const attacker = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i += 1) {
      const res = await signInFrom(attacker, email, `guess ${i}`);
      expect(res.statusCode).toBe(401);
    }
    // The attacker's address is refused, even with the right password.
    const refused = await signInFrom(attacker, email, password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json<ApiErrorBody>().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts — try again in 15 minutes',
    });
    // The owner, elsewhere, is not.
    const owner = await signInFrom(newAddress(), email, password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user!.email).toBe(email);
  });

  it('never counts a successful sign-in: ten in a row from one address', async () => {
    const { email } = await tess();
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await signInFrom(address, email, password);
      expect([i, res.statusCode]).toEqual([i, 200]);
    }
  });

  it('an account guessed from many addresses: past six failures each try waits, whatever its address; the owner gets in once the wait passes and is emailed', async () => {
    const { email } = await tess();
    const guess = (address: string, i: number) => signInFrom(address, email, `guess ${i}`);
    // Two guesses from each of five addresses: six are checked, then every try waits.
    const statuses: number[] = [];
    for (const address of Array.from({ length: 5 }, newAddress)) {
      for (let i = 0; i < 2; i += 1) statuses.push((await guess(address, i)).statusCode);
    }
    expect(statuses).toEqual([
      ...Array<number>(ACCOUNT_WAITS.freeFailures).fill(401),
      ...Array<number>(10 - ACCOUNT_WAITS.freeFailures).fill(429),
    ]);
    // A new address waits too, and so does the owner, right password and all…
    const refused = await guess(newAddress(), 9);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(accountWaitSeconds(6)));
    const early = await signInFrom(newAddress(), email, password);
    expect(early.statusCode).toBe(429);
    expect(early.json<ApiErrorBody>().error.message).toBe(
      'Too many attempts — try again in 1 minute',
    );
    // …until the wait has passed: then the owner's password gets in, from any address.
    const now = t.clock.now();
    try {
      t.clock.set(new Date(now.getTime() + accountWaitSeconds(6) * 1000));
      const owner = await signInFrom(newAddress(), email, password);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user!.email).toBe(email);
    } finally {
      t.clock.set(now);
    }
    // The owner was told, once, when the waits began.
    const told = await t.database.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM mail WHERE kind = 'sign-in-failures' AND to_address = $1`,
      [email],
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Someone is trying to sign in to your BoxAbroad account');
    expect(told[0]!.text_body).toContain(
      `A wrong password has been entered for your BoxAbroad account ${ACCOUNT_WAITS.notifyAtFailures} times.`,
    );
  });

  it('forty addresses guessing the second step of one account: six codes are checked, then each waits; the owner signs in after the wait', async () => {
    const { browser: owner, email } = await tess();
    const { secret } = await enrolTwoFactor(owner, password);
    // Forty addresses that know the password, each with a sign-in waiting for its code.
    // Five at a time: the password's own tries in flight count on the account until they end.
    const guessers: { browser: TestBrowser; address: string }[] = [];
    for (let batch = 0; batch < 8; batch += 1) {
      const started = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const browser = new TestBrowser(t.app);
          const address = newAddress6();
          const res = await call(browser, signIn, {
            body: { email, password },
            remoteAddress: address,
          });
          expect(res.json()).toEqual({ user: null, secondStepRequired: true });
          return { browser, address };
        }),
      );
      guessers.push(...started);
    }
    const wrong = await wrongCode(secret);
    // Two wrong codes from each, the forty addresses at once.
    const answers = (
      await Promise.all(
        guessers.map(async ({ browser, address }) => {
          const two = [];
          for (let i = 0; i < 2; i += 1) {
            two.push(await finish(browser, 'app', wrong, address));
          }
          return two;
        }),
      )
    ).flat();
    const checked = answers.filter((res) => res.statusCode === 401);
    expect(checked).toHaveLength(ACCOUNT_WAITS.freeFailures);
    for (const res of checked) {
      expect(res.json<ApiErrorBody>().error.code).toBe('TWO_FACTOR_CODE_WRONG');
    }
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(80 - checked.length);

    // The owner, from an address of their own: the right code waits too…
    const mine = new TestBrowser(t.app);
    const home = newAddress();
    await call(mine, signIn, { body: { email, password }, remoteAddress: home });
    const code = await freshTotpCode(secret);
    const early = await finish(mine, 'app', code, home);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe(String(accountWaitSeconds(6)));
    // …and gets in once it has passed (the refused try did not spend the code).
    const now = t.clock.now();
    try {
      t.clock.set(new Date(now.getTime() + accountWaitSeconds(6) * 1000));
      const done = await finish(mine, 'app', code, home);
      expect(done.statusCode).toBe(200);
      expect(done.json().user!.email).toBe(email);
    } finally {
      t.clock.set(now);
    }
    // The owner was emailed: the password is known to whoever tried.
    const [told] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE kind = 'sign-in-failures' AND to_address = $1`,
      [email],
    );
    expect(told?.text_body).toContain('then a wrong two-step sign-in code');
  });

  it('waits longer with each further failure, up to fifteen minutes', () => {
    expect(accountWaitSeconds(ACCOUNT_WAITS.freeFailures - 1)).toBe(0);
    expect([6, 7, 8, 9, 10, 30].map(accountWaitSeconds)).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('an address failing on many accounts is refused on every account', async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max; i += 1) {
      const res = await signInFrom(address, `nobody.${i}.${Date.now()}@example.com`, 'guess');
      expect(res.statusCode).toBe(401);
    }
    const { email } = await tess();
    const refused = await signInFrom(address, email, password);
    expect(refused.statusCode).toBe(429);
  });
});

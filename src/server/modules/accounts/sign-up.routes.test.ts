// On PostgreSQL too: two sign-up links for one address confirmed at once.
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import {
  legacyUnverifiedAccount,
  signUpAndConfirm,
  signUpMailIds,
  signUpToken,
  STRONG_PASSWORD,
} from '#tests/support/sign-up.js';
import { useTestApp, runRecurringJobNow } from '#tests/support/test-app.js';
import { enrolTwoFactor, totpCode } from '#tests/support/two-factor.js';
import { ACCOUNT_MESSAGES, signUpResentMessage, signUpSentMessage } from '#src/domain/accounts.js';
import { purgeExpiredSignUpsJob } from './jobs/purge-expired-sign-ups.job.js';
import { SIGN_UP_LIMITS } from './sign-up.service.js';
import { quoteBody } from '#tests/support/factories/orders.js';
import { call } from '#tests/support/call.js';
import { uniqueEmail } from '#tests/support/factories/accounts.js';
import { createOrder } from '#src/domain/api/orders.js';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  signUp,
  confirmSignUp,
  resendSignUp,
} from '#src/domain/api/accounts.js';
import { getSession, signIn as signInRoute } from '#src/domain/api/session.js';
import { finishSignIn } from '#src/domain/api/two-factor.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';

// Many sign-ups from one address here: the per-address limit is tested in accounts.routes.test.ts.
const t = useTestApp({ rateLimits: { signUp: { max: 1000, windowSeconds: 900 } } });

const password = STRONG_PASSWORD;
const QUOTE = quoteBody();

async function usersWith(email: string) {
  return t.database.query<{ id: string; email_verified: boolean }>(
    `SELECT id, email_verified FROM users WHERE email = $1`,
    [email],
  );
}

async function mails(kind: string, to: string) {
  return t.database.query<{ text_body: string }>(
    `SELECT text_body FROM mail WHERE kind = $1 AND to_address = $2`,
    [kind, to],
  );
}

/** A browser that already holds a guest session (it asked for a quote). */
async function browserWithGuestSession(): Promise<TestBrowser> {
  const browser = new TestBrowser(t.app);
  expect(
    (await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } })).statusCode,
  ).toBe(201);
  return browser;
}

describe('sign-up does not tell who has an account', () => {
  it('answers byte for byte the same for a new and an existing email; only the owner hears of it', async () => {
    const existing = uniqueEmail('owner');
    await signUpAndConfirm(t, new TestBrowser(t.app), { email: existing });
    const fresh = uniqueEmail('fresh');
    // The same browser for both, as a stranger probing addresses would be.
    const browser = await browserWithGuestSession();

    const forExisting = await call(browser, signUp, {
      body: {
        name: 'Eve',
        email: existing,
        password: 'another long password',
      },
    });
    const forNew = await call(browser, signUp, {
      body: {
        name: 'Eve',
        email: fresh,
        password: 'another long password',
      },
    });
    expect(forExisting.statusCode).toBe(202);
    expect(forNew.statusCode).toBe(forExisting.statusCode);
    expect(forExisting.headers['set-cookie']).toBeUndefined();
    expect(forNew.headers['set-cookie']).toEqual(forExisting.headers['set-cookie']);
    // The body names the address it was given, nothing else: with it swapped they are equal.
    expect(forExisting.json()).toEqual({ message: signUpSentMessage(existing) });
    expect(forNew.body.replace(fresh, existing)).toBe(forExisting.body);
    expect((await call(browser, getSession)).json()).toEqual({ user: null });

    // The owner is told, with a way to sign in or reset; no sign-up link is sent to it.
    const [notice] = await mails('sign-up-existing-account', existing);
    expect(notice?.text_body).toContain(
      'Someone — maybe you — tried to create an account with this address.',
    );
    expect(notice?.text_body).toContain('http://localhost:3000/login');
    expect(notice?.text_body).toContain('http://localhost:3000/login/forgotten-password');
    expect(await mails('sign-up-link', existing)).toHaveLength(1); // its own sign-up's only
    // The new address gets its link, and nothing is in users until it is opened.
    expect(await mails('sign-up-link', fresh)).toHaveLength(1);
    expect(await usersWith(fresh)).toEqual([]);
    const [pending] = await t.database.query<{ password_hash: string }>(
      `SELECT password_hash FROM pending_sign_ups WHERE email = $1`,
      [fresh],
    );
    expect(pending?.password_hash).toBeTruthy();
    expect(pending?.password_hash).not.toContain('another long password');
  });

  it('sends the owner at most a few notices an hour, answering the same', async () => {
    const existing = uniqueEmail('flooded');
    await signUpAndConfirm(t, new TestBrowser(t.app), { email: existing });
    for (let i = 0; i < SIGN_UP_LIMITS.existingNoticePerEmail.max + 2; i += 1) {
      const res = await call(new TestBrowser(t.app), signUp, {
        body: {
          name: 'Eve',
          email: existing,
          password,
        },
      });
      expect(res.statusCode).toBe(202);
    }
    expect(await mails('sign-up-existing-account', existing)).toHaveLength(
      SIGN_UP_LIMITS.existingNoticePerEmail.max,
    );
  });

  it('limits sign-ups per email with 429, new or existing alike', async () => {
    const email = uniqueEmail('limited');
    const signUpFromNewBrowser = () =>
      call(new TestBrowser(t.app), signUp, { body: { name: 'Ada', email, password } });
    for (let i = 0; i < SIGN_UP_LIMITS.signUpPerEmail.max; i += 1) {
      expect((await signUpFromNewBrowser()).statusCode).toBe(202);
    }
    const limited = await signUpFromNewBrowser();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the sign-up link', () => {
  it('two links of one new address opened at once make one account; the other is spent', async () => {
    const email = uniqueEmail('twice');
    const [first, second] = [new TestBrowser(t.app), new TestBrowser(t.app)];
    const before = await signUpMailIds(t, email);
    await call(first, signUp, { body: { name: 'Ada', email, password } });
    const firstToken = await signUpToken(t, email, before);
    const seen = await signUpMailIds(t, email);
    await call(second, signUp, { body: { name: 'Ada', email, password } });
    const secondToken = await signUpToken(t, email, seen);
    const answers = await Promise.all([
      call(first, confirmSignUp, { body: { token: firstToken } }),
      call(second, confirmSignUp, { body: { token: secondToken } }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 410]);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('works once, in the browser that signed up, and links that browser’s guest orders', async () => {
    const browser = await browserWithGuestSession();
    const draft = (
      await call(browser, createOrder, { body: { quote: QUOTE, service: 'express' } })
    ).json() as { id: string };
    const email = uniqueEmail('once');
    await call(browser, signUp, { body: { name: 'Ada', email, password } });
    const token = await signUpToken(t, email);

    const first = await call(browser, confirmSignUp, { body: { token } });
    expect(first.statusCode).toBe(200);
    const [user] = await usersWith(email);
    expect(user?.email_verified).toBe(true);
    const [owned] = await t.database.query<{ user_id: string }>(
      `SELECT user_id FROM orders WHERE id = $1`,
      [draft.id],
    );
    expect(owned?.user_id).toBe(user?.id);

    const again = await call(new TestBrowser(t.app), confirmSignUp, { body: { token, password } });
    expect(again.statusCode).toBe(410);
    expect(again.json<ApiErrorBody>().error.message).toBe(ACCOUNT_MESSAGES.signUpLinkInvalid);
  });

  it('stops working after an hour, and nothing is created', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('late');
    await call(browser, signUp, { body: { name: 'Ada', email, password } });
    const token = await signUpToken(t, email);
    const start = t.clock.now();
    t.clock.set(new Date(start.getTime() + 60 * 60 * 1000 + 1000));
    try {
      const res = await call(browser, confirmSignUp, { body: { token } });
      expect(res.statusCode).toBe(410);
      expect(await usersWith(email)).toEqual([]);
    } finally {
      t.clock.set(start);
    }
  });

  it('is deleted, name and password hash with it, once its link has expired', async () => {
    const pendingFor = async (email: string) =>
      (await t.database.query(`SELECT token_hash FROM pending_sign_ups WHERE email = $1`, [email]))
        .length;
    const old = uniqueEmail('expired');
    await call(new TestBrowser(t.app), signUp, {
      body: { name: 'Ada', email: old, password },
    });
    const start = t.clock.now();
    t.clock.set(new Date(start.getTime() + 60 * 60 * 1000 + 1000));
    const fresh = uniqueEmail('fresh');
    try {
      await call(new TestBrowser(t.app), signUp, {
        body: { name: 'Ada', email: fresh, password },
      });
      await runRecurringJobNow(t, purgeExpiredSignUpsJob);
    } finally {
      t.clock.set(start);
    }
    expect(await pendingFor(old)).toBe(0);
    expect(await pendingFor(fresh)).toBe(1);
  });

  it('opened in another browser, needs the password chosen at sign-up', async () => {
    const email = uniqueEmail('elsewhere');
    await call(new TestBrowser(t.app), signUp, { body: { name: 'Ada', email, password } });
    const token = await signUpToken(t, email);
    const phone = new TestBrowser(t.app);

    const bare = await call(phone, confirmSignUp, { body: { token } });
    expect(bare.statusCode).toBe(403);
    expect(bare.json<ApiErrorBody>().error).toMatchObject({
      code: 'SIGN_UP_PASSWORD_NEEDED',
      fields: { password: ACCOUNT_MESSAGES.signUpPasswordNeeded },
    });
    const wrong = await call(phone, confirmSignUp, {
      body: { token, password: 'not the sign-up password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ApiErrorBody>().error.code).toBe('SIGN_UP_PASSWORD_WRONG');
    expect(await usersWith(email)).toEqual([]);
    expect((await call(phone, getSession)).json()).toEqual({ user: null });

    const right = await call(phone, confirmSignUp, { body: { token, password } });
    expect(right.statusCode).toBe(200);
    expect((await call(phone, getSession)).json().user).toMatchObject({
      email,
      emailVerified: true,
    });
  });

  it('someone who signs up with another person’s address never holds that person’s account', async () => {
    const victim = uniqueEmail('victim');
    // The attacker signs up with the victim's address, in the attacker's browser.
    const attacker = new TestBrowser(t.app);
    await call(attacker, signUp, {
      body: {
        name: 'Mallory',
        email: victim,
        password: 'mallory knows this one',
      },
    });
    const attackersToken = await signUpToken(t, victim);
    // The victim opens that link in their own browser: nothing is created without the
    // attacker's password.
    const victimBrowser = new TestBrowser(t.app);
    expect(
      (await call(victimBrowser, confirmSignUp, { body: { token: attackersToken } })).statusCode,
    ).toBe(403);
    expect(await usersWith(victim)).toEqual([]);

    // The victim signs up; their own link makes the account, with their password.
    await signUpAndConfirm(t, victimBrowser, { email: victim, password });
    // The attacker's link no longer works, and the attacker's password opens nothing.
    expect(
      (await call(attacker, confirmSignUp, { body: { token: attackersToken } })).statusCode,
    ).toBe(410);
    expect((await call(attacker, getSession)).json()).toEqual({ user: null });
    const signIn = await call(new TestBrowser(t.app), signInRoute, {
      body: {
        email: victim,
        password: 'mallory knows this one',
      },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('an unverified account made before sign-up by link no longer blocks its owner, and its holder keeps nothing', async () => {
    const email = uniqueEmail('legacy');
    // Whoever made it (maybe not the address's owner) is signed in with it.
    const squatter = new TestBrowser(t.app);
    const { id } = await legacyUnverifiedAccount(t, squatter, {
      email,
      password: 'squatter password here',
    });
    // The squatter set up two-step sign-in of their own, and starts a sign-in with the password.
    const { secret } = await enrolTwoFactor(squatter, 'squatter password here');
    const waiting = new TestBrowser(t.app);
    const started = await call(waiting, signInRoute, {
      body: {
        email,
        password: 'squatter password here',
      },
    });
    expect(started.json()).toEqual({ user: null, secondStepRequired: true });
    // The owner signs up: a link, not a notice, and the same answer as ever.
    const owner = new TestBrowser(t.app);
    const res = await call(owner, signUp, { body: { name: 'Owner', email, password } });
    expect(res.statusCode).toBe(202);
    expect(await mails('sign-up-existing-account', email)).toHaveLength(0);
    expect(
      await call(owner, confirmSignUp, { body: { token: await signUpToken(t, email) } }),
    ).toMatchObject({
      statusCode: 200,
    });

    // The account is the owner's now: verified, the owner's password, the squatter signed out.
    expect(await usersWith(email)).toEqual([{ id, email_verified: true }]);
    expect((await call(owner, getSession)).json().user).toMatchObject({
      email,
      name: 'Owner',
      emailVerified: true,
      twoFactorEnabled: false,
    });
    expect((await call(squatter, getSession)).json()).toEqual({ user: null });
    // The squatter's waiting sign-in finishes nothing, whatever their app shows.
    const finished = await call(waiting, finishSignIn, {
      body: {
        method: 'app',
        code: await totpCode(secret),
      },
    });
    expect(finished.statusCode).toBe(401);
    expect((await call(waiting, getSession)).json()).toEqual({ user: null });
    const old = await call(new TestBrowser(t.app), signInRoute, {
      body: {
        email,
        password: 'squatter password here',
      },
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('"Resend the email" and "Change email" on the next page (decision 108)', () => {
  /** Asks for the email again, then runs the job that decides what to send. */
  async function resend(browser: TestBrowser, email: string) {
    const res = await call(browser, resendSignUp, { body: { email } });
    await t.app.services.jobs.drain();
    return res;
  }

  it('sends the browser that signed up a new link; either works, and the first opened ends the other', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('resend');
    await call(browser, signUp, { body: { name: 'Ada Resend', email, password } });
    const firstToken = await signUpToken(t, email);
    const seen = await signUpMailIds(t, email);

    const res = await resend(browser, email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: signUpResentMessage(email) });
    expect(res.headers['set-cookie']).toBeUndefined();
    const secondToken = await signUpToken(t, email, seen);
    expect(secondToken).not.toBe(firstToken);

    const opened = await call(browser, confirmSignUp, { body: { token: secondToken } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user).toMatchObject({ email, name: 'Ada Resend', emailVerified: true });
    const spent = await call(browser, confirmSignUp, { body: { token: firstToken } });
    expect(spent.statusCode).toBe(410);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('answers the same for every address, sending only what sign-up would', async () => {
    const existing = uniqueEmail('resend-owner');
    await signUpAndConfirm(t, new TestBrowser(t.app), { email: existing });
    const noticesBefore = (await mails('sign-up-existing-account', existing)).length;
    const strangerAddress = uniqueEmail('resend-nobody');
    const someoneElses = uniqueEmail('resend-someone');
    await call(new TestBrowser(t.app), signUp, {
      body: { name: 'Bob', email: someoneElses, password },
    });
    const stranger = await browserWithGuestSession();

    const answers = await Promise.all(
      [existing, strangerAddress, someoneElses].map((email) => resend(stranger, email)),
    );
    for (const [i, email] of [existing, strangerAddress, someoneElses].entries()) {
      expect(answers[i]?.statusCode).toBe(202);
      expect(answers[i]?.body.replace(email, 'x@example.com')).toBe(
        JSON.stringify({ message: signUpResentMessage('x@example.com') }),
      );
    }
    // The owner hears of it as at sign-up; no link goes to an address nobody signed up with
    // here, nor a second one to someone else's sign-up from another browser.
    expect(await mails('sign-up-existing-account', existing)).toHaveLength(noticesBefore + 1);
    expect(await mails('sign-up-link', existing)).toHaveLength(1); // its own sign-up's only
    expect(await mails('sign-up-link', strangerAddress)).toEqual([]);
    expect(await mails('sign-up-link', someoneElses)).toHaveLength(1);
    expect(await usersWith(strangerAddress)).toEqual([]);
  });

  it('is counted with the sign-ups of the address: 429 once they are spent', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('resend-limited');
    await call(browser, signUp, { body: { name: 'Ada', email, password } });
    for (let i = 1; i < SIGN_UP_LIMITS.signUpPerEmail.max; i += 1) {
      expect((await resend(browser, email)).statusCode).toBe(202);
    }
    const limited = await resend(browser, email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<ApiErrorBody>().error.message).toMatch(/^Too many attempts — try again in/);
    expect(await mails('sign-up-link', email)).toHaveLength(SIGN_UP_LIMITS.signUpPerEmail.max);
  });

  it('a run of its job again sends nothing more', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('resend-twice');
    const res = await call(browser, signUp, { body: { name: 'Ada', email, password } });
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.query<{ guest_hash: string }>(
      `SELECT guest_hash FROM pending_sign_ups WHERE email = $1`,
      [email],
    );
    const signUps = t.app.services.signUps;
    expect(await signUps.resend(email, row!.guest_hash, 'request-1')).toBe('link');
    expect(await signUps.resend(email, row!.guest_hash, 'request-1')).toBe('link');
    expect(await mails('sign-up-link', email)).toHaveLength(2);
    const [{ count } = { count: 0 }] = await t.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pending_sign_ups WHERE email = $1`,
      [email],
    );
    expect(count).toBe(2);
    expect(await signUps.resend(email, null, 'request-2')).toBe('nothing');
  });

  it('"Change email": signing up again in the same browser with another address ends the first link', async () => {
    const browser = new TestBrowser(t.app);
    const typo = uniqueEmail('typo');
    const right = uniqueEmail('right');
    await call(browser, signUp, { body: { name: 'Ada', email: typo, password } });
    const typoToken = await signUpToken(t, typo);
    await call(browser, signUp, { body: { name: 'Ada', email: right, password } });
    const rightToken = await signUpToken(t, right);

    const stale = await call(new TestBrowser(t.app), confirmSignUp, {
      body: { token: typoToken, password },
    });
    expect(stale.statusCode).toBe(410);
    expect(stale.json<ApiErrorBody>().error.message).toBe(ACCOUNT_MESSAGES.signUpLinkInvalid);
    // Nothing of it is kept, and "Resend the email" for it sends nothing.
    expect(
      await t.database.query(`SELECT 1 FROM pending_sign_ups WHERE email = $1`, [typo]),
    ).toEqual([]);
    await resend(browser, typo);
    expect(await mails('sign-up-link', typo)).toHaveLength(1);

    const opened = await call(browser, confirmSignUp, { body: { token: rightToken } });
    expect(opened.statusCode).toBe(200);
    expect(await usersWith(typo)).toEqual([]);
  });
});

describe('the password rule, on every form that sets a password', () => {
  const weak = (email: string): [string, string][] => [
    ['12345678', ACCOUNT_MESSAGES.password],
    ['password', ACCOUNT_MESSAGES.password],
    ['        ', ACCOUNT_MESSAGES.password],
    [email, ACCOUNT_MESSAGES.passwordIsEmail],
    ['password123', ACCOUNT_MESSAGES.passwordCommon],
    // Long enough and on no list, but easy to guess: refused by the estimate, with its reason.
    ['aaaaaaaaaa', ACCOUNT_MESSAGES.passwordRepeated],
    ['Password1!', ACCOUNT_MESSAGES.passwordLikeCommon],
    ['boxabroad1', ACCOUNT_MESSAGES.passwordPersonal],
  ];

  it('refuses weak passwords at sign-up with 422 and the rule’s message, storing nothing', async () => {
    const email = uniqueEmail('weak');
    for (const [candidate, message] of weak(email)) {
      const res = await call(new TestBrowser(t.app), signUp, {
        body: {
          name: 'Ada',
          email,
          password: candidate,
        },
      });
      expect(res.statusCode, candidate).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields, candidate).toEqual({ password: message });
    }
    expect(await mails('sign-up-link', email)).toHaveLength(0);
  });

  it('refuses them when resetting a password', async () => {
    const email = uniqueEmail('reset');
    await signUpAndConfirm(t, new TestBrowser(t.app), { email });
    await call(new TestBrowser(t.app), requestPasswordReset, { body: { email } });
    await t.app.services.jobs.drain();
    const [mail] = await mails('password-reset', email);
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail!.text_body)![1]!);
    for (const [candidate, message] of weak(email)) {
      const res = await call(new TestBrowser(t.app), resetPassword, {
        body: {
          token,
          password: candidate,
        },
      });
      expect(res.statusCode, candidate).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields, candidate).toEqual({ password: message });
    }
    // The link still works for a good password.
    const ok = await call(new TestBrowser(t.app), resetPassword, {
      body: {
        token,
        password: 'a far better password',
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses them when changing a password', async () => {
    const email = uniqueEmail('change');
    const browser = new TestBrowser(t.app);
    await signUpAndConfirm(t, browser, { email });
    for (const [candidate, message] of weak(email)) {
      const res = await call(browser, changePassword, {
        body: {
          currentPassword: password,
          newPassword: candidate,
        },
      });
      expect(res.statusCode, candidate).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields, candidate).toEqual({ newPassword: message });
    }
    const signIn = await call(new TestBrowser(t.app), signInRoute, { body: { email, password } });
    expect(signIn.statusCode).toBe(200);
  });
});

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { acceptOperatorInvitation } from '#src/domain/api/accounts.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { getAdminDashboard } from '#src/domain/api/admin/orders.js';
import { getSession, signIn as signInRoute } from '#src/domain/api/session.js';
import { finishSignIn } from '#src/domain/api/two-factor.js';
import { commandSocketPath, startCommandChannel } from '../../command-channel.js';
import { operatorCommandHandlers, sendOperatorCommand } from './operator-channel.js';
import { ADMIN_CREATE_ACTOR, ADMIN_REMOVE_ACTOR, INVITATION_HOURS } from './operator-accounts.js';
import { enrolTwoFactor, freshTotpCode, totpCode } from '#tests/support/two-factor.js';

const t = useTestApp({ rateLimits: { signUp: { max: 1000, windowSeconds: 900 } } });

async function invitationToken(email: string): Promise<string> {
  const [mail] = await t.database.query<{ text_body: string; subject: string }>(
    `SELECT text_body, subject FROM mail WHERE kind = 'operator-invitation' AND to_address = $1
      ORDER BY created_at DESC`,
    [email],
  );
  expect(mail?.subject).toBe('You are invited to run BoxAbroad');
  return decodeURIComponent(/\/admin\/accept\?token=(\S+)/.exec(mail!.text_body)![1]!);
}

async function auditFor(email: string) {
  return t.database.query<{ action: string; admin_email: string }>(
    `SELECT action, admin_email FROM admin_audit_log WHERE subject = $1 ORDER BY id`,
    [email],
  );
}

describe('operator invitations', () => {
  it(`expire after ${INVITATION_HOURS} hours`, async () => {
    const { browser: account, email } = await customer(t);
    const result = await t.app.services.operators.createOrInvite({ email }, ADMIN_CREATE_ACTOR);
    expect(result.outcome).toBe('invited');
    const token = await invitationToken(email);
    const sent = t.clock.now();
    try {
      t.clock.set(new Date(sent.getTime() + INVITATION_HOURS * 3_600_000 + 1_000));
      const late = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
        body: { token, password: 'a new password 1' },
      });
      expect(late.statusCode).toBe(410);
      expect(late.json<ApiErrorBody>().error.code).toBe('INVITATION_INVALID');
    } finally {
      t.clock.set(sent);
    }
    expect((await call(account, getSession)).json().user!.role).toBe('customer');
  });

  it('leaves whoever held the account nothing: not its second factor, not a sign-in waiting for a code', async () => {
    // The attacker holds the address, with two-step sign-in of their own, and starts a sign-in
    // with the password just before the business invites the address.
    const { browser: attacker, email, password } = await customer(t);
    const { secret } = await enrolTwoFactor(attacker, password);
    const waiting = new TestBrowser(t.app);
    const started = await call(waiting, signInRoute, { body: { email, password } });
    expect(started.json()).toEqual({ user: null, secondStepRequired: true });

    await t.app.services.operators.createOrInvite({ email }, ADMIN_CREATE_ACTOR);
    const accepted = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: { token: await invitationToken(email), password: 'the owner of the mailbox' },
    });
    expect(accepted.statusCode).toBe(200);

    // The waiting sign-in finishes nothing, whatever code the attacker's app shows.
    const finished = await call(waiting, finishSignIn, {
      body: { method: 'app', code: await totpCode(secret) },
    });
    expect(finished.statusCode).toBe(401);
    expect(finished.json<ApiErrorBody>().error.code).toBe('SIGN_IN_EXPIRED');
    expect((await call(waiting, getAdminDashboard)).statusCode).toBe(401);
    // The owner signs in with the password alone, then sets up a second factor of their own.
    const owner = new TestBrowser(t.app);
    const signIn = await call(owner, signInRoute, {
      body: { email, password: 'the owner of the mailbox' },
    });
    expect(signIn.json().user).toMatchObject({ role: 'admin', twoFactorEnabled: false });
    const [left] = await t.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM two_factors f JOIN users u ON u.id = f.user_id
       WHERE u.email = $1`,
      [email],
    );
    expect(left?.count).toBe(0);
  });

  it('refuses an easy password, at admin:create and when an invitation is accepted, with the reason', async () => {
    const weak: [string, string][] = [
      ['aaaaaaaaaa', ACCOUNT_MESSAGES.passwordRepeated],
      ['Password1!', ACCOUNT_MESSAGES.passwordLikeCommon],
      ['boxabroad1', ACCOUNT_MESSAGES.passwordPersonal],
    ];
    const fresh = `new.operator.${Date.now()}@boxabroad.test`;
    for (const [password, reason] of weak) {
      await expect(
        t.app.services.operators.createOrInvite({ email: fresh, password }, ADMIN_CREATE_ACTOR),
        password,
      ).rejects.toThrow(reason);
    }
    const [made] = await t.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE email = $1`,
      [fresh],
    );
    expect(made?.count).toBe(0);

    const { email } = await customer(t);
    await t.app.services.operators.createOrInvite({ email }, ADMIN_CREATE_ACTOR);
    const token = await invitationToken(email);
    for (const [password, reason] of weak) {
      const res = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
        body: { token, password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json<ApiErrorBody>().error.fields, password).toEqual({ password: reason });
    }
    // The refusals did not spend the link.
    const accepted = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: { token, password: 'violet anchors hum' },
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('an unknown token is refused like a used one', async () => {
    const res = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: { token: 'not-a-token', password: 'a new password 1' },
    });
    expect(res.statusCode).toBe(410);
  });
});

describe('admin:remove', () => {
  it('takes the role away, signs the account out everywhere, spends its invitations, and is audited', async () => {
    const { browser, email, twoFactor } = await signedInAdmin(t);
    const result = await t.app.services.operators.remove(email.toUpperCase(), ADMIN_REMOVE_ACTOR);
    expect(result.outcome).toBe('removed');
    expect((await call(browser, getSession)).json().user).toBeNull();
    // The account keeps its two-step sign-in, as a customer's.
    const again = new TestBrowser(t.app);
    const signIn = await call(again, signInRoute, {
      body: { email, password: 'operator password 1' },
    });
    expect(signIn.json()).toEqual({ user: null, secondStepRequired: true });
    const second = await call(again, finishSignIn, {
      body: { method: 'app', code: await freshTotpCode(twoFactor.secret) },
    });
    expect(second.json().user!.role).toBe('customer');
    expect((await call(again, listAuditLog, { query: {} })).statusCode).toBe(403);
    expect(await auditFor(email)).toEqual([
      { action: 'operator.create', admin_email: 'npm run admin:create on the server' },
      { action: 'operator.remove', admin_email: 'npm run admin:remove on the server' },
    ]);

    // An invitation sent before a removal cannot bring the role back.
    await t.app.services.operators.createOrInvite({ email }, ADMIN_CREATE_ACTOR);
    const token = await invitationToken(email);
    await t.app.services.operators.remove(email, ADMIN_REMOVE_ACTOR);
    const late = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: { token, password: 'a new password 1' },
    });
    expect(late.statusCode).toBe(410);
  });
});

describe('the command channel', () => {
  it('runs admin:create and admin:remove in the server, on a socket only its owner can reach', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'boxabroad-channel-'));
    const channel = await startCommandChannel(
      dir,
      operatorCommandHandlers(t.app.services.operators),
      pino({ level: 'silent' }),
    );
    try {
      expect((await stat(commandSocketPath(dir))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'control'))).mode & 0o777).toBe(0o700);
      const email = `channel.${Date.now()}@boxabroad.test`;
      expect(await sendOperatorCommand(dir, { command: 'create', email })).toEqual({
        ok: false,
        message: 'A new admin account needs a password.',
        needsPassword: true,
      });
      const created = await sendOperatorCommand(dir, {
        command: 'create',
        email,
        password: 'channel password 1',
      });
      expect(created).toEqual({ ok: true, message: `Created the admin account ${email}.` });
      const browser = new TestBrowser(t.app);
      const signIn = await call(browser, signInRoute, {
        body: { email, password: 'channel password 1' },
      });
      expect(signIn.json().user!.role).toBe('admin');
      const removed = await sendOperatorCommand(dir, { command: 'remove', email });
      expect(removed?.ok).toBe(true);
      expect((await call(browser, getSession)).json().user).toBeNull();
    } finally {
      await channel.close();
      await rm(dir, { recursive: true, force: true });
    }
    // Nobody listens any more: the caller is told so (undefined), not left waiting.
    expect(await sendOperatorCommand(dir, { command: 'remove', email: 'x@y.test' })).toBe(
      undefined,
    );
  });
});

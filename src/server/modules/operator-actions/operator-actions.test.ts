import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { enrolTwoFactor } from '#tests/support/two-factor.js';
import { TestBrowser } from '#tests/support/browser-session.js';
import { customer } from '#tests/support/factories/accounts.js';
import { signedInAdmin, signedInCustomer } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { ADMIN_MESSAGES } from '#src/domain/api/admin/console.js';
import type { ApiRoute } from '#src/domain/api/route.js';
import { createOrPromoteAdmin } from '../../cli/create-admin.js';
import { call } from '#tests/support/call.js';
import { getSession, signIn as signInRoute } from '#src/domain/api/session.js';
import { listAuditLog } from '#src/domain/api/admin/audit-log.js';
import { acceptOperatorInvitation } from '#src/domain/api/accounts.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { AUDIT_ACTIONS, type AuditAction } from '#src/domain/audit-actions.js';
import type { DbTransaction } from '../../db/client.js';
import type { adminAuditLog } from '../../db/schema.js';
import type { AuditLog } from './audit-log.js';

// Every declared admin route is tried by a new customer: more sign-ups than the default allows.
const t = useTestApp({ rateLimits: { signUp: { max: 1000, windowSeconds: 900 } } });

/** Every declared admin route: each declaration of the console's files (src/domain/api/admin/). */
const ADMIN_ROUTES = Object.values(
  import.meta.glob<Record<string, unknown>>('../../../domain/api/admin/*.ts', { eager: true }),
)
  .flatMap((declarations) => Object.values(declarations))
  .filter(
    (v): v is ApiRoute =>
      typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'responses' in v,
  );
/** Path parameters for any admin route: every one the same well-formed id. */
const PLACEHOLDER_PARAMS = new Proxy({}, { get: () => '00000000-0000-4000-8000-000000000000' });

describe('the admin guard', () => {
  it('declares admin routes, all under /api/v1/admin/', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThan(0);
    for (const route of ADMIN_ROUTES) expect(route.path).toMatch(/^\/api\/v1\/admin\//);
  });

  it.each(ADMIN_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 signed out, 403 for a customer',
    async (_name, route) => {
      const input = { params: PLACEHOLDER_PARAMS };
      const anonymous = await call(new TestBrowser(t.app), route, input);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<ApiErrorBody>().error.code).toBe('SIGNED_OUT');
      const customer = await signedInCustomer(t);
      const refused = await call(customer, route, input);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiErrorBody>().error).toEqual({
        code: 'NOT_AN_ADMIN',
        message: ADMIN_MESSAGES.notAdmin,
      });
    },
  );

  it('guards unknown admin paths too, and an admin gets the ordinary 404', async () => {
    expect((await new TestBrowser(t.app).get('/api/v1/admin/nothing-here')).statusCode).toBe(401);
    const { browser } = await signedInAdmin(t);
    expect((await browser.get('/api/v1/admin/nothing-here')).statusCode).toBe(404);
  });
});

describe('admin accounts (npm run admin:create)', () => {
  const deps = () => ({ database: t.database, clock: t.clock, logger: pino({ level: 'silent' }) });

  it('creates a verified admin who can sign in and read the audit log', async () => {
    const { browser } = await signedInAdmin(t);
    const session = await call(browser, getSession);
    expect(session.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    const log = await call(browser, listAuditLog, { query: {} });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual({ entries: expect.any(Array) });
  });

  // The rule changed: an existing account is never promoted by admin:create (whoever signed up
  // the address may not own the mailbox). Its mailbox is sent a one-time link instead.
  it('never promotes an existing account: the mailbox owner accepts an invitation with a new password', async () => {
    // An attacker signs up the address the business will later make an operator.
    const { browser: attacker, email, password } = await customer(t);
    const result = await createOrPromoteAdmin(deps(), {
      email: email.toUpperCase(),
      password: 'chosen by the business',
    });
    expect(result).toMatchObject({ created: false, invited: true });
    // Not an operator: neither the attacker's session nor a new sign-in with their password.
    expect((await call(attacker, listAuditLog, { query: {} })).statusCode).toBe(403);
    const signIn = await call(new TestBrowser(t.app), signInRoute, {
      body: {
        email,
        password,
      },
    });
    expect(signIn.json().user!.role).toBe('customer');
    // The password given was not set either.
    const given = await call(new TestBrowser(t.app), signInRoute, {
      body: {
        email,
        password: 'chosen by the business',
      },
    });
    expect(given.statusCode).toBe(401);

    // The mailbox owner opens the emailed link and chooses a new password.
    const [mail] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE kind = 'operator-invitation' AND to_address = $1`,
      [email],
    );
    const token = decodeURIComponent(/\/admin\/accept\?token=(\S+)/.exec(mail!.text_body)![1]!);
    const short = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: {
        token,
        password: 'short',
      },
    });
    expect(short.statusCode).toBe(422);
    // A common password is refused by the rule every account keeps, before the link is used.
    const common = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: {
        token,
        password: 'password123',
      },
    });
    expect(common.statusCode).toBe(422);
    expect(common.json<ApiErrorBody>().error.fields!.password).toMatch(/too common/);
    expect((await call(attacker, listAuditLog, { query: {} })).statusCode).toBe(403);
    const accepted = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: { token, password: 'the real owner chose this' },
    });
    expect(accepted.statusCode).toBe(200);

    // The attacker keeps nothing: their session is gone, their password fails.
    expect((await call(attacker, getSession)).json().user).toBeNull();
    expect((await call(attacker, listAuditLog, { query: {} })).statusCode).toBe(401);
    const old = await call(new TestBrowser(t.app), signInRoute, {
      body: {
        email,
        password,
      },
    });
    expect(old.statusCode).toBe(401);
    const owner = new TestBrowser(t.app);
    const ownerIn = await call(owner, signInRoute, {
      body: {
        email,
        password: 'the real owner chose this',
      },
    });
    expect(ownerIn.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    // The new operator sets up two-step sign-in before the console opens (decision 074).
    expect((await call(owner, listAuditLog, { query: {} })).json<ApiErrorBody>().error.code).toBe(
      'TWO_FACTOR_REQUIRED',
    );
    await enrolTwoFactor(owner, 'the real owner chose this');

    // The link works once.
    const again = await call(new TestBrowser(t.app), acceptOperatorInvitation, {
      body: {
        token,
        password: 'the attacker tries again',
      },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json<ApiErrorBody>().error.code).toBe('INVITATION_INVALID');

    // Both steps are in the audit log, with who did them.
    const log = await call(owner, listAuditLog, { query: { subject: email } });
    expect(log.statusCode).toBe(200);
    expect(
      (log.json().entries as { action: string; adminEmail: string; subject: string }[]).map((e) => [
        e.action,
        e.adminEmail,
        e.subject,
      ]),
    ).toEqual([
      ['operator.accept', email, email],
      ['operator.invite', 'npm run admin:create on the server', email],
    ]);
  });

  it('refuses a new account without a password or with a short one, and asks when it can', async () => {
    const email = `new.${Date.now()}@boxabroad.test`;
    await expect(createOrPromoteAdmin(deps(), { email })).rejects.toThrow(/needs a password/);
    await expect(createOrPromoteAdmin(deps(), { email, password: 'short' })).rejects.toThrow(
      /at least 10/, // the password rule (decision 076)
    );
    await expect(
      createOrPromoteAdmin(deps(), { email: 'not-an-email', password: 'long enough 1' }),
    ).rejects.toThrow(/email address/);
    const asked = await createOrPromoteAdmin(deps(), {
      email,
      askPassword: async () => 'asked for password',
    });
    expect(asked.created).toBe(true);
    const browser = new TestBrowser(t.app);
    const res = await call(browser, signInRoute, {
      body: { email, password: 'asked for password' },
    });
    expect(res.json().user).toMatchObject({ email, role: 'admin' });
  });
});

describe('the one audit entry (AuditLog)', () => {
  const actor = { id: 'entry-test', email: 'entry-test@boxabroad.test' };
  const actionsOf = async (subject: string) =>
    (
      await t.database.query<{ action: string }>(
        'SELECT action FROM admin_audit_log WHERE subject = $1 ORDER BY id',
        [subject],
      )
    ).map((row) => row.action);

  it('writes its row in the change’s transaction: both or neither, none for a repeat', async () => {
    const { audit } = t.app.services;
    // The change writes a row of its own in the transaction it is given (any write would do).
    const changeWith = (subject: string) => async (tx: DbTransaction) =>
      audit.record(actor, 'message.read', subject, {}, tx);

    const result = await audit.act(actor, 'message.unread', 'entry-done', async (tx) => {
      await changeWith('entry-done')(tx);
      return { result: 'changed', details: { n: 1 } };
    });
    expect(result).toBe('changed');
    expect(await actionsOf('entry-done')).toEqual(['message.read', 'message.unread']);

    const refused = audit.act(actor, 'message.unread', 'entry-refused', async (tx) => {
      await changeWith('entry-refused')(tx);
      throw new Error('refused after its write');
    });
    await expect(refused).rejects.toThrow('refused after its write');
    expect(await actionsOf('entry-refused')).toEqual([]);

    await audit.act(actor, 'message.unread', 'entry-repeated', async (tx) => {
      await changeWith('entry-repeated')(tx);
      return { result: null, repeated: true };
    });
    expect(await actionsOf('entry-repeated')).toEqual(['message.read']);
  });

  it('takes only an action of AUDIT_ACTIONS: any other fails the type-check', () => {
    // Each line below compiles only while the entry, and the table's column, refuse a plain
    // string: `npm run typecheck` fails on an unused @ts-expect-error.
    // @ts-expect-error: 'order.delete' is not an audit action
    const forAct: Parameters<AuditLog['act']>[1] = 'order.delete';
    // @ts-expect-error: 'order.delete' is not an audit action
    const forRecord: Parameters<AuditLog['record']>[1] = 'order.delete';
    // @ts-expect-error: 'order.delete' is not an audit action
    const forTable: (typeof adminAuditLog.$inferInsert)['action'] = 'order.delete';
    for (const action of [forAct, forRecord, forTable]) {
      expect(Object.keys(AUDIT_ACTIONS)).not.toContain(action);
    }
    const known: AuditAction = 'order.note';
    expect(Object.keys(AUDIT_ACTIONS)).toContain(known);
  });
});

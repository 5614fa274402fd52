import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import { ADMIN_PASSWORD, signedInAdmin } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { freshTotpCode } from '#tests/support/two-factor.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { getAccount } from '#src/domain/api/accounts.js';
import { getAdminDashboard } from '#src/domain/api/admin/orders.js';
import { getSession, signIn } from '#src/domain/api/session.js';
import { finishSignIn } from '#src/domain/api/two-factor.js';
import { DEFAULT_OPERATOR_SESSION_LIMITS } from './session-activity.js';

/**
 * How long sessions last (docs/accounts.md, decision 115): an operator's at most 12 hours, and
 * 30 minutes unused; a customer's 30 days, renewed on use. Time moves on the test clock.
 */
const t = useTestApp();
let start: Date;
beforeAll(async () => {
  start = t.clock.now();
});
afterEach(() => t.clock.set(start));

const MINUTE = 60_000;
const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));

async function sessionRows(email: string): Promise<number> {
  const [row] = await t.database.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE u.email = $1`,
    [email],
  );
  return row?.count ?? 0;
}

describe('an operator’s session', () => {
  it('ends after 30 minutes unused: 401, and the session is gone', async () => {
    const { browser, email } = await signedInAdmin(t);
    later(29 * MINUTE);
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);
    // Used at 29 minutes: the 30 count from there.
    later(29 * MINUTE);
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);
    later(31 * MINUTE);
    const idle = await call(browser, getAdminDashboard);
    expect(idle.statusCode).toBe(401);
    expect(idle.json<ApiErrorBody>().error.code).toBe('SIGNED_OUT');
    expect((await call(browser, getSession)).json().user).toBeNull();
    expect(await sessionRows(email)).toBe(0);
    // Moving the clock back does not bring it back.
    t.clock.set(start);
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(401);
  });

  it('ends 12 hours after it began, however often it is used', async () => {
    const { browser } = await signedInAdmin(t);
    const maxMs = DEFAULT_OPERATOR_SESSION_LIMITS.maxHours * 60 * MINUTE;
    for (let used = 0; used + 25 * MINUTE < maxMs; used += 25 * MINUTE) {
      later(25 * MINUTE);
      expect((await call(browser, getAdminDashboard)).statusCode).toBe(200);
    }
    t.clock.set(new Date(start.getTime() + maxMs + MINUTE));
    expect((await call(browser, getAdminDashboard)).statusCode).toBe(401);
    expect((await call(browser, getAccount)).statusCode).toBe(401);
  });

  it('gets a cookie that ends with it: at most 12 hours', async () => {
    const { email, twoFactor } = await signedInAdmin(t);
    const browser = new TestBrowser(t.app);
    await call(browser, signIn, { body: { email, password: ADMIN_PASSWORD } });
    const done = await call(browser, finishSignIn, {
      body: { method: 'app', code: await freshTotpCode(twoFactor.secret) },
    });
    expect(done.statusCode).toBe(200);
    const cookie = [done.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('boxabroad.session_token='));
    expect(cookie).toMatch(/; Max-Age=43200(;|$)/);
    expect(cookie).not.toMatch(/expires=/i);
  });
});

describe('a customer’s session', () => {
  it('still works after 7 days, and after more than 30 minutes unused', async () => {
    const { browser } = await customer(t);
    later(45 * MINUTE);
    expect((await call(browser, getAccount)).statusCode).toBe(200);
    later(7 * 24 * 60 * MINUTE);
    expect((await call(browser, getAccount)).statusCode).toBe(200);
    expect((await call(browser, getSession)).json().user).not.toBeNull();
  });
});

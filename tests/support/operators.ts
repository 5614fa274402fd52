import { beforeAll, beforeEach } from 'vitest';
import { pino } from 'pino';
import { listAuditLog } from '../../src/domain/api/admin/audit-log.js';
import { signIn } from '../../src/domain/api/session.js';
import { createOrPromoteAdmin } from '../../src/server/cli/create-admin.js';
import { TestBrowser } from './browser-session.js';
import { call } from './call.js';
import { customer } from './factories/accounts.js';
import { useTestApp, type TestApp } from './test-app.js';
import { enrolTwoFactor, type TwoFactorEnrolment } from './two-factor.js';

let counter = 0;
export const ADMIN_PASSWORD = 'operator password 1';

/**
 * A browser signed in as a new admin, created the way `npm run admin:create` does, who has set up
 * two-step sign-in (the console requires it, decision 074) and so may use the console.
 */
export async function signedInAdmin(
  t: TestApp,
): Promise<{ browser: TestBrowser; email: string; twoFactor: TwoFactorEnrolment }> {
  const { browser, email } = await signedInAdminWithoutTwoFactor(t);
  const twoFactor = await enrolTwoFactor(browser, ADMIN_PASSWORD);
  return { browser, email, twoFactor };
}

/**
 * The file's (or the describe block's) operator, made by `signedInAdmin` in a `beforeAll`
 * registered where it is called, after `useTestApp`'s: `const operator = useSignedInAdmin(t);`
 * at the top, then `operator.browser` and `operator.email` inside tests and hooks.
 */
export function useSignedInAdmin(t: TestApp): {
  readonly browser: TestBrowser;
  readonly email: string;
} {
  let signedIn: { browser: TestBrowser; email: string } | undefined;
  beforeAll(async () => {
    signedIn = await signedInAdmin(t);
  });
  const current = () => {
    if (!signedIn) throw new Error('useSignedInAdmin(): read before its beforeAll signed in');
    return signedIn;
  };
  return {
    get browser() {
      return current().browser;
    },
    get email() {
      return current().email;
    },
  };
}

/**
 * A console file's app and operator: `useTestApp(overrides)`, then `useSignedInAdmin`, and the
 * courier simulator reset before each test, and the audit log read as that operator:
 * `const { t, operator, auditOf } = useConsoleTestApp();`.
 */
export function useConsoleTestApp(overrides?: Parameters<typeof useTestApp>[0]) {
  const t = useTestApp(overrides);
  const operator = useSignedInAdmin(t);
  beforeEach(() => {
    t.courierSimulator!.control({ reset: true });
  });
  /** The audit log's entries about a subject (an order's reference), as the console lists them. */
  const auditOf = async (subject: string) =>
    (await call(operator.browser, listAuditLog, { query: { subject } })).json().entries as {
      action: string;
      adminEmail: string;
      details: object;
    }[];
  return { t, operator, auditOf };
}

/**
 * A browser signed in (password only) as a new admin who has not set up two-step sign-in yet:
 * every console route refuses it (403 TWO_FACTOR_REQUIRED) until it does.
 */
export async function signedInAdminWithoutTwoFactor(
  t: TestApp,
): Promise<{ browser: TestBrowser; email: string }> {
  const email = `ops.${++counter}.${Date.now()}@boxabroad.test`;
  await createOrPromoteAdmin(
    { database: t.database, clock: t.clock, logger: pino({ level: 'silent' }) },
    { email, name: 'Olive Operator', password: ADMIN_PASSWORD },
  );
  const browser = new TestBrowser(t.app);
  const res = await call(browser, signIn, { body: { email, password: ADMIN_PASSWORD } });
  if (res.statusCode !== 200 || !res.json().user) {
    throw new Error(`admin sign-in failed: ${res.body}`);
  }
  return { browser, email };
}

/** A browser signed in as a new customer account (the `customer` factory's browser). */
export async function signedInCustomer(t: TestApp): Promise<TestBrowser> {
  return (await customer(t)).browser;
}

import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { AdminRepository } from '../admin/admin.repository.js';
import { createMail, DEFAULT_MAIL_FROM, DEFAULT_SALES_EMAIL } from '../email/mail.js';
import { authSecret } from './app-secret.js';
import { createAuth } from './auth.js';
import {
  ADMIN_CREATE_ACTOR,
  OperatorAccounts,
  type CreateAdminInput,
} from './operator-accounts.js';

export type { CreateAdminInput } from './operator-accounts.js';

export interface OperatorCommandDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  authSecret?: string | undefined;
  /** The site's public address, for the invitation link (default http://localhost:3000). */
  siteUrl?: string | undefined;
}

/**
 * The operator commands on an opened and migrated database, in this process (no site runs on
 * it, or it is a PostgreSQL server the site shares). Emails are written to the outbox; the
 * site's job queue delivers them. Close it after use.
 */
export async function openOperatorAccounts(
  deps: OperatorCommandDeps,
): Promise<{ operators: OperatorAccounts; close(): Promise<void> }> {
  const secret = await authSecret(deps.database, deps.clock, deps.authSecret);
  const siteUrl = deps.siteUrl ?? 'http://localhost:3000';
  // No delivery runs here: the outbox keeps the email for the site's job queue.
  const mail = createMail(deps, {
    from: DEFAULT_MAIL_FROM,
    salesEmail: DEFAULT_SALES_EMAIL,
    siteUrl,
  });
  const auth = createAuth({ ...deps, mail, siteUrl, secret });
  const operators = new OperatorAccounts({
    auth,
    database: deps.database,
    clock: deps.clock,
    mail,
    audit: new AdminRepository(deps.database.db),
    siteUrl,
  });
  return { operators, close: () => mail.close() };
}

/**
 * What `npm run admin:create` does (docs/operators.md): a new account is created as a verified
 * admin. An email that already has an account is NOT promoted: it is sent a one-time invitation
 * (`invited: true`). The browser tests create their admin with this same function.
 */
export async function createOrPromoteAdmin(
  deps: OperatorCommandDeps,
  input: CreateAdminInput,
): Promise<{ created: boolean; invited: boolean; userId: string }> {
  const { operators, close } = await openOperatorAccounts(deps);
  try {
    const result = await operators.createOrInvite(input, ADMIN_CREATE_ACTOR);
    return {
      created: result.outcome === 'created',
      invited: result.outcome === 'invited',
      userId: result.userId,
    };
  } finally {
    await close();
  }
}

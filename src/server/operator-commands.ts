import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Database } from './db/client.js';
import {
  authSecret,
  createAuth,
  OperatorAccounts,
  OperatorInvitationsRepository,
} from './modules/accounts/index.js';
import { AuditLog, AuditLogRepository } from './modules/operator-actions/index.js';
import { createMail, DEFAULT_MAIL_FROM, DEFAULT_SALES_EMAIL } from './modules/email/index.js';

export interface OperatorCommandDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  authSecret?: string | undefined;
  /** The site's public address, for the invitation link (default http://localhost:3000). */
  siteUrl?: string | undefined;
}

/**
 * The operator commands (`npm run admin:create`, `admin:remove`) wired in this process, on an
 * opened and migrated database: used when no site owns the embedded database, or on PostgreSQL,
 * which the site shares. Emails are written to the outbox; the site's job queue delivers them.
 * Close it after use.
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
    invitations: new OperatorInvitationsRepository(deps.database.db),
    clock: deps.clock,
    mail,
    audit: new AuditLog(new AuditLogRepository(deps.database.db), deps.clock),
    siteUrl,
  });
  return { operators, close: () => mail.close() };
}

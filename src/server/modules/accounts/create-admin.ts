import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { createMail, DEFAULT_MAIL_FROM, DEFAULT_SALES_EMAIL } from '../email/mail.js';
import { AccountsService } from './accounts.service.js';
import { authSecret } from './app-secret.js';
import { createAuth } from './auth.js';
import { RateLimiter } from '../../http/rate-limiter.js';

export interface CreateAdminInput {
  email: string;
  name?: string | undefined;
  /** Needed to create an account; for an existing one it replaces the password. */
  password?: string | undefined;
  /** Asked only when the account must be created and no password was given. */
  askPassword?: () => Promise<string>;
}

/**
 * What `npm run admin:create` does, on an opened and migrated database: the account with this
 * email becomes an admin, created when it does not exist. The browser tests create their admin
 * with this same function.
 */
export async function createOrPromoteAdmin(
  deps: { database: Database; clock: Clock; logger: Logger; authSecret?: string | undefined },
  input: CreateAdminInput,
): Promise<{ created: boolean; userId: string }> {
  const secret = await authSecret(deps.database, deps.clock, deps.authSecret);
  const siteUrl = 'http://localhost:3000';
  // No email is sent: an admin created here is verified already. No job queue is started.
  const mail = createMail(deps, {
    from: DEFAULT_MAIL_FROM,
    salesEmail: DEFAULT_SALES_EMAIL,
    siteUrl,
  });
  try {
    const auth = createAuth({ ...deps, mail, siteUrl, secret });
    const accounts = new AccountsService(auth, new RateLimiter(deps.database, deps.clock));
    return await accounts.createOrPromoteAdmin(input);
  } finally {
    await mail.close();
  }
}

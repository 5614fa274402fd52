/**
 * For the browser tests only (scripts/run/e2e-server.ts runs it on its fresh database, after the
 * shared operator was made with `npm run admin:create`'s code):
 * - gives the shared operator (E2E_ADMIN_EMAIL) two-step sign-in with a secret the specs know
 *   (E2E_ADMIN_TOTP_SECRET, base32), stored as better-auth's two-factor plugin stores an
 *   imported secret (`base32:…`, encrypted with the site's auth secret), so the specs compute its
 *   codes (tests/e2e/support/admin.ts);
 * - makes a second operator (E2E_NEW_ADMIN_EMAIL, same password) without it, whose first console
 *   visit walks the real enrolment (tests/e2e/admin-two-factor.spec.ts).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { symmetricEncrypt } from 'better-auth/crypto';
import { pino } from 'pino';
import { systemClock } from '../../src/server/clock.js';
import { openDatabase } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/deps.js';
import { parseEnv } from '../../src/server/env.js';
import { keepNewFilesPrivate } from '../../src/server/private-files.js';
import { authSecret } from '../../src/server/modules/accounts/app-secret.js';
import { createAuth } from '../../src/server/modules/accounts/auth.js';
import { createOrPromoteAdmin } from '../../src/server/cli/create-admin.js';
import {
  createMail,
  DEFAULT_MAIL_FROM,
  DEFAULT_SALES_EMAIL,
} from '../../src/server/modules/email/mail.js';

// It opens the site's data before the site does: what it writes is its user's alone (decision 114).
keepNewFilesPrivate();

const { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_ADMIN_TOTP_SECRET, E2E_NEW_ADMIN_EMAIL } =
  process.env;
if (!E2E_ADMIN_EMAIL || !E2E_ADMIN_PASSWORD || !E2E_ADMIN_TOTP_SECRET || !E2E_NEW_ADMIN_EMAIL) {
  throw new Error('E2E_ADMIN_EMAIL, _PASSWORD, _TOTP_SECRET and E2E_NEW_ADMIN_EMAIL must be set');
}
const env = parseEnv(process.env);
const logger = pino({ level: 'warn' });
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
const siteUrl = 'http://localhost:3000';
const mail = createMail(
  { database, clock: systemClock, logger },
  { from: DEFAULT_MAIL_FROM, salesEmail: DEFAULT_SALES_EMAIL, siteUrl },
);
try {
  await prepareDatabase(database, logger);
  const deps = { database, clock: systemClock, logger, authSecret: env.AUTH_SECRET };
  await createOrPromoteAdmin(deps, {
    email: E2E_NEW_ADMIN_EMAIL,
    name: 'Nadia Newcomer',
    password: E2E_ADMIN_PASSWORD,
  });
  const secret = await authSecret(database, systemClock, env.AUTH_SECRET);
  const auth = createAuth({ database, clock: systemClock, logger, mail, siteUrl, secret });
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.findUserByEmail(E2E_ADMIN_EMAIL.toLowerCase());
  if (!user) throw new Error(`no account ${E2E_ADMIN_EMAIL}`);
  const recoveryCodes = Array.from({ length: 10 }, () => randomBytes(5).toString('hex'));
  await ctx.adapter.create({
    model: 'twoFactor',
    data: {
      userId: user.user.id,
      secret: await symmetricEncrypt({
        key: ctx.secretConfig,
        data: `base32:${E2E_ADMIN_TOTP_SECRET}`,
      }),
      backupCodes: await symmetricEncrypt({
        key: ctx.secretConfig,
        data: JSON.stringify(recoveryCodes),
      }),
      verified: true,
    },
  });
  await ctx.internalAdapter.updateUser(user.user.id, { twoFactorEnabled: true });
} finally {
  await mail.close();
  await database.close();
}

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { Logger } from 'pino';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#src/domain/accounts.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { authAccounts, sessions, twoFactors, users, verifications } from '../../db/schema.js';
import type { MailDeps } from '../email/index.js';
import { recordSessionStart } from './session-activity.js';

/**
 * How long a session lasts without use, and how often its expiry is pushed back. An operator's is
 * shorter (session-activity.ts).
 */
export const SESSION_DAYS = 30;
/** A password-reset link works once, for this long. */
export const RESET_LINK_SECONDS = 60 * 60;
/** An email-verification link works for this long. */
export const VERIFY_LINK_SECONDS = 60 * 60;
/** The session cookie's name prefix (`boxabroad.session_token`, `__Secure-` over https). */
export const COOKIE_PREFIX = 'boxabroad';
/**
 * Two-step sign-in (decision 074): codes from an authenticator app (TOTP, 6 digits, 30 seconds)
 * under this issuer, and 10 single-use recovery codes.
 */
export const TWO_FACTOR = {
  issuer: 'BoxAbroad',
  digits: 6,
  periodSeconds: 30,
  recoveryCodes: 10,
  /** How long the step between the password and the code may take. */
  pendingSeconds: 10 * 60,
} as const;

export interface AuthDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  mail: MailDeps;
  /** The site's public address: links in emails, and whether cookies are `Secure`. */
  siteUrl: string;
  /** Signs session cookies and verification tokens (AUTH_SECRET, or the site's own). */
  secret: string;
}

/** The accounts' tables, through Drizzle. */
function authDatabase(database: Database) {
  return drizzleAdapter(database.db, {
    provider: 'pg',
    schema: {
      user: users,
      session: sessions,
      account: authAccounts,
      verification: verifications,
      twoFactor: twoFactors,
    },
  });
}

/** Two-step sign-in (decision 074). */
function twoStepSignIn() {
  return twoFactor({
    issuer: TWO_FACTOR.issuer,
    totpOptions: { digits: TWO_FACTOR.digits, period: TWO_FACTOR.periodSeconds },
    backupCodeOptions: { amount: TWO_FACTOR.recoveryCodes, storeBackupCodes: 'encrypted' },
    twoFactorCookieMaxAge: TWO_FACTOR.pendingSeconds,
    // Failed codes are counted per account and address by our own limiter (decision 075):
    // the plugin's lock of the whole account would let whoever knows the password lock the
    // owner out.
    accountLockout: { enabled: false },
  });
}

/** The user's fields and what may change of them. */
const USER_OPTIONS = {
  additionalFields: {
    role: { type: 'string', required: false, defaultValue: 'customer', input: false },
  },
  // An address is never claimed until the link sent to it is opened, verified account or
  // not (decision 077).
  changeEmail: { enabled: true, updateEmailWithoutVerification: false },
} as const;

/**
 * better-auth (decision 019) on our Drizzle tables: it hashes passwords, stores sessions, and
 * issues reset and verification tokens. Its HTTP handler is never mounted: our declared routes
 * (accounts.routes.ts) call `auth.api` so every /api route keeps the one contract, error shape,
 * rate limits and Origin check.
 */
export function createAuth(deps: AuthDeps) {
  const site = new URL(deps.siteUrl);
  const link = (path: string, token: string) =>
    `${site.origin}${path}?token=${encodeURIComponent(token)}`;
  const sendEmail = async (
    enqueue: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<unknown>,
  ) => {
    await deps.database.transaction(enqueue);
    deps.mail.worker.wake();
  };
  const log = deps.logger.child({ component: 'auth' });

  return betterAuth({
    appName: 'BoxAbroad',
    baseURL: site.origin,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [site.origin],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') log.error(message);
        else log.warn(message);
      },
    },
    database: authDatabase(deps.database),
    plugins: [twoStepSignIn()],
    user: USER_OPTIONS,
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // When each session began, on the site's clock: an operator's ends 12 hours after it began
    // or 30 minutes after its last use (session-activity.ts, decision 115).
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await recordSessionStart(deps.database, deps.clock, session.id);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Accounts are created by sign-up.service.ts once the emailed link is opened.
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The reset link is made and emailed by the `send-password-reset` job (accounts.service.ts),
      // so a request answers as fast for an address with an account as for one without.
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await sendEmail((tx) =>
          deps.mail.emails.sendTo(tx, 'verify-email', {
            email: user.email,
            url: link('/account/verify-email', token),
            requestId: token.slice(-32),
          }),
        );
      },
    },
    // Our own limiter runs in the routes (rate-limiter.ts); auth.api calls bypass this one.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: site.protocol === 'https:',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

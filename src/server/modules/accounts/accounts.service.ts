import { createHmac, randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES, type Role, type SessionUser } from '#src/domain/accounts.js';
import type { Account } from '#src/domain/api/accounts.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { rawQueryOf, type Queryable } from '../../db/queryable.js';
import { ApiError } from '../../http/errors.js';
import type { Limit, RateLimiter } from '../../http/rate-limiter.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { MailDeps } from '../email/index.js';
import { COOKIE_PREFIX, RESET_LINK_SECONDS, type Auth } from './auth.js';
import { passwordProblem } from './password-rule.js';
import { SessionActivity, type OperatorSessionLimits } from './session-activity.js';
import { SignInGuard, type AccountKey } from './sign-in-guard.js';
import { sendPasswordResetJob } from './jobs/send-password-reset.job.js';

/** Part of the session cookie's name, with or without its `__Secure-` prefix. */
const SESSION_COOKIE_NAME = `${COOKIE_PREFIX}.session_token=`;

/** The job that decides and sends a password reset's email (`jobs/send-password-reset.job.ts`). */

/** What a route needs to answer: the result, and the cookies to set with it. */
export interface WithCookies<T> {
  result: T;
  cookies: string[];
}

/** Who asks and from where: the request's headers (its cookies) and address. */
export interface Caller {
  headers: Headers;
  ip: string;
}

const MINUTE = 60;
/**
 * Limits per email and per account (flooding one inbox, guessing a signed-in account's password).
 * Wrong sign-in passwords are counted apart, by account and address (sign-in-guard.ts). The
 * generous limits per client address are on the routes (http/rate-limiter.ts).
 */
export const LIMITS = {
  resetPerEmail: { max: 3, windowSeconds: 60 * MINUTE },
  changePasswordPerUser: { max: 5, windowSeconds: 15 * MINUTE },
  verifyResendPerUser: { max: 3, windowSeconds: 60 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * Better Auth's answer to `call`; when it refuses (a 4xx: a used token, a wrong password), the
 * error `refusal` makes instead. Anything else (the database down) is thrown as it came.
 */
async function refusedAs<T>(call: () => Promise<T>, refusal: () => ApiError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw refusal();
    throw error;
  }
}

const SIGNED_OUT = () => new ApiError(401, 'SIGNED_OUT', 'Please sign in to see your account.');

export interface AccountsDeps {
  auth: Auth;
  limiter: RateLimiter;
  database: Database;
  clock: Clock;
  mail: MailDeps;
  jobs: JobQueue;
  /** The site's address, for the links emails carry. */
  siteUrl: string;
  /** The site's secret: a password reset's token is derived from its request with it. */
  secret: string;
  /** How long an operator's session lasts (OPERATOR_SESSION_*; session-activity.ts). */
  operatorSessions?: Partial<OperatorSessionLimits>;
}

interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  role?: string | null | undefined;
  twoFactorEnabled?: boolean | null | undefined;
}

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: (user.role === 'admin' ? 'admin' : 'customer') satisfies Role,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

function toAccount(user: AuthUser): Account {
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** The Set-Cookie headers better-auth answered with, to pass on as they are. */
export const setCookiesOf = (headers: Headers | undefined | null) => headers?.getSetCookie() ?? [];
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Accounts: sign-up, sign-in, sign-out, password resets and the account's own details, on
 * better-auth (auth.ts). Rate limits are checked here, before the library is asked anything.
 */
export class AccountsService {
  /**
   * Wrong passwords and second-step codes, counted by account and address, and by account
   * whatever the address (decisions 075 and 115).
   */
  readonly signInGuard: SignInGuard;
  /** When sessions began and were last used: an operator's ends sooner (decision 115). */
  readonly sessions: SessionActivity;
  readonly auth: Auth;
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: AccountsDeps) {
    this.auth = deps.auth;
    this.limiter = deps.limiter;
    this.signInGuard = new SignInGuard({
      limiter: deps.limiter,
      database: deps.database,
      clock: deps.clock,
      notice: {
        recipient: (account) => this.ownerOf(account),
        send: (tx, notice) =>
          deps.mail.emails.sendTo(tx, 'sign-in-failures', {
            ...notice,
            resetUrl: `${new URL(deps.siteUrl).origin}/login/forgotten-password`,
          }),
        sent: () => deps.mail.worker.wake(),
      },
    });
    this.sessions = new SessionActivity(deps.database, deps.clock, deps.operatorSessions);
  }

  /** The signed-in user of these headers, or null (no cookie, signed out, or expired). */
  async currentUser(headers: Headers): Promise<SessionUser | null> {
    // Without a session cookie there is no session to look up: most requests (a guest's quote)
    // answer here without asking better-auth.
    if (!headers.get('cookie')?.includes(SESSION_COOKIE_NAME)) return null;
    const session = await this.sessionOf(headers);
    return session ? toSessionUser(session.user) : null;
  }

  /**
   * The session of these headers, or null. An operator's ends 12 hours after it began or 30
   * minutes after its last use (settings; decision 115): then it is deleted and is none; a
   * customer's keeps better-auth's 30 days, renewed on use.
   */
  async sessionOf(headers: Headers) {
    const session = await this.auth.api.getSession({ headers });
    if (!session) return null;
    if (toSessionUser(session.user).role !== 'admin') return session;
    if (await this.sessions.operatorSessionUsed(session.session.id)) return session;
    const ctx = await this.auth.$context;
    await ctx.internalAdapter.deleteSession(session.session.token);
    return null;
  }

  /**
   * An account's email by its id (an order's account holder, docs/email.md), or null: read
   * through the caller's transaction, which may hold the embedded database's one connection.
   */
  async emailOf(userId: string, tx: Queryable): Promise<string | null> {
    const [row] = await rawQueryOf(tx)<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      userId,
    ]);
    return row?.email ?? null;
  }

  /** The id of the account of an email, whatever its case (the console's order search), or null. */
  async userIdOf(email: string): Promise<string | null> {
    const ctx = await this.auth.$context;
    return (await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase()))?.user.id ?? null;
  }

  /** The email of the account a sign-in failure key names, or undefined when none has it. */
  private async ownerOf(account: AccountKey): Promise<string | undefined> {
    const ctx = await this.auth.$context;
    if (account.startsWith('email:')) {
      return (await ctx.internalAdapter.findUserByEmail(account.slice('email:'.length)))?.user
        .email;
    }
    return (await ctx.internalAdapter.findUserById(account.slice('user:'.length)))?.email;
  }

  /**
   * Signs in with the password; an account with two-step sign-in gets no session yet, only the
   * pending sign-in's cookie (`user: null`, `secondStepRequired`). Only a wrong password counts
   * towards the limits, by account and address: the owner is never locked out by someone else's
   * guesses (decision 075).
   */
  async signIn(
    input: { email: string; password: string },
    caller: Caller,
  ): Promise<WithCookies<{ user: SessionUser | null; secondStepRequired: boolean }>> {
    const account = `email:${emailKey(input.email)}` as const;
    await this.signInGuard.check(account, caller.ip);
    let wrong = false;
    try {
      const { headers, response } = await this.auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: caller.headers,
        returnHeaders: true,
      });
      const cookies = setCookiesOf(headers);
      if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
        return { result: { user: null, secondStepRequired: true }, cookies };
      }
      const user = toSessionUser((response as { user: AuthUser }).user);
      return {
        result: { user, secondStepRequired: false },
        cookies: user.role === 'admin' ? this.sessions.capSessionCookie(cookies) : cookies,
      };
    } catch (error) {
      // One answer for an unknown email and a wrong password.
      if (isAPIError(error) && error.statusCode < 500) {
        // A wrong guess: the attempt `check` counted stays counted.
        wrong = true;
        throw new ApiError(401, 'SIGN_IN_FAILED', ACCOUNT_MESSAGES.signInFailed);
      }
      throw error;
    } finally {
      if (!wrong) await this.signInGuard.release(account, caller.ip);
      else await this.signInGuard.failed(account);
    }
  }

  async signOut(caller: Caller): Promise<string[]> {
    try {
      const { headers } = await this.auth.api.signOut({
        headers: caller.headers,
        returnHeaders: true,
      });
      return setCookiesOf(headers);
    } catch (error) {
      // Already signed out (no or unknown session): nothing to end.
      if (isAPIError(error) && error.statusCode < 500) return [];
      throw error;
    }
  }

  /**
   * Always succeeds the same way, doing the same work whatever the address: the limit, then a
   * job (`send-password-reset`) that emails a link only if an account uses the address, so the
   * answer takes as long either way.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const key = emailKey(email);
    await this.limiter.hit([{ key: `reset:email:${key}`, limit: LIMITS.resetPerEmail }]);
    const requestId = randomBytes(16).toString('base64url');
    await this.deps.database.transaction((tx) =>
      this.deps.jobs.enqueue(tx, sendPasswordResetJob, { email: key, requestId }),
    );
    this.deps.jobs.wake();
  }

  /**
   * The `send-password-reset` job: the account using `email` gets a link that works once, for
   * an hour; an address no account uses gets nothing. Safe to run twice for one request: its
   * token is derived from `requestId`, and its email's key is the request's, so a second run
   * adds no second link or email. Answers whether a link was sent.
   */
  async sendPasswordReset(email: string, requestId: string): Promise<boolean> {
    const ctx = await this.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    if (!found) return false;
    const token = createHmac('sha256', this.deps.secret)
      .update(`password-reset:${requestId}`)
      .digest('base64url');
    const identifier = `reset-password:${token}`;
    if (!(await ctx.internalAdapter.findVerificationValue(identifier))) {
      // better-auth checks the link's expiry on the real time when it is used.
      await ctx.internalAdapter.createVerificationValue({
        identifier,
        value: found.user.id,
        expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000),
      });
    }
    const site = new URL(this.deps.siteUrl).origin;
    await this.deps.database.transaction((tx) =>
      this.deps.mail.emails.sendTo(tx, 'password-reset', {
        email: found.user.email,
        resetUrl: `${site}/login/reset-password?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(this.deps.clock.now().getTime() + RESET_LINK_SECONDS * 1000),
        requestId,
      }),
    );
    this.deps.mail.worker.wake();
    return true;
  }

  /** Uses the token once and signs out every session of the account. */
  async resetPassword(token: string, password: string): Promise<void> {
    // The account's email, for the rule's "not your email" (an unknown token fails below).
    const ctx = await this.auth.$context;
    const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
    const owner = verification ? await ctx.internalAdapter.findUserById(verification.value) : null;
    const problem = passwordProblem(password, { email: owner?.email });
    if (problem) throw new ApiError(422, 'VALIDATION_FAILED', problem, { password: problem });
    await refusedAs(
      () => this.auth.api.resetPassword({ body: { token, newPassword: password } }),
      () => new ApiError(410, 'RESET_LINK_INVALID', ACCOUNT_MESSAGES.resetLinkInvalid),
    );
  }

  async account(headers: Headers): Promise<Account> {
    return toAccount(await this.requireUser(headers));
  }

  async changeName(name: string, headers: Headers): Promise<Account> {
    await this.requireUser(headers);
    await this.auth.api.updateUser({ body: { name }, headers });
    return this.account(headers);
  }

  /**
   * Every account keeps its address until the link sent to the new one is opened (decision
   * 077): an address is never claimed without its link, verified account or not.
   */
  async changeEmail(email: string, headers: Headers): Promise<{ message: string }> {
    const user = await this.requireUser(headers);
    const newEmail = emailKey(email);
    if (newEmail === user.email.toLowerCase()) {
      return { message: 'That is already your email.' };
    }
    const refused = 'We could not change your email to that address.';
    await refusedAs(
      () => this.auth.api.changeEmail({ body: { newEmail }, headers }),
      () => new ApiError(422, 'VALIDATION_FAILED', refused, { email: refused }),
    );
    return { message: `We have sent a link to ${newEmail}. Your email changes once you open it.` };
  }

  async changePassword(
    input: { currentPassword: string; newPassword: string },
    caller: Caller,
  ): Promise<WithCookies<{ message: string }>> {
    const user = await this.requireUser(caller.headers);
    await this.limiter.hit([
      { key: `change-password:user:${user.id}`, limit: LIMITS.changePasswordPerUser },
    ]);
    const problem = passwordProblem(input.newPassword, { email: user.email });
    if (problem) {
      throw new ApiError(422, 'VALIDATION_FAILED', problem, { newPassword: problem });
    }
    const wrong = 'Your current password is not right.';
    const { headers } = await refusedAs(
      () =>
        this.auth.api.changePassword({
          body: { ...input, revokeOtherSessions: true },
          headers: caller.headers,
          returnHeaders: true,
        }),
      () => new ApiError(403, 'WRONG_PASSWORD', wrong, { currentPassword: wrong }),
    );
    return {
      result: { message: 'Your password has been changed. Other devices have been signed out.' },
      cookies: setCookiesOf(headers),
    };
  }

  /** Opens an emailed verification link; the account is identified by the link itself. */
  async verifyEmail(token: string, headers: Headers): Promise<SessionUser | null> {
    await refusedAs(
      () => this.auth.api.verifyEmail({ query: { token }, headers }),
      () =>
        new ApiError(
          410,
          'VERIFY_LINK_INVALID',
          'This link has expired or is not valid. Sign in and ask for a new one from your account.',
        ),
    );
    return this.currentUser(headers);
  }

  async resendVerification(caller: Caller): Promise<void> {
    const user = await this.requireUser(caller.headers);
    await this.limiter.hit([
      { key: `verify-resend:user:${user.id}`, limit: LIMITS.verifyResendPerUser },
    ]);
    if (user.emailVerified) return;
    await this.auth.api.sendVerificationEmail({
      body: { email: user.email },
      headers: caller.headers,
    });
  }

  private async requireUser(headers: Headers): Promise<AuthUser> {
    const session = await this.sessionOf(headers);
    if (!session) throw SIGNED_OUT();
    return session.user;
  }
}

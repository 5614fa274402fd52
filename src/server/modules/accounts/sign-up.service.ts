import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  signUpResentMessage,
  signUpSentMessage,
  type SessionUser,
} from '#src/domain/accounts.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Limit, RateLimiter } from '../../http/rate-limiter.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { MailDeps } from '../email/index.js';
import { toSessionUser } from './accounts.service.js';
import type { Auth } from './auth.js';
import { passwordProblem } from './password-rule.js';
import { forgetPreviousHolder } from './previous-holder.js';
import { resendSignUpLinkJob } from './jobs/resend-sign-up-link.job.js';

/** A sign-up link works once, for this long (decision 077). */
export const SIGN_UP_LINK_SECONDS = 60 * 60;
/** The recurring job that deletes sign-ups whose link has expired (background.ts keeps it). */
export const PURGE_EXPIRED_SIGN_UPS_JOB = 'purge-expired-sign-ups';
/** How often it runs. */
export const SIGN_UP_PURGE_INTERVAL_MS = 60 * 60_000;

const MINUTE = 60;
export const SIGN_UP_LIMITS = {
  /** Sign-ups per address, new or not (the same 429 either way: it tells nothing). */
  signUpPerEmail: { max: 5, windowSeconds: 60 * MINUTE },
  /** "Someone tried to create an account" emails to one existing account. */
  existingNoticePerEmail: { max: 2, windowSeconds: 60 * MINUTE },
  /** Passwords tried on one sign-up link opened in another browser. */
  passwordPerLink: { max: 5, windowSeconds: 60 * MINUTE },
} satisfies Record<string, Limit>;

interface PendingRow {
  token_hash: string;
  email: string;
  name: string;
  password_hash: string;
  guest_hash: string | null;
}

export interface SignUpDeps {
  auth: Auth;
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  mail: MailDeps;
  /** Runs "Resend the email" after its answer (resend-sign-up-link.job.ts). */
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  siteUrl: string;
  /** Signs the session cookie as better-auth does (the same secret). */
  secret: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const emailKey = (email: string) => email.trim().toLowerCase();

const linkInvalid = () =>
  new ApiError(410, 'SIGN_UP_LINK_INVALID', ACCOUNT_MESSAGES.signUpLinkInvalid);

/** 422 with the password rule's message for the field that carries the new password. */
export function passwordRefused(message: string, field = 'password'): ApiError {
  return new ApiError(422, 'VALIDATION_FAILED', message, { [field]: message });
}

/**
 * Sign-up by emailed link (docs/accounts.md, decision 077). Starting a sign-up answers the same
 * for every address and writes nothing to `users`: a new address gets a single-use link, an
 * address with an account gets a notice instead. The link creates the account (email verified)
 * and signs in; opened in a browser other than the one that signed up, it first asks for the
 * password chosen at sign-up, so whoever signs up with someone else's address cannot end up
 * holding an account that person later uses.
 */
export class SignUpService {
  constructor(private readonly deps: SignUpDeps) {}

  /** Always the same answer (the 202 message); `guestHash` is the signing-up browser's. */
  async start(
    input: { name: string; email: string; password: string },
    guestHash: string | null,
  ): Promise<{ message: string }> {
    const email = emailKey(input.email);
    const problem = passwordProblem(input.password, { email, name: input.name });
    if (problem) throw passwordRefused(problem);
    await this.deps.limiter.hit([
      { key: `sign-up:email:${email}`, limit: SIGN_UP_LIMITS.signUpPerEmail },
    ]);
    const ctx = await this.deps.auth.$context;
    // Hashed whether or not the address has an account: the answer takes as long either way.
    const passwordHash = await ctx.password.hash(input.password);
    const found = await ctx.internalAdapter.findUserByEmail(email);
    // Signing up again in this browser with another address ("Change email") replaces the
    // earlier sign-up: its link stops working (decision 108).
    if (guestHash !== null) {
      await this.deps.database.query(
        `DELETE FROM pending_sign_ups WHERE guest_hash = $1 AND email <> $2`,
        [guestHash, email],
      );
    }
    if (found?.user.emailVerified) {
      await this.sendExistingAccountNotice(email);
    } else {
      // A new address, or one held by an account whose email was never verified (made before
      // sign-up by link): the link decides (confirm below).
      await this.sendLink({ email, name: input.name.trim(), passwordHash, guestHash });
    }
    return { message: signUpSentMessage(email) };
  }

  /**
   * "Resend the email" (decision 108): counted as a sign-up of the address, answered the same
   * for every address; what is sent is decided by a job (`resend`), so the answer takes as long
   * whether or not the address has an account or a sign-up waiting.
   */
  async requestResend(input: { email: string }, guestHash: string | null) {
    const email = emailKey(input.email);
    await this.deps.limiter.hit([
      { key: `sign-up:email:${email}`, limit: SIGN_UP_LIMITS.signUpPerEmail },
    ]);
    const requestId = randomBytes(16).toString('base64url');
    await this.deps.database.transaction((tx) =>
      this.deps.jobs.enqueue(tx, resendSignUpLinkJob, { email, guestHash, requestId }),
    );
    this.deps.jobs.wake();
    return { message: signUpResentMessage(email) };
  }

  /**
   * Sends a sign-up's email again: the latest unfinished sign-up of `email` this browser started
   * gets a new link (a new row with the same name and password hash; the earlier link works
   * until its own hour is up), an address with a verified account the notice sign-up sends,
   * anything else nothing (the password is not known). Safe to run twice for one request
   * (`requestId`): its link's token is derived from it, so a second run adds no second link or
   * email. Returns what was sent.
   */
  async resend(
    email: string,
    guestHash: string | null,
    requestId: string,
  ): Promise<'link' | 'notice' | 'nothing'> {
    const [pending] =
      guestHash === null
        ? []
        : await this.deps.database.query<Omit<PendingRow, 'token_hash'>>(
            `SELECT email, name, password_hash, guest_hash FROM pending_sign_ups
              WHERE email = $1 AND guest_hash = $2 AND used_at IS NULL AND expires_at > $3
              ORDER BY created_at DESC LIMIT 1`,
            [email, guestHash, this.deps.clock.now()],
          );
    const ctx = await this.deps.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    if (found?.user.emailVerified) {
      return (await this.sendExistingAccountNotice(email, requestId)) ? 'notice' : 'nothing';
    }
    if (!pending) return 'nothing';
    await this.sendLink({
      email,
      name: pending.name,
      passwordHash: pending.password_hash,
      guestHash: pending.guest_hash,
      token: createHmac('sha256', this.deps.secret)
        .update(`sign-up-resend:${requestId}`)
        .digest('base64url'),
    });
    return 'link';
  }

  /** The owner of an existing account is told, at most a few times an hour; false if not. */
  private async sendExistingAccountNotice(
    email: string,
    requestId = randomBytes(16).toString('base64url'),
  ): Promise<boolean> {
    const { attempts } = await this.deps.limiter.increment(
      `sign-up-notice:email:${email}`,
      SIGN_UP_LIMITS.existingNoticePerEmail.windowSeconds,
    );
    if (attempts > SIGN_UP_LIMITS.existingNoticePerEmail.max) return false;
    const site = new URL(this.deps.siteUrl).origin;
    await this.deps.database.transaction((tx) =>
      this.deps.mail.emails.sendTo(tx, 'sign-up-existing-account', {
        email,
        signInUrl: `${site}/login`,
        resetUrl: `${site}/login/forgotten-password`,
        requestId,
      }),
    );
    this.deps.mail.worker.wake();
    return true;
  }

  /** A pending sign-up with a new single-use link, emailed in the same transaction. */
  private async sendLink(input: {
    email: string;
    name: string;
    passwordHash: string;
    guestHash: string | null;
    /** Given when a run again must make the same link; random otherwise. */
    token?: string;
  }): Promise<void> {
    const token = input.token ?? randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    const now = this.deps.clock.now();
    const site = new URL(this.deps.siteUrl).origin;
    await this.deps.database.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO pending_sign_ups
           (token_hash, email, name, password_hash, guest_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (token_hash) DO NOTHING`,
        [
          tokenHash,
          input.email,
          input.name,
          input.passwordHash,
          input.guestHash,
          now,
          new Date(now.getTime() + SIGN_UP_LINK_SECONDS * 1000),
        ],
      );
      await this.deps.mail.emails.sendTo(tx, 'sign-up-link', {
        email: input.email,
        url: `${site}/signup/confirm?token=${encodeURIComponent(token)}`,
        requestId: tokenHash,
      });
    });
    this.deps.mail.worker.wake();
  }

  /**
   * Deletes the sign-ups whose link has expired: a name, an address and a password hash kept
   * for nobody. Returns how many.
   */
  async purgeExpired(): Promise<number> {
    const rows = await this.deps.database.query(
      `DELETE FROM pending_sign_ups WHERE expires_at <= $1 RETURNING token_hash`,
      [this.deps.clock.now()],
    );
    return rows.length;
  }

  /**
   * Opens a sign-up link: creates the account with its email verified (or takes over an
   * unverified account of that address, see docs/accounts.md) and signs in. `guestHash` is the
   * opening browser's guest session: the signing-up browser's finishes at once, any other must
   * give the password chosen at sign-up. The link is used once.
   */
  async confirm(
    input: { token: string; password?: string | undefined },
    guestHash: string | null,
  ): Promise<{ user: SessionUser; cookies: string[]; signUpGuestHash: string | null }> {
    const tokenHash = sha256(input.token);
    const now = this.deps.clock.now();
    const [row] = await this.deps.database.query<PendingRow>(
      `SELECT token_hash, email, name, password_hash, guest_hash FROM pending_sign_ups
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [tokenHash, now],
    );
    if (!row) throw linkInvalid();
    const ctx = await this.deps.auth.$context;
    const sameBrowser = guestHash !== null && row.guest_hash === guestHash;
    if (!sameBrowser) {
      if (input.password === undefined || input.password === '') {
        throw new ApiError(403, 'SIGN_UP_PASSWORD_NEEDED', ACCOUNT_MESSAGES.signUpPasswordNeeded, {
          password: ACCOUNT_MESSAGES.signUpPasswordNeeded,
        });
      }
      await this.deps.limiter.hit([
        { key: `sign-up-confirm:${tokenHash}`, limit: SIGN_UP_LIMITS.passwordPerLink },
      ]);
      const right = await ctx.password.verify({
        hash: row.password_hash,
        password: input.password,
      });
      if (!right) {
        throw new ApiError(403, 'SIGN_UP_PASSWORD_WRONG', ACCOUNT_MESSAGES.signUpPasswordWrong, {
          password: ACCOUNT_MESSAGES.signUpPasswordWrong,
        });
      }
    }
    const claimed = await this.deps.database.query(
      `UPDATE pending_sign_ups SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL
       RETURNING token_hash`,
      [tokenHash, now],
    );
    if (claimed.length === 0) throw linkInvalid();

    const userId = await this.accountFor(ctx, row);
    // The other links of this address (someone else's attempt, an earlier one) stop working.
    await this.deps.database.query(`DELETE FROM pending_sign_ups WHERE email = $1`, [row.email]);
    const user = await ctx.internalAdapter.findUserById(userId);
    if (!user) throw linkInvalid();
    const session = await ctx.internalAdapter.createSession(userId, false);
    const cookie = ctx.authCookies.sessionToken;
    const signature = createHmac('sha256', this.deps.secret).update(session.token).digest('base64');
    const attributes = cookie.attributes;
    const parts = [
      `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
      `Max-Age=${ctx.sessionConfig.expiresIn}`,
      `Path=${attributes.path ?? '/'}`,
      'HttpOnly',
      ...(attributes.secure ? ['Secure'] : []),
      'SameSite=Lax',
    ];
    return {
      user: toSessionUser(user),
      cookies: [parts.join('; ')],
      signUpGuestHash: row.guest_hash,
    };
  }

  /**
   * The account the opened link is for: an unverified account of the address taken over, or a
   * new one, its email verified and its password the one chosen at sign-up.
   */
  private async accountFor(ctx: Awaited<Auth['$context']>, row: PendingRow): Promise<string> {
    const found = await ctx.internalAdapter.findUserByEmail(row.email, { includeAccounts: true });
    // Verified meanwhile (another of its links was opened first): this one creates nothing.
    if (found?.user.emailVerified) throw linkInvalid();
    let userId: string;
    if (found) {
      // An account made before sign-up by link, its email never verified: whoever proved the
      // address takes it over. Its password is replaced; whoever held it keeps no session,
      // second factor or pending sign-in.
      userId = found.user.id;
      await ctx.internalAdapter.updateUser(userId, { emailVerified: true, name: row.name });
      if (found.accounts.some((a) => a.providerId === 'credential')) {
        await ctx.internalAdapter.updatePassword(userId, row.password_hash);
      } else {
        await ctx.internalAdapter.linkAccount({
          userId,
          providerId: 'credential',
          accountId: userId,
          password: row.password_hash,
        });
      }
      await forgetPreviousHolder(this.deps.auth, userId);
    } else {
      // Two links of one address opened at once: the second to create the account meets the
      // unique email and is answered as a spent link, never a 500.
      const user = await ctx.internalAdapter
        .createUser({ email: row.email, name: row.name, emailVerified: true }, { method: 'email' })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw linkInvalid();
          throw error;
        });
      userId = user.id;
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: row.password_hash,
      });
    }
    return userId;
  }
}

/** A unique constraint refused the write (SQLSTATE 23505), however the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

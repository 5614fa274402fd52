import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import type { SessionUser } from '#src/domain/accounts.js';
import type { Enrolment } from '#src/domain/api/two-factor.js';
import { TWO_FACTOR_MESSAGES } from '#src/domain/two-factor.js';
import { ApiError } from '../../http/errors.js';
import {
  setCookiesOf,
  toSessionUser,
  type AccountsService,
  type Caller,
  type WithCookies,
} from './accounts.service.js';
import type { Auth } from './auth.js';
import type { SignInGuard } from './sign-in-guard.js';
import type { TotpSteps } from './totp-steps.js';

/**
 * The value of the cookie with exactly this name: the first one, as the plugin's own cookie
 * parser reads it. The name is not signed, so reading another spelling (with or without
 * `__Secure-`) than the plugin reads would let a request name one account to us and another
 * to the plugin.
 */
function cookieNamed(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

const codeOf = (error: unknown): string | undefined =>
  isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;

const SIGNED_OUT = () => new ApiError(401, 'SIGNED_OUT', 'Please sign in to see your account.');
const PENDING_EXPIRED = () =>
  new ApiError(401, 'SIGN_IN_EXPIRED', TWO_FACTOR_MESSAGES.pendingExpired);
const WRONG_PASSWORD = () =>
  new ApiError(403, 'WRONG_PASSWORD', TWO_FACTOR_MESSAGES.wrongPassword, {
    password: TWO_FACTOR_MESSAGES.wrongPassword,
  });
const CODE_WRONG_FIELD = () =>
  new ApiError(422, 'TWO_FACTOR_CODE_WRONG', TWO_FACTOR_MESSAGES.codeWrong, {
    code: TWO_FACTOR_MESSAGES.codeWrong,
  });
const CODE_USED_FIELD = () =>
  new ApiError(422, 'TWO_FACTOR_CODE_WRONG', TWO_FACTOR_MESSAGES.codeUsed, {
    code: TWO_FACTOR_MESSAGES.codeUsed,
  });
const NOT_ON = () => new ApiError(409, 'TWO_FACTOR_NOT_ON', TWO_FACTOR_MESSAGES.notOn);
/** A code of a time step the account has used already (totp-steps.ts): refused, and counted. */
class CodeUsed extends Error {}
const isCodeUsed = (error: unknown) => error instanceof CodeUsed;

/**
 * Two-step sign-in on better-auth's two-factor plugin (auth.ts, decision 074): the second step
 * of signing in, and the account's own setup. Every wrong code or password here counts like a
 * wrong sign-in password, by account and address (sign-in-guard.ts, decision 075).
 */
export class TwoFactorService {
  private readonly auth: Auth;
  private readonly guard: SignInGuard;

  constructor(
    private readonly accounts: AccountsService,
    private readonly steps: TotpSteps,
  ) {
    this.auth = accounts.auth;
    this.guard = accounts.signInGuard;
  }

  /**
   * The plugin's check of a code from the app, after the code's time step is taken for the
   * account (decision 115): a code of a step used already is refused before the plugin sees it,
   * so a code works once, even sent twice at the same moment.
   */
  private async onceThen<T>(userId: string, code: string, verify: () => Promise<T>): Promise<T> {
    const step = await this.steps.stepOf(userId, code);
    // A code of no step in the window: the plugin refuses it as wrong.
    if (step !== undefined && !(await this.steps.claim(userId, step))) throw new CodeUsed();
    return verify();
  }

  /** Finishes a sign-in the password started, with a code from the app or a recovery code. */
  async finishSignIn(
    input: { method: 'app' | 'recovery'; code: string },
    caller: Caller,
  ): Promise<WithCookies<SessionUser>> {
    const userId = await this.pendingUserId(caller.headers);
    if (!userId) throw PENDING_EXPIRED();
    try {
      return await this.guarded(
        userId,
        caller,
        async () => {
          const body = { code: input.code };
          const { headers, response } =
            input.method === 'app'
              ? await this.onceThen(userId, input.code, () =>
                  this.auth.api.verifyTOTP({
                    body,
                    headers: caller.headers,
                    returnHeaders: true,
                  }),
                )
              : await this.auth.api.verifyBackupCode({
                  body,
                  headers: caller.headers,
                  returnHeaders: true,
                });
          const user = toSessionUser(response.user);
          const cookies = setCookiesOf(headers);
          return {
            result: user,
            cookies:
              user.role === 'admin' ? this.accounts.sessions.capSessionCookie(cookies) : cookies,
          };
        },
        (error) => {
          if (isCodeUsed(error)) {
            return new ApiError(401, 'TWO_FACTOR_CODE_WRONG', TWO_FACTOR_MESSAGES.codeUsed, {
              code: TWO_FACTOR_MESSAGES.codeUsed,
            });
          }
          const code = codeOf(error);
          if (code !== 'INVALID_CODE' && code !== 'INVALID_BACKUP_CODE') return undefined;
          const message =
            input.method === 'app'
              ? TWO_FACTOR_MESSAGES.codeWrong
              : TWO_FACTOR_MESSAGES.recoveryCodeWrong;
          return new ApiError(401, 'TWO_FACTOR_CODE_WRONG', message, { code: message });
        },
      );
    } catch (error) {
      // No pending sign-in, an expired one, or one whose five tries are spent: start again.
      if (!(error instanceof ApiError) && isAPIError(error) && error.statusCode < 500) {
        throw PENDING_EXPIRED();
      }
      throw error;
    }
  }

  /**
   * Starts setting up (or starts again an unconfirmed setup): a new secret and recovery codes.
   * Nothing changes at sign-in until `confirm`.
   */
  async start(password: string, caller: Caller): Promise<Enrolment> {
    const user = await this.requireUser(caller.headers);
    if (user.twoFactorEnabled) {
      throw new ApiError(409, 'TWO_FACTOR_ALREADY_ON', TWO_FACTOR_MESSAGES.alreadyOn);
    }
    const reply = await this.withPassword(user.id, caller, () =>
      this.auth.api.enableTwoFactor({ body: { password }, headers: caller.headers }),
    );
    if (reply.method !== 'totp' || !reply.totpURI || !reply.backupCodes) {
      throw new Error('the two-factor plugin did not return an authenticator secret');
    }
    const secret = new URL(reply.totpURI).searchParams.get('secret');
    if (!secret) throw new Error('the otpauth URI has no secret');
    return { otpauthUri: reply.totpURI, secret, recoveryCodes: reply.backupCodes };
  }

  /** Confirms the setup with a first code: two-step sign-in is on; the session is renewed. */
  async confirm(code: string, caller: Caller): Promise<WithCookies<SessionUser>> {
    const user = await this.requireUser(caller.headers);
    if (user.twoFactorEnabled) {
      throw new ApiError(409, 'TWO_FACTOR_ALREADY_ON', TWO_FACTOR_MESSAGES.alreadyOn);
    }
    try {
      const { headers } = await this.onceThen(user.id, code, () =>
        this.auth.api.verifyTOTP({
          body: { code },
          headers: caller.headers,
          returnHeaders: true,
        }),
      );
      const cookies = setCookiesOf(headers);
      const renewed = await this.sessionAfter(caller.headers, cookies);
      // Every other session of the account began with the password alone (another device, or
      // someone else who had the password): it ends now, so none outlives the switch, and none
      // reaches the console, which asks only whether the account has the second factor.
      const ctx = await this.auth.$context;
      for (const other of await ctx.internalAdapter.listSessions(renewed.user.id)) {
        if (other.token !== renewed.token) await ctx.internalAdapter.deleteSession(other.token);
      }
      return { result: renewed.user, cookies };
    } catch (error) {
      if (isCodeUsed(error)) throw CODE_USED_FIELD();
      const errorCode = codeOf(error);
      if (errorCode === 'INVALID_CODE') throw CODE_WRONG_FIELD();
      if (errorCode === 'TOTP_NOT_ENABLED') {
        throw new ApiError(409, 'TWO_FACTOR_NOT_STARTED', TWO_FACTOR_MESSAGES.notStarted);
      }
      throw error;
    }
  }

  /** Ten new recovery codes replace the earlier ones. */
  async newRecoveryCodes(password: string, caller: Caller): Promise<string[]> {
    const user = await this.requireUser(caller.headers);
    if (!user.twoFactorEnabled) throw NOT_ON();
    const reply = await this.withPassword(user.id, caller, () =>
      this.auth.api.generateBackupCodes({ body: { password }, headers: caller.headers }),
    );
    return reply.backupCodes;
  }

  /** Turns it off with the password and a current code; never for an operator. */
  async turnOff(
    input: { password: string; code: string },
    caller: Caller,
  ): Promise<WithCookies<SessionUser>> {
    const user = await this.requireUser(caller.headers);
    if (user.role === 'admin') {
      throw new ApiError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_MESSAGES.operatorsKeepIt);
    }
    if (!user.twoFactorEnabled) throw NOT_ON();
    await this.guarded(
      user.id,
      caller,
      () =>
        this.onceThen(user.id, input.code, () =>
          this.auth.api.verifyTOTP({ body: { code: input.code }, headers: caller.headers }),
        ),
      (error) => {
        if (isCodeUsed(error)) return CODE_USED_FIELD();
        return codeOf(error) === 'INVALID_CODE' ? CODE_WRONG_FIELD() : undefined;
      },
    );
    const { headers } = await this.withPassword(user.id, caller, () =>
      this.auth.api.disableTwoFactor({
        body: { password: input.password },
        headers: caller.headers,
        returnHeaders: true,
      }),
    );
    const cookies = setCookiesOf(headers);
    return { result: await this.userAfter(caller.headers, cookies), cookies };
  }

  /** Runs a call that checks the password; a wrong one counts and answers 403 WRONG_PASSWORD. */
  private withPassword<T>(userId: string, caller: Caller, call: () => Promise<T>): Promise<T> {
    return this.guarded(userId, caller, call, (error) =>
      codeOf(error) === 'INVALID_PASSWORD' ? WRONG_PASSWORD() : undefined,
    );
  }

  /**
   * Runs a call that checks a password or a code, counted by the sign-in guard before it runs
   * (sign-in-guard.ts): `wrong` names the refusal for a wrong guess, which stays counted; any
   * other outcome (a success, a failure on our side) is released.
   */
  private async guarded<T>(
    userId: string,
    caller: Caller,
    call: () => Promise<T>,
    wrong: (error: unknown) => ApiError | undefined,
  ): Promise<T> {
    const account = `user:${userId}` as const;
    await this.guard.check(account, caller.ip);
    let refusal: ApiError | undefined;
    try {
      return await call();
    } catch (error) {
      refusal = wrong(error);
      throw refusal ?? error;
    } finally {
      if (!refusal) await this.guard.release(account, caller.ip);
      else await this.guard.failed(account);
    }
  }

  /** The account as the renewed session cookie (set by the plugin) now shows it. */
  private async userAfter(headers: Headers, cookies: string[]): Promise<SessionUser> {
    return (await this.sessionAfter(headers, cookies)).user;
  }

  /** The renewed session (set by the plugin): its account and its token. */
  private async sessionAfter(
    headers: Headers,
    cookies: string[],
  ): Promise<{ user: SessionUser; token: string }> {
    const renewed = new Headers(headers);
    const fresh = cookies
      .map((cookie) => cookie.split(';')[0] ?? '')
      .filter((pair) => pair.includes('.session_token='));
    if (fresh.length > 0) renewed.set('cookie', fresh.join('; '));
    const session = await this.auth.api.getSession({ headers: renewed });
    if (!session) throw SIGNED_OUT();
    return { user: toSessionUser(session.user), token: session.session.token };
  }

  private async requireUser(headers: Headers): Promise<SessionUser> {
    const session = await this.accounts.sessionOf(headers);
    if (!session) throw SIGNED_OUT();
    return toSessionUser(session.user);
  }

  /**
   * The account of the pending sign-in this browser holds: its cookie's signature checked as the
   * plugin checks it, then the plugin's own record of it (so failures are counted on that account
   * before the plugin is asked). Null when there is none, or it has expired.
   */
  private async pendingUserId(headers: Headers): Promise<string | null> {
    const ctx = await this.auth.$context;
    const raw = cookieNamed(headers.get('cookie') ?? '', ctx.createAuthCookie('two_factor').name);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const identifier = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', ctx.secret).update(identifier).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const pending = await ctx.internalAdapter.findVerificationValue(identifier);
    if (!pending || new Date(pending.expiresAt).getTime() <= Date.now()) return null;
    return pending.value;
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import {
  changeEmail,
  changeName,
  changePassword,
  getAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '#src/domain/api/accounts.js';
import { getSession, signIn, signOut } from '#src/domain/api/session.js';
import type { ApiRoute } from '#src/domain/api/route.js';
import { addRoute, NO_STORE, type RouteHandler, type RouteOptions } from '../../http/route.js';
import type { RouteRateLimit } from '../../http/rate-limiter.js';
import type { AccountsService, Caller } from './accounts.service.js';

/** The caller of a request: its headers as the auth library reads them, and its address. */
export function callerOf(request: FastifyRequest): Caller {
  return { headers: fromNodeHeaders(request.headers), ip: request.ip };
}

export function setCookies(reply: FastifyReply, cookies: readonly string[]) {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

/**
 * Hooks other modules add to sign-in and sign-out (orders: link this browser's orders and
 * replace its guest session, decision 078).
 */
export interface AccountEvents {
  signedIn(userId: string, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  signedOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function accountsRoutes(accounts: AccountsService, events?: AccountEvents) {
  return async function register(app: FastifyInstance) {
    // Every state-changing account route counts against a per-address limit (docs/accounts.md).
    const LIMITED: Partial<Record<string, RouteRateLimit>> = {
      [signIn.path + signIn.method]: 'signIn',
      [requestPasswordReset.path + requestPasswordReset.method]: 'passwordResets',
      [resetPassword.path + resetPassword.method]: 'passwordResets',
    };
    const add = <R extends ApiRoute>(route: R, handler: RouteHandler<R>): void => {
      // Reading and signing out are never limited.
      const limit =
        LIMITED[route.path + route.method] ??
        (route.method === 'GET' || route.method === 'DELETE' ? undefined : 'account');
      const options: RouteOptions = { ...NO_STORE, ...(limit ? { rateLimit: limit } : {}) };
      addRoute(app, route, handler, options);
    };

    add(getSession, async (request) => ({
      user: await accounts.currentUser(callerOf(request).headers),
    }));

    add(signIn, async (request, reply) => {
      const { result, cookies } = await accounts.signIn(request.body, callerOf(request));
      setCookies(reply, cookies);
      // With two-step sign-in the account is signed in by the second step (two-factor.routes.ts).
      if (result.user) await events?.signedIn(result.user.id, request, reply);
      return result;
    });

    add(signOut, async (request, reply) => {
      setCookies(reply, await accounts.signOut(callerOf(request)));
      await events?.signedOut(request, reply);
      return { user: null };
    });

    add(requestPasswordReset, async (request) => {
      await accounts.requestPasswordReset(request.body.email);
      return { message: ACCOUNT_MESSAGES.resetSent };
    });

    add(resetPassword, async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    });

    add(getAccount, async (request) => accounts.account(callerOf(request).headers));
    add(changeName, async (request) =>
      accounts.changeName(request.body.name, callerOf(request).headers),
    );
    add(changeEmail, async (request) =>
      accounts.changeEmail(request.body.email, callerOf(request).headers),
    );
    add(changePassword, async (request, reply) => {
      const { result, cookies } = await accounts.changePassword(request.body, callerOf(request));
      setCookies(reply, cookies);
      return result;
    });
    add(verifyEmail, async (request) => ({
      user: await accounts.verifyEmail(request.body.token, callerOf(request).headers),
    }));
    add(resendVerification, async (request) => {
      await accounts.resendVerification(callerOf(request));
      return { message: 'We have sent the link again. It works for an hour.' };
    });
  };
}

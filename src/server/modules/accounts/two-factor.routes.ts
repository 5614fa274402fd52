import type { FastifyInstance } from 'fastify';
import {
  confirmTwoFactor,
  finishSignIn,
  newRecoveryCodes,
  startTwoFactor,
  turnOffTwoFactor,
} from '#src/domain/api/two-factor.js';
import { addRoute, NO_STORE } from '../../http/route.js';
import { callerOf, setCookies, type AccountEvents } from './accounts.routes.js';
import type { TwoFactorService } from './two-factor.service.js';

/**
 * Two-step sign-in's routes (docs/accounts.md): the second step of signing in counts under the
 * sign-in limit per address, the account's routes under the account limit; wrong codes and
 * passwords are counted by account and address besides (decision 075).
 */
export function twoFactorRoutes(twoFactor: TwoFactorService, events?: AccountEvents) {
  return async function register(app: FastifyInstance) {
    addRoute(
      app,
      finishSignIn,
      async (request, reply) => {
        const { result, cookies } = await twoFactor.finishSignIn(request.body, callerOf(request));
        setCookies(reply, cookies);
        await events?.signedIn(result.id, request, reply);
        return { user: result };
      },
      { ...NO_STORE, rateLimit: 'signIn' },
    );
    addRoute(
      app,
      startTwoFactor,
      async (request) => twoFactor.start(request.body.password, callerOf(request)),
      { ...NO_STORE, rateLimit: 'account' },
    );
    addRoute(
      app,
      confirmTwoFactor,
      async (request, reply) => {
        const { result, cookies } = await twoFactor.confirm(request.body.code, callerOf(request));
        setCookies(reply, cookies);
        return { user: result };
      },
      { ...NO_STORE, rateLimit: 'account' },
    );
    addRoute(
      app,
      newRecoveryCodes,
      async (request) => ({
        recoveryCodes: await twoFactor.newRecoveryCodes(request.body.password, callerOf(request)),
      }),
      { ...NO_STORE, rateLimit: 'account' },
    );
    addRoute(
      app,
      turnOffTwoFactor,
      async (request, reply) => {
        const { result, cookies } = await twoFactor.turnOff(request.body, callerOf(request));
        setCookies(reply, cookies);
        return { user: result };
      },
      { ...NO_STORE, rateLimit: 'account' },
    );
  };
}

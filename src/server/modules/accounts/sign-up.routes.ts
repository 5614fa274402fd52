import type { FastifyInstance } from 'fastify';
import { confirmSignUp, resendSignUp, signUp } from '#src/domain/api/accounts.js';
import { addRoute, NO_STORE } from '../../http/route.js';
import type { OrderAccess } from '../orders/index.js';
import type { SignUpService } from './sign-up.service.js';
import { setCookies } from './accounts.routes.js';

/**
 * Sign-up by emailed link (sign-up.service.ts). The signing-up browser is known by its guest
 * session (server-issued, decision 078), given one here if it has none yet.
 */
export function signUpRoutes(signUps: SignUpService, access: OrderAccess) {
  return async function register(app: FastifyInstance) {
    addRoute(
      app,
      signUp,
      async (request, reply) => {
        const guestHash = access.ensureGuest(request, reply);
        return signUps.start(request.body, guestHash);
      },
      { ...NO_STORE, rateLimit: 'signUp' },
    );

    addRoute(
      app,
      resendSignUp,
      // Only the browser that signed up has a sign-up to send again: it is known by its guest
      // session, which a browser without one cannot name.
      async (request) => signUps.requestResend(request.body, access.guestHashOf(request)),
      { ...NO_STORE, rateLimit: 'signUp' },
    );

    addRoute(
      app,
      confirmSignUp,
      async (request, reply) => {
        const { user, cookies, signUpGuestHash } = await signUps.confirm(
          request.body,
          access.guestHashOf(request),
        );
        setCookies(reply, cookies);
        // The signing-up browser's guest orders, and this browser's (as at sign-in), are the
        // account's now; this browser's guest session is replaced (decision 078).
        await access.linkGuestOrders(user.id, signUpGuestHash);
        await access.linkGuestOrders(user.id, access.guestHashOf(request));
        await access.rotateGuest(request, reply, 'sign-in');
        return { user };
      },
      { ...NO_STORE, rateLimit: 'account' },
    );
  };
}

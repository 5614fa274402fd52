import type { FastifyInstance } from 'fastify';
import { acceptOperatorInvitation } from '#src/domain/api/accounts.js';
import { addRoute, NO_STORE } from '../../http/route.js';
import type { OperatorAccounts } from './operator-accounts.js';

/** The one public route of operator accounts: the emailed invitation's link. */
export function operatorAccountsRoutes(operators: OperatorAccounts) {
  return async function register(app: FastifyInstance) {
    // Guessing a token is limited like a password reset (per address).
    addRoute(
      app,
      acceptOperatorInvitation,
      async (request) => {
        const { email } = await operators.acceptInvitation(
          request.body.token,
          request.body.password,
        );
        return {
          message: `${email} is now a BoxAbroad operator. Sign in with your new password.`,
        };
      },
      { ...NO_STORE, rateLimit: 'passwordResets' },
    );
  };
}

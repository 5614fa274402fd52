import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '#src/domain/accounts.js';
import { ADMIN_MESSAGES } from '#src/domain/api/admin/console.js';
import { ApiError } from '../../http/errors.js';
import { signedInRule, signedInUser, type AccessRule } from '../../http/access.js';

/** The operator behind an admin request: the rule below has checked the role. */
export interface Operator {
  id: string;
  email: string;
  name: string;
}

/**
 * The `operator` access rule (http/access.ts), on every route declared for operators and on
 * unknown paths under /api/v1/admin/: 401 without a session, 403 `NOT_AN_ADMIN` for a customer,
 * 403 `TWO_FACTOR_REQUIRED` for an operator whose account has no second factor (decision 074),
 * decided on the session's user before the body is read.
 */
export function operatorRule(
  currentUser: (headers: Headers) => Promise<SessionUser | null>,
): AccessRule {
  return signedInRule(currentUser, {
    signedOutMessage: ADMIN_MESSAGES.signedOut,
    refuse: (user) => {
      if (user.role !== 'admin') return new ApiError(403, 'NOT_AN_ADMIN', ADMIN_MESSAGES.notAdmin);
      if (!user.twoFactorEnabled) {
        return new ApiError(403, 'TWO_FACTOR_REQUIRED', ADMIN_MESSAGES.twoFactorRequired);
      }
      return null;
    },
  });
}

/** The operator of a request the rule let through; throws on any other request. */
export function operatorOf(request: FastifyRequest): Operator {
  const user = signedInUser(request);
  if (user.role !== 'admin' || !user.twoFactorEnabled) {
    throw new Error('operatorOf() outside an operator route');
  }
  return { id: user.id, email: user.email, name: user.name };
}

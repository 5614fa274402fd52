import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '../../../domain/accounts.js';
import { ADMIN_API_PREFIX, ADMIN_MESSAGES } from '../../../domain/api/admin.js';
import { ApiError } from '../../http/errors.js';

/** The operator behind an admin request: the guard below has checked the role. */
export interface Operator {
  id: string;
  email: string;
  name: string;
}

const OPERATOR = Symbol('operator');
type WithOperator = FastifyRequest & { [OPERATOR]?: Operator };

/**
 * The one guard on every /api/v1/admin/* request (known routes and unknown paths alike), run
 * before the body is read: 401 without a session, 403 for a customer.
 */
export function registerAdminGuard(
  app: FastifyInstance,
  currentUser: (headers: Headers) => Promise<SessionUser | null>,
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(ADMIN_API_PREFIX)) return;
    const user = await currentUser(fromNodeHeaders(request.headers));
    if (!user) throw new ApiError(401, 'SIGNED_OUT', ADMIN_MESSAGES.signedOut);
    if (user.role !== 'admin') throw new ApiError(403, 'NOT_AN_ADMIN', ADMIN_MESSAGES.notAdmin);
    (request as WithOperator)[OPERATOR] = { id: user.id, email: user.email, name: user.name };
  });
}

/** The operator of a request the guard let through; throws on any other request. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = (request as WithOperator)[OPERATOR];
  if (!operator) throw new Error('operatorOf() outside an admin route');
  return operator;
}

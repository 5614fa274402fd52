import type { FastifyInstance } from 'fastify';
import { discardAdminMail, listAdminMail, retryAdminMail } from '#src/domain/api/admin/mail.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { OperatorMail } from './operator-mail.js';

/** The console's mail outbox (operators only, by declaration). */
export function operatorMailRoutes(mail: OperatorMail) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    add(listAdminMail, async (request) => mail.mail(request.query.filter));
    add(retryAdminMail, async (request) =>
      mail.retryMail(
        operatorOf(request),
        request.params.id,
        request.body.expected,
        request.body.mayArriveTwice === true,
      ),
    );
    add(discardAdminMail, async (request) =>
      mail.discardMail(operatorOf(request), request.params.id),
    );
  };
}

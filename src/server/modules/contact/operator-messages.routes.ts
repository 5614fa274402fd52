import type { FastifyInstance } from 'fastify';
import { listAdminMessages, markAdminMessage } from '#src/domain/api/admin/messages.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { OperatorMessages } from './operator-messages.js';

/** The console's contact messages (operators only, by declaration). */
export function operatorMessagesRoutes(messages: OperatorMessages) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    add(listAdminMessages, async (request) => messages.messages(request.query.filter));
    add(markAdminMessage, async (request) =>
      messages.markMessage(operatorOf(request), request.params.id, request.body.read),
    );
  };
}

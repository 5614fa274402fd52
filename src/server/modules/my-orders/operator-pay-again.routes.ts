import type { FastifyInstance } from 'fastify';
import { askAdminOrderPayAgain } from '#src/domain/api/admin/order-extras.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { OperatorPayAgain } from './operator-pay-again.js';

/** The console's "Ask the customer to try again" (operators only, by declaration). */
export function operatorPayAgainRoutes(payAgain: OperatorPayAgain) {
  return async function register(app: FastifyInstance) {
    routesOn(app, NO_STORE)(askAdminOrderPayAgain, async (request) =>
      payAgain.ask(operatorOf(request), request.params.id),
    );
  };
}

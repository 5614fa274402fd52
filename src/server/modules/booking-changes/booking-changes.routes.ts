import type { FastifyInstance } from 'fastify';
import {
  cancelAdminBooking,
  cancelBooking,
  changeCollectionContact,
  changeCollectionDate,
  confirmCoverRaise,
  getBookingChanges,
  raiseCover,
} from '#src/domain/api/booking-changes.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf, type AuditLog } from '../operator-actions/index.js';
import type { BookingChangesService } from './booking-changes.service.js';

/**
 * The routes that cancel or change a booking (docs/booking-changes.md); who may call each is in
 * its declaration: whoever may open the order, and operators for the console's cancel.
 */
export function bookingChangesRoutes(changes: BookingChangesService, audit: Pick<AuditLog, 'act'>) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    const customer = { kind: 'customer' } as const;

    add(getBookingChanges, async (request) => changes.view(request.params.id));
    add(cancelBooking, async (request, reply) => {
      await changes.cancel(request.params.id, customer, request.body.requestKey);
      reply.status(202);
      return changes.view(request.params.id);
    });
    add(changeCollectionDate, async (request) => {
      await changes.changeCollectionDate(request.params.id, customer, request.body);
      return changes.view(request.params.id);
    });
    add(changeCollectionContact, async (request) => {
      await changes.changeContact(request.params.id, customer, request.body);
      return changes.view(request.params.id);
    });
    add(raiseCover, async (request) =>
      changes.coverRaises.ask(request.params.id, customer, request.body),
    );
    add(confirmCoverRaise, async (request) => {
      await changes.coverRaises.confirm(request.params.id, request.body.changeId);
      return changes.view(request.params.id);
    });
    add(cancelAdminBooking, async (request, reply) => {
      const operator = operatorOf(request);
      const id = request.params.id;
      const reference = await changes.referenceOf(id);
      await audit.act(operator, 'order.booking.cancel', reference, async (tx) => {
        const result = await changes.cancel(
          id,
          { kind: 'operator', id: operator.id, email: operator.email },
          request.body.requestKey,
          tx,
        );
        return {
          result,
          repeated: !result.created,
          details: { reference: result.reference, reason: request.body.reason },
        };
      });
      changes.wake();
      reply.status(202);
      return changes.view(id);
    });
  };
}

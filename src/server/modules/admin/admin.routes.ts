import type { FastifyInstance } from 'fastify';
import { getAdminDashboard, getAdminOrder, listAdminOrders } from '#src/domain/api/admin/orders.js';
import { addAdminOrderNote, listAdminOrderNotes } from '#src/domain/api/admin/order-extras.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import { operatorOf } from '../operator-actions/index.js';
import type { AdminService } from './admin.service.js';
import type { OrderNotes } from './order-notes.js';

/**
 * The console's own routes: the dashboard, the order list and page, and internal notes; every
 * other console route is its module's (docs/operators.md, "Operator actions"). Operators only,
 * by declaration.
 */
export function adminRoutes(admin: AdminService, notes: OrderNotes) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);

    add(getAdminDashboard, async () => admin.dashboard());
    add(listAdminOrders, async (request) => admin.orders(request.query));
    add(getAdminOrder, async (request) => admin.order(request.params.id));
    add(listAdminOrderNotes, async (request) => notes.notes(request.params.id));
    add(addAdminOrderNote, async (request) =>
      notes.addNote(operatorOf(request), request.params.id, request.body.body),
    );
  };
}

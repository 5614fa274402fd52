import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import {
  getAccountOrder,
  listAccountOrders,
  openBookingLink,
  requestBookingLink,
} from '#src/domain/api/my-orders.js';
import { signedInUser } from '../../http/access.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { AccountsService } from '../accounts/index.js';
import type { OrderAccess } from '../orders/index.js';
import type { MyOrdersService } from './my-orders.service.js';

export function myOrdersRoutes(
  myOrders: MyOrdersService,
  accounts: Pick<AccountsService, 'currentUser'>,
  access: Pick<OrderAccess, 'ensureGuest'>,
) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    const addLimited = routesOn(app, { ...NO_STORE, rateLimit: 'bookingLinks' });

    add(listAccountOrders, async (request) => ({
      orders: await myOrders.list(signedInUser(request)),
    }));

    add(getAccountOrder, async (request) =>
      myOrders.details(signedInUser(request), request.params.reference),
    );

    addLimited(requestBookingLink, async (request) => {
      await myOrders.requestLink(request.body);
      return { message: ACCOUNT_MESSAGES.manageSent };
    });

    addLimited(openBookingLink, async (request, reply) => {
      const guestHash = access.ensureGuest(request, reply);
      const user = await accounts.currentUser(fromNodeHeaders(request.headers));
      return myOrders.openLink(request.body.token, { guestHash, userId: user?.id ?? null });
    });
  };
}

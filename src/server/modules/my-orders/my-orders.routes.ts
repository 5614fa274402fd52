import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../../domain/accounts.js';
import {
  getAccountOrder,
  listAccountOrders,
  openBookingLink,
  requestBookingLink,
} from '../../../domain/api/my-orders.js';
import { ApiError } from '../../http/errors.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { OrderAccess } from '../orders/order-access.js';
import type { MyOrdersService } from './my-orders.service.js';

export function myOrdersRoutes(
  myOrders: MyOrdersService,
  accounts: Pick<AccountsService, 'currentUser'>,
  access: Pick<OrderAccess, 'ensureGuest'>,
) {
  const signedIn = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await accounts.currentUser(fromNodeHeaders(request.headers));
    if (!user) throw new ApiError(401, 'SIGNED_OUT', 'Please sign in to see your account.');
    return user;
  };

  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    const addLimited = routesOn(app, { ...NO_STORE, rateLimit: 'bookingLinks' });

    add(listAccountOrders, async (request) => ({
      orders: await myOrders.list(await signedIn(request)),
    }));

    add(getAccountOrder, async (request) =>
      myOrders.details(await signedIn(request), request.params.reference),
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../domain/accounts.js';
import { deleteSavedItem, listSavedItems, saveItem } from '../../../domain/api/saved-items.js';
import { ApiError } from '../../http/errors.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { OrderAccess, Viewer } from '../orders/order-access.js';
import type { SavedItemsService } from './saved-items.service.js';

export function savedItemsRoutes(
  savedItems: SavedItemsService,
  access: Pick<OrderAccess, 'viewerOf'>,
) {
  const signedIn = async (request: FastifyRequest): Promise<Viewer & { user: SessionUser }> => {
    const viewer = await access.viewerOf(request);
    if (!viewer.user) throw new ApiError(401, 'SIGNED_OUT', 'Please sign in to see your account.');
    return { ...viewer, user: viewer.user };
  };

  return async function register(app: FastifyInstance) {
    const read = routesOn(app, NO_STORE);
    // Writes count against the per-address limit of every state-changing account route.
    const write = routesOn(app, { ...NO_STORE, rateLimit: 'account' });

    read(listSavedItems, async (request) => ({
      items: await savedItems.list((await signedIn(request)).user),
    }));

    write(saveItem, async (request) => {
      const viewer = await signedIn(request);
      const item = await savedItems.save(viewer, request.body.orderId, request.body.itemId);
      return { item, items: await savedItems.list(viewer.user) };
    });

    write(deleteSavedItem, async (request) => {
      const { user } = await signedIn(request);
      await savedItems.remove(user, request.params.savedItemId);
      return { items: await savedItems.list(user) };
    });
  };
}

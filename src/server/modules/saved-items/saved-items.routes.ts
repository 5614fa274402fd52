import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '#src/domain/accounts.js';
import { deleteSavedItem, listSavedItems, saveItem } from '#src/domain/api/saved-items.js';
import { signedInUser } from '../../http/access.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { OrderAccess, Viewer } from '../orders/index.js';
import type { SavedItemsService } from './saved-items.service.js';

export function savedItemsRoutes(
  savedItems: SavedItemsService,
  access: Pick<OrderAccess, 'guestHashOf'>,
) {
  // Every route here is for a signed-in account (its declared rule): this browser and account.
  const signedIn = (request: FastifyRequest): Viewer & { user: SessionUser } => ({
    guestHash: access.guestHashOf(request),
    user: signedInUser(request),
  });

  return async function register(app: FastifyInstance) {
    const read = routesOn(app, NO_STORE);
    // Writes count against the per-address limit of every state-changing account route.
    const write = routesOn(app, { ...NO_STORE, rateLimit: 'account' });

    read(listSavedItems, async (request) => ({
      items: await savedItems.list(signedInUser(request)),
    }));

    write(saveItem, async (request) => {
      const viewer = signedIn(request);
      const item = await savedItems.save(viewer, request.body.orderId, request.body.itemId);
      return { item, items: await savedItems.list(viewer.user) };
    });

    write(deleteSavedItem, async (request) => {
      const user = signedInUser(request);
      await savedItems.remove(user, request.params.savedItemId);
      return { items: await savedItems.list(user) };
    });
  };
}

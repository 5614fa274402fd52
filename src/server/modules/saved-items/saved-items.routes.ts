import type { FastifyInstance } from 'fastify';
import { deleteSavedItem, listSavedItems, saveItem } from '#src/domain/api/saved-items.js';
import { signedInUser } from '../../http/access.js';
import { accountRoutesOn } from '../../http/route.js';
import type { OrderAccess } from '../orders/index.js';
import type { SavedItemsService } from './saved-items.service.js';

/** Every route here is for a signed-in account (its declared rule). */
export function savedItemsRoutes(
  savedItems: SavedItemsService,
  access: Pick<OrderAccess, 'signedInViewerOf'>,
) {
  return async function register(app: FastifyInstance) {
    const { read, write } = accountRoutesOn(app);

    read(listSavedItems, async (request) => ({
      items: await savedItems.list(signedInUser(request)),
    }));

    write(saveItem, async (request) => {
      const viewer = access.signedInViewerOf(request);
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

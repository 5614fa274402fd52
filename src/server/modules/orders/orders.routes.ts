import type { FastifyInstance } from 'fastify';
import { getCollectionDates, saveAddress, setCollectionDate } from '#src/domain/api/booking.js';
import {
  acceptTerms,
  addItem,
  confirmDeclaration,
  deleteItem,
  getDeclarationWarnings,
  lookupCommodities,
  setPersonalEffects,
} from '#src/domain/api/declaration.js';
import { discardOrder, getOrder, selectService } from '#src/domain/api/orders.js';
import { chooseCover, getCoverOptions } from '#src/domain/api/cover.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { DeclarationService } from './declaration.service.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(orders: OrdersService, declaration: DeclarationService) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    // Each look-up and each added item calls the courier: counted per client address.
    const addLookup = routesOn(app, { ...NO_STORE, rateLimit: 'lookups' });
    add(getOrder, async ({ params }) => orders.get(params.id));

    /** Discard a booking in progress (the account page): deleted as an abandoned draft is. */
    add(discardOrder, async ({ params }) => orders.discardDraft(params.id));

    /** Choose Express or Economy; the price is the server's own. */
    add(selectService, async ({ params, body }) => orders.selectService(params.id, body.service));

    /** Wizard steps 1 and 2. */
    add(saveAddress, async ({ params, body }) => orders.saveAddress(params.id, params.role, body));

    /** Wizard step 3: the dates that can be chosen, and the choice. */
    add(getCollectionDates, async ({ params }) => orders.collectionDates(params.id));
    add(setCollectionDate, async ({ params, body }) =>
      orders.setCollectionDate(params.id, body.date),
    );

    /** Declare Items. */
    addLookup(lookupCommodities, async ({ query }) => ({
      matches: await declaration.lookup(query.name),
    }));
    addLookup(addItem, async ({ params, body }) =>
      declaration.addItem(params.id, params.parcelKey, body),
    );
    add(deleteItem, async ({ params }) =>
      declaration.deleteItem(params.id, params.parcelKey, params.itemId),
    );
    add(getDeclarationWarnings, async ({ params }) => ({
      warnings: await declaration.warnings(params.id),
    }));
    add(confirmDeclaration, async ({ params }) => declaration.confirm(params.id));
    add(acceptTerms, async ({ params }) => declaration.acceptTerms(params.id));
    add(setPersonalEffects, async ({ params, body }) =>
      orders.setPersonalEffects(params.id, body.personalEffects),
    );

    /** The payment step's cover choice; the price is the server's own. */
    add(getCoverOptions, async ({ params }) => orders.coverOptions(params.id));
    add(chooseCover, async ({ params, body }) => orders.chooseCover(params.id, body.cover));
  };
}

import { randomUUID } from 'node:crypto';
import type { SessionUser } from '#src/domain/accounts.js';
import {
  SAVED_ITEM_NOT_FOUND,
  SAVED_ITEMS_MAX,
  SavedItemSchema,
  type SavedItem,
} from '#src/domain/api/saved-items.js';
import { ItemFieldsSchema } from '#src/domain/order.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { OrderAccess, Viewer, OrdersService } from '../orders/index.js';
import type { SavedItemRow, SavedItemsRepository } from './saved-items.repository.js';

const ITEM_NOT_FOUND = () =>
  new ApiError(404, 'ITEM_NOT_FOUND', 'That item is not in this order any more.');

/** The row as the API declares it: the schema keeps the item's fields and leaves the owner out. */
function toSavedItem(row: SavedItemRow): SavedItem {
  return SavedItemSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });
}

/**
 * Saved items (docs/accounts.md): an account copies a declared item of an order it may open, and
 * later fills the add-item form with it. Each account sees and deletes only its own; another
 * account's saved item is answered as one that does not exist.
 */
export class SavedItemsService {
  constructor(
    private readonly deps: {
      repository: SavedItemsRepository;
      orders: Pick<OrdersService, 'get'>;
      access: Pick<OrderAccess, 'canOpen'>;
      clock: Clock;
    },
  ) {}

  async list(user: SessionUser): Promise<SavedItem[]> {
    return (await this.deps.repository.list(user.id)).map(toSavedItem);
  }

  /** Copies the declared item; the caller must be signed in and allowed to open the order. */
  async save(
    viewer: Viewer & { user: SessionUser },
    orderId: string,
    itemId: string,
  ): Promise<SavedItem> {
    if (!(await this.deps.access.canOpen(orderId, viewer))) throw ITEM_NOT_FOUND();
    const order = await this.deps.orders.get(orderId);
    const item = order.parcels.flatMap((p) => p.items).find((i) => i.id === itemId);
    if (!item) throw ITEM_NOT_FOUND();
    const saved = await this.deps.repository.insertOnce(
      {
        id: randomUUID(),
        userId: viewer.user.id,
        // The declared item's own fields: the schema leaves out its id and country of origin.
        ...ItemFieldsSchema.parse(item),
        createdAt: this.deps.clock.now(),
      },
      SAVED_ITEMS_MAX,
    );
    if (!saved) {
      throw new ApiError(
        409,
        'SAVED_ITEMS_FULL',
        `You have ${SAVED_ITEMS_MAX} saved items, the most you can keep. Delete some on your account page first.`,
      );
    }
    return toSavedItem(saved);
  }

  async remove(user: SessionUser, savedItemId: string): Promise<void> {
    if (!(await this.deps.repository.delete(user.id, savedItemId))) {
      throw new ApiError(404, SAVED_ITEM_NOT_FOUND.code, SAVED_ITEM_NOT_FOUND.message);
    }
  }
}

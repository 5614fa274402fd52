import { randomUUID } from 'node:crypto';
import { parcelsFor } from '#src/domain/boxes.js';
import type { Logger } from 'pino';
import {
  ITEM_MESSAGES,
  checkDeclaration,
  checkNewItem,
  destinationRules,
  padCommodityCode,
  toGrams,
  toPence,
  type AddItemInputValue,
  type DeclarationCheck,
} from '#src/domain/items.js';
import { ACCEPTANCE_MESSAGES } from '#src/domain/checkout.js';
import { refusalOf } from '#src/domain/prohibited-items.js';
import type { OrderView } from '#src/domain/order.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { CommodityMatch, CourierProvider } from '../../providers/courier/courier-provider.js';
import { withDeadline } from '../courier-routes/index.js';
import type { OrderItemsRepository } from './order-items.repository.js';
import { parcelViews, toOrderView } from './order-view.js';
import type { OrdersService } from './orders.service.js';

export const COMMODITY_UNAVAILABLE_MESSAGE =
  'We could not check this item with the courier just now. Please try again in a moment.';

/** Declare Items: what is in each parcel, looked up in the courier's commodity list. */
export class DeclarationService {
  constructor(
    private readonly orders: OrdersService,
    private readonly items: OrderItemsRepository,
    private readonly courier: CourierProvider,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** The longest a customer waits for the courier's commodity lookup. */
    readonly courierWaitMs: number,
  ) {}

  /** The courier's matches for an item's name, for the customer to pick from; nothing stored. */
  async lookup(name: string): Promise<{ commodityCode: string; commodityDescription: string }[]> {
    const matches = await this.matchesFor(name);
    if (matches.length === 0) {
      throw new ApiError(422, 'COMMODITY_NOT_FOUND', ITEM_MESSAGES.commodityNotFound, {
        name: ITEM_MESSAGES.commodityNotFound,
      });
    }
    return matches.map((m) => ({
      commodityCode: padCommodityCode(m.commodityCode),
      commodityDescription: m.commodityDescription,
    }));
  }

  /**
   * Adds the item with the match the customer picked, once every rule of the declaration allows
   * it: goods the table refuses (by name, before asking the courier, and by code), goods over a
   * limit, and items that take the parcel over its weight are refused, saying why.
   */
  async addItem(orderId: string, parcelKey: string, input: AddItemInputValue): Promise<OrderView> {
    const order = await this.orders.loadEditable(orderId);
    const parcel = parcelsFor(order.smallBoxes, order.largeBoxes).find((p) => p.key === parcelKey);
    if (!parcel) throw new ApiError(404, 'PARCEL_NOT_FOUND', 'This order has no such parcel.');
    const view = toOrderView(order, await this.items.listForOrder(orderId));
    const destination = destinationRules(view.destination.countryCode);
    const named = refusalOf({ name: input.name }, destination.toEu);
    if (named) throw notAllowed({ field: 'name', message: named.message });

    const matches = await this.matchesFor(input.name);
    if (matches.length === 0) {
      throw new ApiError(422, 'COMMODITY_NOT_FOUND', ITEM_MESSAGES.commodityNotFound, {
        name: ITEM_MESSAGES.commodityNotFound,
      });
    }
    const code = padCommodityCode(input.commodityCode);
    const match = matches.find((m) => padCommodityCode(m.commodityCode) === code);
    if (!match) {
      throw new ApiError(422, 'COMMODITY_NOT_MATCHED', ITEM_MESSAGES.commodityChoose, {
        commodityCode: ITEM_MESSAGES.commodityChoose,
      });
    }
    const item = {
      id: randomUUID(),
      name: input.name,
      commodityCode: code,
      commodityDescription: match.commodityDescription,
      numberOfUnits: input.numberOfUnits,
      unitValuePence: toPence(input.unitValue),
      unitWeightGrams: toGrams(input.unitWeight),
      countryOfOrigin: 'GB' as const,
    };
    // The courier lookup above took time: the order and its items are read again under the
    // order's row lock, and the item is written only if the order may still be changed and the
    // parcel still has room, in the same transaction.
    return this.orders.changeItems(orderId, async (locked, rows, tx) => {
      const now = toOrderView(locked, rows);
      const problem = checkNewItem(
        now.parcels.map((p) => ({ parcel: p, items: p.items })),
        parcelKey,
        item,
        destination,
      );
      if (problem) throw notAllowed(problem);
      await this.items.insert({ ...item, orderId, parcelKey, createdAt: this.clock.now() }, tx);
    });
  }

  private async matchesFor(name: string): Promise<CommodityMatch[]> {
    try {
      return await withDeadline(this.courier.lookupCommodity(name), this.courierWaitMs);
    } catch (error) {
      // The courier client already answers [] for a reply that says nothing matched (see
      // docs/providers.md, "Not found" for GetCommodity). Anything else — a refusal, a failure, no
      // answer in time — is the courier being unavailable, never "not found": the customer is told
      // to try again, and the courier's words go to the log.
      this.log.warn({ err: error }, 'commodity lookup: the courier is unavailable');
      throw new ApiError(503, 'COMMODITY_LOOKUP_UNAVAILABLE', COMMODITY_UNAVAILABLE_MESSAGE, {
        name: COMMODITY_UNAVAILABLE_MESSAGE,
      });
    }
  }

  async deleteItem(orderId: string, parcelKey: string, itemId: string): Promise<OrderView> {
    return this.orders.changeItems(orderId, async (_order, _items, tx) => {
      if (!(await this.items.delete(orderId, parcelKey, itemId, tx))) {
        throw new ApiError(404, 'ITEM_NOT_FOUND', 'That item is not in this parcel any more.');
      }
    });
  }

  /** Continue: every check of the declaration; on success the order is ready for payment. */
  async confirm(
    orderId: string,
  ): Promise<{ order: OrderView; warnings: DeclarationCheck['warnings'] }> {
    const order = await this.orders.loadEditable(orderId);
    const rows = await this.items.listForOrder(orderId);
    const check = checkDeclaration(
      parcelViews(order, rows).map((p) => ({ parcel: p, items: p.items })),
      destinationRules(toOrderView(order).destination.countryCode),
    );
    const first = check.errors[0];
    if (first) {
      throw new ApiError(
        422,
        'DECLARATION_INVALID',
        first.message,
        Object.fromEntries(
          check.errors.map((e, i) => [e.parcelKey ?? `declaration.${i}`, e.message]),
        ),
      );
    }
    const saved = await this.orders.save(orderId, { declaredAt: this.clock.now() });
    return { order: saved, warnings: check.warnings };
  }

  /**
   * The payment step's tick, for the declaration as it is now: refused while the items are not
   * declared (an edit clears the declaration, so a tick never covers items added after it).
   */
  async acceptTerms(orderId: string): Promise<OrderView> {
    const order = await this.orders.loadEditable(orderId);
    if (!order.declaredAt) {
      throw new ApiError(409, 'ORDER_INCOMPLETE', ACCEPTANCE_MESSAGES.notDeclared);
    }
    return this.orders.save(orderId, { termsAcceptedAt: this.clock.now() });
  }

  /** The limits the declared items are under, shown before payment. */
  async warnings(orderId: string): Promise<DeclarationCheck['warnings']> {
    const order = await this.orders.load(orderId);
    const view = toOrderView(order, await this.items.listForOrder(orderId));
    return checkDeclaration(
      view.parcels.map((p) => ({ parcel: p, items: p.items })),
      destinationRules(view.destination.countryCode),
    ).warnings;
  }
}

function notAllowed(problem: { field: string; message: string }): ApiError {
  return new ApiError(422, 'ITEM_NOT_ALLOWED', problem.message, {
    [problem.field]: problem.message,
  });
}

import { randomUUID } from 'node:crypto';
import {
  ITEM_MESSAGES,
  checkDeclaration,
  padCommodityCode,
  parcelsFor,
  toGrams,
  toPence,
  type DeclarationCheck,
  type ItemInputValue,
} from '../../../domain/items.js';
import type { OrderView } from '../../../domain/order.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { CommodityMatch, CourierProvider } from '../../providers/courier/courier-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
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
  ) {}

  async addItem(orderId: string, parcelKey: string, input: ItemInputValue): Promise<OrderView> {
    const order = await this.orders.loadEditable(orderId);
    const parcel = parcelsFor(order.smallBoxes, order.largeBoxes).find((p) => p.key === parcelKey);
    if (!parcel) throw new ApiError(404, 'PARCEL_NOT_FOUND', 'This order has no such parcel.');

    let matches: CommodityMatch[];
    try {
      matches = await this.courier.lookupCommodity(input.name);
    } catch (error) {
      // The courier answered and refused the search: for the customer, nothing was found.
      if (isProviderError(error) && error.code === 'REJECTED') matches = [];
      else {
        throw new ApiError(503, 'COMMODITY_LOOKUP_UNAVAILABLE', COMMODITY_UNAVAILABLE_MESSAGE, {
          name: COMMODITY_UNAVAILABLE_MESSAGE,
        });
      }
    }
    const match = matches[0];
    if (!match) {
      throw new ApiError(422, 'COMMODITY_NOT_FOUND', ITEM_MESSAGES.commodityNotFound, {
        name: ITEM_MESSAGES.commodityNotFound,
      });
    }
    await this.items.insert({
      id: randomUUID(),
      orderId,
      parcelKey,
      name: input.name,
      commodityCode: padCommodityCode(match.commodityCode),
      commodityDescription: match.commodityDescription,
      numberOfUnits: input.numberOfUnits,
      unitValuePence: toPence(input.unitValue),
      unitWeightGrams: toGrams(input.unitWeight),
      countryOfOrigin: 'GB',
      createdAt: this.clock.now(),
    });
    return this.orders.save(orderId, { declaredAt: null });
  }

  async deleteItem(orderId: string, parcelKey: string, itemId: string): Promise<OrderView> {
    await this.orders.loadEditable(orderId);
    if (!(await this.items.delete(orderId, parcelKey, itemId))) {
      throw new ApiError(404, 'ITEM_NOT_FOUND', 'That item is not in this parcel any more.');
    }
    return this.orders.save(orderId, { declaredAt: null });
  }

  /** Continue: every check of the declaration; on success the order is ready for payment. */
  async confirm(
    orderId: string,
  ): Promise<{ order: OrderView; warnings: DeclarationCheck['warnings'] }> {
    const order = await this.orders.loadEditable(orderId);
    const rows = await this.items.listForOrder(orderId);
    const check = checkDeclaration(
      parcelViews(order, rows).map((p) => ({ parcel: p, items: p.items })),
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

  /** The current warnings about restricted items, shown before payment. */
  async warnings(orderId: string): Promise<DeclarationCheck['warnings']> {
    const order = await this.orders.load(orderId);
    const view = toOrderView(order, await this.items.listForOrder(orderId));
    return checkDeclaration(view.parcels.map((p) => ({ parcel: p, items: p.items }))).warnings;
  }
}

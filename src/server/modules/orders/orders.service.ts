import type { OrderView } from '../../../domain/order.js';
import type { QuoteService } from '../../../domain/quote.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { CatalogRepository } from '../catalog/catalog.repository.js';
import { toOrderView } from './order-view.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

const ORDER_NOT_FOUND = 'We could not find that order. Please start again with a new quote.';

/** Statuses in which the customer may still change the order. */
const EDITABLE = new Set(['draft']);

export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly catalog: CatalogRepository,
    private readonly clock: Clock,
  ) {}

  async get(id: string): Promise<OrderView> {
    return toOrderView(await this.load(id));
  }

  /**
   * Stores the customer's choice of service, priced from our own rate table now: a price sent
   * by a client is never read.
   */
  async selectService(id: string, service: QuoteService): Promise<OrderView> {
    const order = await this.load(id);
    if (!EDITABLE.has(order.status)) {
      throw new ApiError(409, 'ORDER_LOCKED', 'This order can no longer be changed.');
    }
    if (!order.offeredServices.some((s) => s.service === service)) {
      throw new ApiError(
        422,
        'SERVICE_NOT_OFFERED',
        'That service is not available for this order. Please choose one of the services shown.',
      );
    }
    const pricePence = await this.catalog.findPricePence(
      service,
      order.destinationCountryId,
      order.totalWeightKg,
    );
    if (pricePence === undefined) {
      throw new ApiError(
        422,
        'SERVICE_NOT_OFFERED',
        'That service is no longer available for this order. Please get a new quote.',
      );
    }
    const updated = await this.orders.update(id, {
      selectedService: service,
      pricePence,
      updatedAt: this.clock.now(),
    });
    if (!updated) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    return toOrderView(updated);
  }

  private async load(id: string): Promise<OrderRow> {
    const order = await this.orders.findById(id);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    return order;
  }
}

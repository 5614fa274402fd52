import { randomUUID } from 'node:crypto';
import type { OfferedService, OrderView } from '../../../domain/order.js';
import { totalWeightKg } from '../../../domain/pricing.js';
import {
  courierServiceFor,
  QUOTE_MESSAGES,
  SERVICE_LEVELS,
  packagesFor,
  type QuoteService,
  type ValidQuoteRequest,
} from '../../../domain/quote.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { RateCache } from '../catalog/index.js';
import type { CourierRoutesService } from '../courier-routes/index.js';
import { newOrderReference, toOrderView, type OrdersService } from '../orders/index.js';

const SERVICE_ORDER: QuoteService[] = ['express', 'economy'];

/**
 * Get Quotes: prices come from our rate tables at once; a service is offered only when the
 * courier runs it on the route and our table has a price for the destination and weight. The
 * draft order is created here and every later step updates it.
 */
export class QuotesService {
  constructor(
    private readonly rates: Pick<RateCache, 'findPrices'>,
    private readonly routes: CourierRoutesService,
    private readonly orders: OrdersService,
    private readonly clock: Clock,
    /** The longest a customer waits for the courier behind Get Quotes. */
    readonly courierWaitMs: number,
  ) {}

  /** Prices the request and stores its draft, which belongs to `owner` (this browser, the account). */
  async createQuote(
    request: ValidQuoteRequest,
    owner: { guestHash: string; userId: string | null },
  ): Promise<OrderView> {
    const weightKg = totalWeightKg(request.smallBoxes, request.largeBoxes);
    const destinationId = request.destination.country.countryId;
    const prices = await this.rates.findPrices(destinationId, weightKg);
    if (!SERVICE_ORDER.some((s) => prices[s] !== undefined)) throw noQuotes();

    const routeServices = await this.routes.servicesFor(
      {
        collectionCountryId: request.collection.country.countryId,
        destinationCountryId: destinationId,
        smallBoxes: request.smallBoxes,
        largeBoxes: request.largeBoxes,
      },
      {
        collection: {
          countryId: request.collection.country.countryId,
          countryCode: request.collection.country.countryCode,
          postcode: request.collection.postcode,
        },
        delivery: {
          countryId: destinationId,
          countryCode: request.destination.country.countryCode,
          postcode: request.destination.postcode,
        },
        packages: packagesFor(request.smallBoxes, request.largeBoxes),
      },
      // A customer waits at most this long for the courier (docs/quotes-and-orders.md).
      { waitMs: this.courierWaitMs },
    );

    const offered: OfferedService[] = [];
    for (const service of SERVICE_ORDER) {
      const pricePence = prices[service];
      const match = courierServiceFor(service, routeServices);
      if (pricePence === undefined || !match) continue;
      offered.push({
        service,
        name: SERVICE_LEVELS[service].name,
        detail: SERVICE_LEVELS[service].detail,
        pricePence,
        transitDays: match.courierService.transitTimeEstimate ?? null,
      });
    }
    if (offered.length === 0) throw noQuotes();

    const now = this.clock.now();
    const order = await this.orders.createDraft(
      {
        id: randomUUID(),
        reference: newOrderReference(),
        collectionCountryId: request.collection.country.countryId,
        collectionPostcode: request.collection.postcode,
        destinationCountryId: destinationId,
        destinationPostcode: request.destination.postcode,
        smallBoxes: request.smallBoxes,
        largeBoxes: request.largeBoxes,
        totalWeightKg: weightKg,
        offeredServices: offered,
        createdAt: now,
        updatedAt: now,
      },
      owner,
    );
    return toOrderView(order);
  }
}

function noQuotes() {
  return new ApiError(422, 'NO_QUOTES', QUOTE_MESSAGES.noQuotes);
}

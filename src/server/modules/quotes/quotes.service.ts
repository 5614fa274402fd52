import { createHash, randomUUID } from 'node:crypto';
import { quoteViewOf, type OrderView, type QuoteAnswer } from '#src/domain/order.js';
import { totalWeightKg } from '#src/domain/pricing.js';
import {
  courierServiceFor,
  noPriceMessage,
  QUOTE_MESSAGES,
  SERVICE_LEVELS,
  type QuoteService,
  type ValidQuoteRequest,
} from '#src/domain/quote.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { RateCache } from '../catalog/index.js';
import type { CourierRoutesService } from '../courier-routes/index.js';
import { newOrderReference, toOrderView, type OrdersService } from '../orders/index.js';

const SERVICE_ORDER: QuoteService[] = ['express', 'economy'];
/** Answers held at most (a new one clears them all beyond this: memory stays bounded). */
const MAX_HELD_ANSWERS = 20_000;

/** A quote and the strong validator of its answer. */
export interface PricedQuote {
  quote: QuoteAnswer;
  /** `"…"`: changes whenever the rate tables, the route's availability or the question do. */
  etag: string;
}

/**
 * Get Quotes answers a question and writes nothing: prices come from the rate tables held in
 * memory, and a service is offered only when the courier runs it on the route (its cached
 * availability) and our table has a price for the destination and weight. The order starts when
 * a service is chosen (`startOrder`), which asks the question again: the browser's price is never
 * read (docs/quotes-and-orders.md).
 */
export class QuotesService {
  /**
   * Each question's last answer, with what it was worked out from: the same answer (the same
   * object, so its JSON is made once) while the rate tables and the route's availability are.
   */
  private readonly answers = new Map<
    string,
    { rateVersion: string; routeServices: readonly unknown[]; priced: PricedQuote }
  >();

  constructor(
    private readonly rates: Pick<RateCache, 'findPrices' | 'version'>,
    private readonly routes: CourierRoutesService,
    private readonly orders: OrdersService,
    private readonly clock: Clock,
    /** The longest a customer waits for the courier behind Get Quotes. */
    readonly courierWaitMs: number,
  ) {}

  /** The services offered for the question, with their prices; 422 or 503 when there are none. */
  async quote(request: ValidQuoteRequest): Promise<PricedQuote> {
    const weightKg = totalWeightKg(request.smallBoxes, request.largeBoxes);
    const destinationId = request.destination.country.countryId;
    const prices = await this.rates.findPrices(destinationId, weightKg);
    const rateVersion = this.rates.version;

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
      },
      // A customer waits at most this long for the courier (docs/quotes-and-orders.md).
      { waitMs: this.courierWaitMs },
    );

    const question = [
      request.collection.country.countryId,
      request.collection.postcode,
      destinationId,
      request.destination.postcode,
      request.smallBoxes,
      request.largeBoxes,
    ].join('|');
    const held = this.answers.get(question);
    if (held && held.rateVersion === rateVersion && held.routeServices === routeServices) {
      return held.priced;
    }

    const offered = servicesOffered(request, prices, routeServices);

    const quote: QuoteAnswer = {
      collection: {
        countryId: request.collection.country.countryId,
        postcode: request.collection.postcode,
      },
      destination: { countryId: destinationId, postcode: request.destination.postcode },
      smallBoxes: request.smallBoxes,
      largeBoxes: request.largeBoxes,
      totalWeightKg: weightKg,
      services: offered,
    };
    const digest = createHash('sha256').update(rateVersion).update(JSON.stringify(quote));
    const priced = { quote, etag: `"q-${digest.digest('base64url').slice(0, 22)}"` };
    if (this.answers.size >= MAX_HELD_ANSWERS) this.answers.clear();
    this.answers.set(question, { rateVersion, routeServices, priced });
    return priced;
  }

  /**
   * Select: asks the question again, then stores the draft with the chosen service and its price,
   * owned by `owner` (this browser, the account), in one statement (decision 060).
   */
  async startOrder(
    request: ValidQuoteRequest,
    service: QuoteService,
    owner: { guestHash: string; userId: string | null },
  ): Promise<OrderView> {
    const quote = quoteViewOf((await this.quote(request)).quote);
    const chosen = quote.services.find((s) => s.service === service);
    if (!chosen) {
      throw new ApiError(
        409,
        'SERVICE_UNAVAILABLE',
        `${SERVICE_LEVELS[service].name} is not available on this route right now. Please choose one of the services shown.`,
      );
    }
    const now = this.clock.now();
    const order = await this.orders.createDraft(
      {
        id: randomUUID(),
        reference: newOrderReference(),
        collectionCountryId: request.collection.country.countryId,
        collectionPostcode: request.collection.postcode,
        destinationCountryId: quote.destination.countryId,
        destinationPostcode: request.destination.postcode,
        smallBoxes: request.smallBoxes,
        largeBoxes: request.largeBoxes,
        totalWeightKg: quote.totalWeightKg,
        offeredServices: quote.services,
        selectedService: service,
        pricePence: chosen.pricePence,
        serviceChosenAt: now,
        createdAt: now,
        updatedAt: now,
      },
      owner,
    );
    return toOrderView(order);
  }
}

/**
 * The services the courier runs on the route and we have a price for, in their order; 422 when
 * there are none (`NO_PRICE` when the courier runs one we have no price for: ours to fix).
 */
function servicesOffered(
  request: ValidQuoteRequest,
  prices: Awaited<ReturnType<RateCache['findPrices']>>,
  routeServices: Awaited<ReturnType<CourierRoutesService['servicesFor']>>,
): QuoteAnswer['services'] {
  const offered: QuoteAnswer['services'] = [];
  let courierRuns = false;
  for (const service of SERVICE_ORDER) {
    const pricePence = prices[service];
    const match = courierServiceFor(service, routeServices);
    if (match) courierRuns = true;
    if (pricePence === undefined || !match) continue;
    offered.push({
      service,
      pricePence,
      transitDays: match.courierService.transitTimeEstimate ?? null,
    });
  }
  if (offered.length > 0) return offered;
  if (courierRuns) {
    const boxes = request.smallBoxes + request.largeBoxes;
    throw new ApiError(422, 'NO_PRICE', noPriceMessage(request.destination.country.title, boxes));
  }
  throw new ApiError(422, 'NO_QUOTES', QUOTE_MESSAGES.noQuotes);
}

import type { FastifyInstance } from 'fastify';
import { getRates, type Rates } from '#src/domain/api/catalog.js';
import { createOrder, getOrder, getQuotes } from '#src/domain/api/orders.js';
import { routeUrl } from '#src/domain/api/route.js';
import { validateQuoteRequest, type QuoteRequestShapeValue } from '#src/domain/quote.js';
import type { Clock } from '../../clock.js';
import { addRoute, checkedJson, NOT_MODIFIED, type SerializedReply } from '../../http/route.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrderAccess } from '../orders/index.js';
import type { PricedQuote, QuotesService } from './quotes.service.js';

/**
 * How long a browser or a shared cache may reuse a quote without asking: short, as a rate table
 * saved by an operator is used by every process within a minute. After that an `If-None-Match`
 * costs a 304 while nothing changed.
 */
const QUOTE_CACHE_CONTROL = 'public, max-age=60';

function checked(request: QuoteRequestShapeValue) {
  const result = validateQuoteRequest(request);
  // The route's schema already refused every failing rule; this narrows the type.
  if (!result.ok) throw new Error('validated quote request failed validation');
  return result.value;
}

/** True when `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function quotesRoutes(
  quotes: QuotesService,
  catalog: CatalogService,
  access: OrderAccess,
  clock: Clock,
) {
  /** Each held answer's JSON, checked and made once (the service hands back the same object). */
  const replies = new WeakMap<PricedQuote, SerializedReply<typeof getQuotes>>();
  return async function register(app: FastifyInstance) {
    /** Get Quotes: a read from memory; no session, no database write (docs/quotes-and-orders.md). */
    addRoute(
      app,
      getQuotes,
      async (request, reply) => {
        const priced = await quotes.quote(request.query);
        reply.header('etag', priced.etag);
        if (matchesEtag(request.headers['if-none-match'], priced.etag)) return NOT_MODIFIED;
        let json = replies.get(priced);
        if (!json) {
          json = checkedJson(getQuotes, priced.quote);
          replies.set(priced, json);
        }
        return json;
      },
      {
        cacheControl: QUOTE_CACHE_CONTROL,
        processRateLimit: { name: 'quotes', clock },
        // The same questions come again and again: each is checked once (never changed after).
        keepCheckedQueries: 10_000,
      },
    );

    /** Select: the draft order starts here, with the chosen service (201 with the order). */
    addRoute(
      app,
      createOrder,
      async (request, reply) => {
        const viewer = await access.viewerOf(request);
        const guestHash = access.ensureGuest(request, reply);
        // The new draft belongs to this browser and, if signed in, to the account: stored with
        // them in one transaction.
        const order = await quotes.startOrder(checked(request.body.quote), request.body.service, {
          guestHash,
          userId: viewer.user?.id ?? null,
        });
        reply.header('location', routeUrl(getOrder, { id: order.id }));
        return order;
      },
      { rateLimit: 'orders', cacheControl: 'no-store' },
    );

    /** Both public rate tables, with each destination's lowest ("from") price. */
    addRoute(app, getRates, () => publicRates(catalog), { cacheControl: 'public, max-age=60' });
  };
}

/** Both public rate tables, with each destination's lowest ("from") price. */
async function publicRates(catalog: CatalogService): Promise<Rates> {
  const services = {} as Rates['services'];
  for (const service of ['economy', 'express'] as const) {
    const table = await catalog.getRateTable(service);
    const byDestination = new Map<number, { weightKg: number; pricePence: number }[]>();
    for (const price of table?.prices ?? []) {
      const list = byDestination.get(price.destinationCountryId) ?? [];
      list.push({ weightKg: price.weightKg, pricePence: price.pricePence });
      byDestination.set(price.destinationCountryId, list);
    }
    services[service] = {
      title: table?.title ?? service,
      updatedAt: table?.updatedAt.toISOString() ?? null,
      destinations: [...byDestination].map(([countryId, prices]) => ({
        countryId,
        fromPence: Math.min(...prices.map((p) => p.pricePence)),
        prices,
      })),
    };
  }
  return { currency: 'GBP' as const, services };
}

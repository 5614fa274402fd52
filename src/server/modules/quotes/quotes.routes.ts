import type { FastifyInstance } from 'fastify';
import { getRates, type Rates } from '../../../domain/api/catalog.js';
import { createQuote, getOrder } from '../../../domain/api/orders.js';
import { routeUrl } from '../../../domain/api/route.js';
import { validateQuoteRequest } from '../../../domain/quote.js';
import { addRoute } from '../../http/route.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrderAccess } from '../orders/index.js';
import type { QuotesService } from './quotes.service.js';

export function quotesRoutes(quotes: QuotesService, catalog: CatalogService, access: OrderAccess) {
  return async function register(app: FastifyInstance) {
    /** Get Quotes: validates, prices, and creates the draft order (201 with the order). */
    addRoute(
      app,
      createQuote,
      async (request, reply) => {
        const { body } = request;
        const checked = validateQuoteRequest(body);
        // The route's schema already refused every failing rule; this narrows the type.
        if (!checked.ok) throw new Error('validated quote request failed validation');
        const viewer = await access.viewerOf(request);
        const guestHash = access.ensureGuest(request, reply);
        // The new draft belongs to this browser and, if signed in, to the account: stored with
        // them in one transaction.
        const order = await quotes.createQuote(checked.value, {
          guestHash,
          userId: viewer.user?.id ?? null,
        });
        reply.header('location', routeUrl(getOrder, { id: order.id }));
        return order;
      },
      { rateLimit: 'quotes' },
    );

    /** Both public rate tables, with each destination's lowest ("from") price. */
    addRoute(
      app,
      getRates,
      async () => {
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
      },
      { cacheControl: 'public, max-age=60' },
    );
  };
}

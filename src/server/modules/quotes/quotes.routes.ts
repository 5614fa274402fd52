import type { FastifyInstance } from 'fastify';
import { validateQuoteRequest, QuoteRequestSchema } from '../../../domain/quote.js';
import { parseInput } from '../../http/errors.js';
import type { CatalogRepository, ServiceLevel } from '../catalog/catalog.repository.js';
import type { QuotesService } from './quotes.service.js';

export function quotesRoutes(quotes: QuotesService, catalog: CatalogRepository) {
  return async function register(app: FastifyInstance) {
    /** Get Quotes: validates, prices, and creates the draft order (201 with the order). */
    app.post('/quotes', async (request, reply) => {
      const input = parseInput(QuoteRequestSchema, request.body);
      const checked = validateQuoteRequest(input);
      // parseInput already refused every failing rule; this narrows the type.
      if (!checked.ok) throw new Error('validated quote request failed validation');
      const order = await quotes.createQuote(checked.value);
      return reply.status(201).header('location', `/api/v1/orders/${order.id}`).send(order);
    });

    /** Both public rate tables, with each destination's lowest ("from") price. */
    app.get('/rates', async (_request, reply) => {
      const services = {} as Record<ServiceLevel, unknown>;
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
      return reply
        .header('cache-control', 'public, max-age=60')
        .send({ currency: 'GBP', services });
    });
  };
}

import type { FastifyInstance } from 'fastify';
import type { CatalogRepository } from './catalog.repository.js';

export function catalogRoutes(catalog: CatalogRepository) {
  return async function register(app: FastifyInstance) {
    /** The country choosers' options: UK collection regions and destinations, in display order. */
    app.get('/countries', async (_request, reply) => {
      const [collection, destinations] = await Promise.all([
        catalog.listCountries('collection'),
        catalog.listCountries('destination'),
      ]);
      return reply
        .header('cache-control', 'public, max-age=300')
        .send({ collection, destinations });
    });
  };
}

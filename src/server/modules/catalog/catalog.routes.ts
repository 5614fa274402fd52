import type { FastifyInstance } from 'fastify';
import { getCountries } from '#src/domain/api/catalog.js';
import { addRoute } from '../../http/route.js';
import type { CatalogService } from './catalog.service.js';

export function catalogRoutes(catalog: CatalogService) {
  return async function register(app: FastifyInstance) {
    /** The country choosers' options: UK collection regions and destinations, in display order. */
    addRoute(
      app,
      getCountries,
      async () => {
        const [collection, destinations] = await Promise.all([
          catalog.listCountries('collection'),
          catalog.listCountries('destination'),
        ]);
        return { collection, destinations };
      },
      { cacheControl: 'public, max-age=300' },
    );
  };
}

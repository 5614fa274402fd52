import type { FastifyInstance } from 'fastify';
import { findAddresses } from '#src/domain/api/address-lookup.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { AddressLookupService } from './address-lookup.service.js';

export function addressLookupRoutes(lookup: AddressLookupService) {
  return async function register(app: FastifyInstance) {
    // Counted per client address (a provider call unless the answer is kept); the service
    // counts per order and the day's provider calls.
    const add = routesOn(app, { ...NO_STORE, rateLimit: 'addressLookups' });
    add(findAddresses, async ({ params, query }) => lookup.find(params.id, query.postcode));
  };
}

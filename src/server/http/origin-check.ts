import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'This request came from another website and was refused. Please use BoxAbroad directly.';

/**
 * Refuses every state-changing request sent by a page of another site (cross-site request
 * forgery), whatever its path: a browser names the page's origin in `Origin` on every such
 * request, and marks it `Sec-Fetch-Site: cross-site`. A request with neither (a server, curl) has
 * no cookies of a victim to abuse and passes. Session cookies are also SameSite=Lax. `exempt`
 * routes (the card provider's webhook: method and route as registered) are called by other
 * servers and check their own signature; the exemption is decided on the route the router
 * matched, never on the request's text.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { siteUrl: string; exempt: readonly { method: string; path: string }[] },
): void {
  const siteOrigin = new URL(options.siteUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions;
    if (options.exempt.some((e) => e.path === route.url && e.method === request.method)) return;
    if (!isSameSite(request, siteOrigin)) {
      throw new ApiError(403, 'CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
    }
  });
}

function isSameSite(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // The site's configured address, or the address this request was sent to (same origin).
  return origin === siteOrigin || origin === `${request.protocol}://${request.host}`;
}

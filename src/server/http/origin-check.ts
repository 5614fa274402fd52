import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'This request came from another website and was refused. Please use BoxAbroad directly.';

/**
 * Refuses state-changing `/api` requests sent by a page of another site (cross-site request
 * forgery): a browser names the page's origin in `Origin` on every such request, and marks it
 * `Sec-Fetch-Site: cross-site`. A request with neither (a server, curl) has no cookies of a
 * victim to abuse and passes. Session cookies are also SameSite=Lax. `exempt` paths (the card
 * provider's webhook) are called by other servers and check their own signature.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { siteUrl: string; exempt: readonly string[] },
): void {
  const siteOrigin = new URL(options.siteUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (options.exempt.includes(request.url.split('?')[0] ?? '')) return;
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

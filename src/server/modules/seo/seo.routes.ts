import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../http/access.js';
import { robotsTxt, sitemapXml } from './page-head.js';

/** Where the site's own links point: its configured address, and the one it falls back to. */
export interface SiteAddress {
  /** PUBLIC_URL: when set, every link uses it, whatever the request says. */
  publicUrl?: string | undefined;
  /** Without PUBLIC_URL: the address the site gives itself (http://localhost:<PORT>). */
  fallbackUrl: string;
}

/**
 * The site's own origin for canonical links, previews, robots.txt and the sitemap. PUBLIC_URL
 * when set. Without it the request's host is believed only when it names this machine
 * (`localhost`, 127.x.x.x, `[::1]`, with any port: a developer's own address); any other Host
 * (or X-Forwarded-Host through a trusted proxy, which passes on what the client sent) gets the
 * fallback, so a request cannot make the site's pages point at another site.
 */
export function siteOrigin(request: FastifyRequest, site: SiteAddress): string {
  if (site.publicUrl) return site.publicUrl.replace(/\/+$/, '');
  if (isLoopbackHost(request.host)) return `${request.protocol}://${request.host}`;
  return new URL(site.fallbackUrl).origin;
}

/** robots.txt and sitemap.xml for search engines. */
export function seoRoutes(site: SiteAddress) {
  return async function register(app: FastifyInstance) {
    app.get('/robots.txt', { config: { access: 'public' } }, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(siteOrigin(request, site))),
    );
    app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(siteOrigin(request, site))),
    );
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { robotsTxt, sitemapXml } from './page-head.js';

/** The site's own address: PUBLIC_URL when set, else what the request (or its proxy) says. */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** robots.txt and sitemap.xml for search engines. */
export function seoRoutes(publicUrl: string | undefined) {
  return async function register(app: FastifyInstance) {
    app.get('/robots.txt', { config: { access: 'public' } }, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(siteOrigin(request, publicUrl))),
    );
    app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(siteOrigin(request, publicUrl))),
    );
  };
}

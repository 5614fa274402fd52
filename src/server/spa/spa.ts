import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteRoute } from '../../domain/site-routes.js';
import { sendNotFound } from '../http/errors.js';
import { renderIndexHtml } from '../modules/seo/page-head.js';
import { siteOrigin } from '../modules/seo/seo.routes.js';

/** True when a built SPA (index.html) is in the directory. */
export function hasBuiltWeb(dir: string | undefined): dir is string {
  return !!dir && existsSync(join(dir, 'index.html'));
}

/**
 * The security headers of every response. Self only, except that with the real card provider
 * (PAYMENT_PROVIDER=stripe) Stripe.js and its frames are allowed: its card fields are iframes
 * served by Stripe and talk to its API.
 */
function securityHeaders(options: { stripe?: boolean }): Record<string, string> {
  const stripe = options.stripe ?? false;
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      stripe ? "script-src 'self' https://js.stripe.com" : "script-src 'self'",
      stripe ? "connect-src 'self' https://api.stripe.com" : "connect-src 'self'",
      ...(stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
  };
}

/**
 * Serves the built SPA from the same origin as the API. Hashed assets are cached for a year and
 * served precompressed (brotli or gzip); index.html is never cached and carries each page's own
 * title, description and link-preview tags, so crawlers and previews see them without JS. Every GET of a page the site knows answers 200 with index.html;
 * any other page answers 404 with index.html, whose router shows the fallback page.
 * Unknown /api/* paths and non-GET requests get the JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  publicUrl?: string,
  options: { stripe?: boolean } = {},
) {
  const headers = securityHeaders(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });

  const web = hasBuiltWeb(distDir) ? distDir : undefined;
  const indexHtml = web ? readFileSync(join(web, 'index.html'), 'utf8') : undefined;
  const pageChunks = web ? readPageChunks(web) : () => [];

  if (web) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${join(web, 'assets')}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api';
    if (!wantsPage || !indexHtml) return sendNotFound(request, reply);
    return reply
      .status(isSiteRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(indexHtml, path, siteOrigin(request, publicUrl), pageChunks(path)));
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript files a page needs besides the entry, from Vite's build manifest: a page's
 * module is `routes/<last path segment>.tsx` (src/web/app/router.tsx), and preloading it with
 * the entry saves a round trip on the first visit to any page but home.
 */
export function readPageChunks(web: string): (pathname: string) => string[] {
  const manifestPath = join(web, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const cache = new Map<string, string[]>();
  return (pathname) => {
    const segment = pathname.replace(/\/+$/, '').split('/').pop();
    const key = `routes/${segment}.tsx`;
    if (!segment || !manifest[key]) return [];
    const cached = cache.get(key);
    if (cached) return cached;
    const files: string[] = [];
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || chunk.isEntry || files.includes(`/${chunk.file}`)) return;
      files.push(`/${chunk.file}`);
      chunk.imports?.forEach(visit);
    };
    visit(key);
    cache.set(key, files);
    return files;
  };
}

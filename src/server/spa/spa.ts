import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageModuleOf } from '../../domain/page-modules.js';
import { findSiteRoute } from '../../domain/site-routes.js';
import { withRouteAccess } from '../http/access.js';
import { sendNotFound } from '../http/errors.js';
import { COOKIE_PREFIX } from '../modules/accounts/index.js';
import { renderIndexHtml, siteOrigin, type SiteAddress } from '../modules/seo/index.js';
import { PRERENDERED_DIR, readPrerenderedPages } from './prerendered.js';

/** True when a built SPA (index.html) is in the directory. */
export function hasBuiltWeb(dir: string | undefined): dir is string {
  return !!dir && existsSync(join(dir, 'index.html'));
}

/**
 * Serves the built SPA from the same origin as the API. Hashed assets are cached for a year and
 * served precompressed (brotli or gzip); a page's HTML is never cached and carries the page's own
 * title, description and link-preview tags, so crawlers and previews see them without JS. Every
 * GET of a page the site knows answers 200: a public page with its HTML prerendered at build time
 * (its content in #root, hydrated by the browser: prerendered.ts), any other with index.html's
 * empty #root; any other path answers 404 with index.html, whose router shows the fallback page.
 * A page's HTML is sent compressed when the browser accepts it. Unknown /api/* paths and non-GET
 * requests get the JSON 404. Security headers:
 * src/server/http/security-headers.ts.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  site: SiteAddress,
): Promise<void> {
  const web = hasBuiltWeb(distDir) ? distDir : undefined;
  const indexHtml = web ? readFileSync(join(web, 'index.html'), 'utf8') : undefined;
  const pageChunks = web ? readPageChunks(web) : () => [];
  const prerendered = web ? readPrerenderedPages(web) : new Map<string, string>();

  if (web) {
    await app.register(
      withRouteAccess('public', async (scope) => {
        await scope.register(fastifyStatic, {
          root: web,
          wildcard: false,
          index: false,
          // The build writes .br and .gz beside every text asset (scripts/ops/precompress.ts).
          preCompressed: true,
          // Source maps stay on disk for our own stack traces; they are never served. The
          // prerendered pages are served at their own paths only, with their head tags.
          allowedPath: (pathName) =>
            !pathName.endsWith('.map') && !pathName.startsWith(`/${PRERENDERED_DIR}/`),
          setHeaders: (res, filePath) => {
            const immutable = filePath.includes(`${join(web, 'assets')}`);
            res.header(
              'cache-control',
              immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
            );
          },
        });
      }),
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api';
    if (!wantsPage || !indexHtml) return sendNotFound(request, reply);
    const route = findSiteRoute(path);
    if (route?.signedIn && !hasSessionCookie(request)) {
      // Nobody is signed in in this browser: straight to sign in, to come back here afterwards,
      // with no page script to load first. A cookie that has expired is left to the page.
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/login?next=${encodeURIComponent(request.url)}`, 303);
    }
    const content = route && prerendered.get(route.path);
    // A prerendered page is read before any script has run: its chunks are only needed to hydrate
    // it, with the entry, so they are fetched at low priority, behind the entry (they still
    // arrive before it). Lighthouse's simulation counts a script fetched at high priority that
    // arrives before the first paint as blocking it (docs/decisions/100).
    const html = renderIndexHtml(
      content ?? indexHtml,
      path,
      siteOrigin(request, site),
      pageChunks(path),
      content ? 'low' : 'auto',
    );
    reply
      .status(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // A prerendered page is up to 20 KB of HTML, a quarter of that compressed: compressed here,
    // since its head tags are written for each request (about 0.2 ms at these settings).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html);
    return reply.header('content-encoding', encoding).send(body);
  });
}

/** Brotli when the request accepts it, else gzip, else neither (an encoding with q=0 is refused). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (header ?? '').split(',').flatMap((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    return q && !(Number(q.slice(2)) > 0) ? [] : [name.toLowerCase()];
  });
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** True when the request carries a session cookie (valid or not: the page asks the server). */
function hasSessionCookie(request: FastifyRequest): boolean {
  const name = `${COOKIE_PREFIX}.session_token`;
  return request.cookies[name] !== undefined || request.cookies[`__Secure-${name}`] !== undefined;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The source file of the page at this path, as Vite's build manifest names it; none for the home
 * page, which is in the entry chunk, or for a path that is no page.
 */
function manifestKeyOf(pathname: string): string | undefined {
  const module = pageModuleOf(pathname);
  return module && `features/${module}`;
}

/**
 * The JavaScript files a page needs besides the entry, from Vite's build manifest: its own chunk
 * and the chunks that one imports. Preloading them with the entry saves a round trip on the first
 * visit to any page but home.
 */
export function readPageChunks(web: string): (pathname: string) => string[] {
  const manifestPath = join(web, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const cache = new Map<string, string[]>();
  return (pathname) => {
    const key = manifestKeyOf(pathname);
    if (!key || !manifest[key]) return [];
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

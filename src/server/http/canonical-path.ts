import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** Characters a URL never needs to percent-encode (RFC 3986 "unreserved"). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

const INVALID_PATH_MESSAGE =
  'This address is not valid. Check the link, or start again from the home page.';

/**
 * A request's URL with its path spelled the one way the router reads it, or `null` when the path
 * must be refused. Run once, before the router and every hook see the request (Fastify's
 * `rewriteUrl`), so that the route's own text in the URL (its letters, digits and `-._~`) is
 * the text the router matched, and what the log says is what ran. No guard reads the URL's text
 * (they decide on the matched route, http/access.ts); this is the second line.
 * - a percent-encoded unreserved character is decoded (`/api/v1/%61dmin` is `/api/v1/admin`);
 *   every other escape is kept, in capitals (the router decodes those only within parameters,
 *   as values);
 * - a request target in absolute form (`GET http://host/path`, which the router reads as its
 *   path) becomes that path;
 * - refused: an encoded `/` or `\`, an encoded or raw control character (NUL included), a
 *   backslash, a `#` (the router would cut the path there), a `%` not followed by two hex
 *   digits, escapes that are not UTF-8, and `.` or `..` segments: none of them is ever part of
 *   an address of this site, and each can make one path mean two routes or be read two ways.
 * The query string is left as sent (its values are parsed, and checked, by each route).
 */
export function canonicalUrl(target: string): string | null {
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  const url = absolute ? target.slice(absolute[0].length) || '/' : target;
  if (!url.startsWith('/') || url.includes('#')) return null;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  let refused = false;
  const decoded = path.replace(/%(..)?/g, (_escape, hex: string | undefined) => {
    if (!hex || !/^[0-9A-Fa-f]{2}$/.test(hex)) {
      refused = true;
      return '';
    }
    const code = parseInt(hex, 16);
    const char = String.fromCharCode(code);
    if (code < 0x20 || code === 0x7f || char === '/' || char === '\\') refused = true;
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  if (refused) return null;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  // Escapes that are not UTF-8 (`%FF`, a sequence cut short): the router could not read them as
  // text, and would answer in its own words instead of ours.
  try {
    decodeURIComponent(decoded);
  } catch {
    return null;
  }
  return decoded + query;
}

const REFUSED_PATH = Symbol('refusedPath');
type MarkedRequest = IncomingMessage & { [REFUSED_PATH]?: true };

/** What a refused request's URL becomes: the router never reads the refused text. */
const REFUSED_URL = '/invalid-path';

/**
 * Fastify's `rewriteUrl`: the canonical URL. A refused one is marked and replaced by a fixed
 * path the router reads as no route; `registerPathCheck` answers it 400 before anything else.
 */
export function rewriteToCanonical(request: IncomingMessage): string {
  const canonical = canonicalUrl(request.url ?? '/');
  if (canonical !== null) return canonical;
  (request as MarkedRequest)[REFUSED_PATH] = true;
  return REFUSED_URL;
}

/** The first hook of every request: a path `canonicalUrl` refused answers 400 `INVALID_PATH`. */
export function registerPathCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if ((request.raw as MarkedRequest)[REFUSED_PATH]) {
      throw new ApiError(400, 'INVALID_PATH', INVALID_PATH_MESSAGE);
    }
  });
}

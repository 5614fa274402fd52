import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '../../domain/accounts.js';
import type { RouteAccess } from '../../domain/api/route.js';
import { ApiError, notFoundMessage } from './errors.js';

/**
 * Who may call a route the server registers: a declared route's `access` (src/domain/api), or
 * for a route registered without a declaration its `config.access`, which may also be `loopback`
 * (the development tools: the person at this machine only).
 */
export type ServerRouteAccess = RouteAccess | 'loopback';

/** How a rule decides a request: returns to let it through; throws (an ApiError) to refuse it. */
export type AccessRule = (request: FastifyRequest) => Promise<void>;
export type AccessRules = Record<ServerRouteAccess, AccessRule>;

const DEFAULT_ACCESS = Symbol('defaultRouteAccess');
type Scope = FastifyInstance & { [DEFAULT_ACCESS]?: ServerRouteAccess };

/**
 * One access decision per request, made on the route the router matched (its declared rule,
 * kept in the route's config), never on the request's text, before the body is read:
 *
 * - Every route must say who may call it: registering one without a rule throws at start-up.
 *   Declared routes carry their declaration's `access` (http/route.ts); other routes pass
 *   `config: { access }`, or are registered inside `withRouteAccess` (plugins' own routes).
 *   `required` ties path prefixes to the one rule their routes may have (the console's API to
 *   `operator`, the development tools to `loopback`), so a route cannot be declared under the
 *   console with a weaker rule by mistake.
 * - A request that matched no route (the site's 404 and pages) is answered by the not-found
 *   handler, which serves nothing but the site's public pages.
 *
 * docs/security.md says which rule each kind of route has and which test proves it.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  rules: AccessRules,
  required: Readonly<Record<string, ServerRouteAccess>> = {},
): void {
  app.addHook('onRoute', function (this: Scope, route: RouteOptions) {
    const access = route.config?.access ?? this[DEFAULT_ACCESS];
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    if (!access || !Object.hasOwn(rules, access)) {
      throw new Error(`${name} is registered without an access rule (docs/security.md)`);
    }
    if (access === 'order' && !/\/:id(\/|$)/.test(route.url)) {
      throw new Error(`${name}: the order rule needs the order's :id in the path`);
    }
    for (const [prefix, rule] of Object.entries(required)) {
      if (route.url.startsWith(prefix) && access !== rule) {
        throw new Error(`${name}: every route under ${prefix} has the ${rule} rule, not ${access}`);
      }
    }
    route.config = { ...route.config, access };
  });
  app.addHook('onRequest', async (request) => {
    // The not-found handler (no route matched) serves the public pages or a 404. A matched route
    // without a rule cannot be registered; were one to slip through, it would answer nothing.
    const access = request.routeOptions.config.access ?? (request.is404 ? 'public' : undefined);
    if (!access) throw notFound(request);
    await rules[access](request);
  });
}

/** The site's ordinary 404, as a refusal that names nothing but the path asked for. */
function notFound(request: FastifyRequest): ApiError {
  return new ApiError(404, 'NOT_FOUND', notFoundMessage(request));
}

/** Registers `plugin` so that every route it adds without a rule of its own gets `access`. */
export function withRouteAccess(
  access: ServerRouteAccess,
  plugin: FastifyPluginAsync,
): FastifyPluginAsync {
  return async (scope) => {
    (scope as Scope)[DEFAULT_ACCESS] = access;
    await scope.register(plugin);
  };
}

const SIGNED_IN_USER = Symbol('signedInUser');
type WithUser = FastifyRequest & { [SIGNED_IN_USER]?: SessionUser };

const SIGNED_OUT_MESSAGE = 'Please sign in to see your account.';

/**
 * The rule of routes for a signed-in account: 401 `SIGNED_OUT` without a session; the account is
 * kept for the handler (`signedInUser`). `refuse` lets a stricter rule (operators) build on it.
 */
export function signedInRule(
  currentUser: (headers: Headers) => Promise<SessionUser | null>,
  options: { signedOutMessage?: string; refuse?: (user: SessionUser) => ApiError | null } = {},
): AccessRule {
  return async (request) => {
    const user = await currentUser(fromNodeHeaders(request.headers));
    if (!user)
      throw new ApiError(401, 'SIGNED_OUT', options.signedOutMessage ?? SIGNED_OUT_MESSAGE);
    const refusal = options.refuse?.(user);
    if (refusal) throw refusal;
    (request as WithUser)[SIGNED_IN_USER] = user;
  };
}

/** The account behind a request its route's rule let through; throws on any other request. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = (request as WithUser)[SIGNED_IN_USER];
  if (!user) throw new Error('signedInUser() on a route that does not require a signed-in account');
  return user;
}

/**
 * The development tools' rule: the person at this machine only; anyone else gets the site's 404.
 * - The TCP peer is this machine: read from the socket, never from X-Forwarded-For, which any
 *   client can write.
 * - No proxy passed the request on (a proxy on this machine makes every visitor's peer
 *   127.0.0.1): any Forwarded, X-Forwarded-* or X-Real-IP header refuses it.
 * - The request was addressed to this machine by name (`localhost`, 127.x.x.x, `[::1]`): a page
 *   of another site whose name it has pointed at 127.0.0.1 (DNS rebinding) sends its own name.
 */
export const loopbackRule: AccessRule = async (request) => {
  const proxied = Object.keys(request.headers).some(
    (name) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-'),
  );
  if (
    !isLoopback(request.socket.remoteAddress) ||
    proxied ||
    !isLoopbackHost(request.headers.host)
  ) {
    throw notFound(request);
  }
};

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** A Host header that names this machine: `localhost`, 127.x.x.x or `[::1]`, any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  const name = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host ?? '')?.[1]?.toLowerCase();
  return name === 'localhost' || name === '[::1]' || isLoopback(name);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/access.ts); every route has one. */
    access?: ServerRouteAccess;
  }
}

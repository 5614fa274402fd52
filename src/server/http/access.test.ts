import { connect, type AddressInfo } from 'node:net';
import Fastify, { type FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { signedInAdmin, signedInCustomer } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import { ADMIN_MESSAGES } from '../../domain/api/admin/console.js';
import { ORDER_NOT_FOUND } from '../../domain/order.js';
import type { RegisteredRoute } from '../modules/openapi/openapi.js';
import { registerRouteAccess, type AccessRules, type ServerRouteAccess } from './access.js';
import { CROSS_SITE_MESSAGE } from './origin-check.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limiter.js';
import { quoteBody } from '#tests/support/factories/orders.js';
import { sandboxClock } from '../clock.js';

/**
 * The access matrix: every registered /api route, as every kind of caller, with its path spelled
 * every way a client can spell it, answers what the rule of the route that ran says
 * (http/access.ts, docs/security.md). Generated from the routes the app registered (every route
 * registered after `registerOpenApi`, which is every route but none), so a new route is in it.
 */

type Role = 'anonymous' | 'guest' | 'other guest' | 'customer' | 'other customer' | 'operator';
const ROLES: Role[] = [
  'anonymous',
  'guest',
  'other guest',
  'customer',
  'other customer',
  'operator',
];

const browsers = {} as Record<Role, TestBrowser>;
/** The route each matrix request ran, by the request's `x-matrix-request` header. */
const reached = new Map<string, Reached>();
interface Reached {
  /** The matched route's pattern; undefined when no route matched (the not-found handler). */
  url: string | undefined;
  access: ServerRouteAccess | undefined;
  orderId: string | undefined;
  /** Whether its rule let it through to what follows (the body, the handler). */
  passed: boolean;
}
/** The order each owner made: the guest's in its browser, the customer's in its account. */
const orders = {} as Record<'guest' | 'customer', string>;

const QUOTE = quoteBody();

async function quoteIn(browser: TestBrowser): Promise<string> {
  const res = await browser.post('/api/v1/orders', { quote: QUOTE, service: 'express' });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

// Thousands of requests from one address: no per-address limit may answer first.
const plenty = { max: 1_000_000, windowSeconds: 900 };
const rateLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, plenty]),
) as unknown as RateLimitSettings;
// Which route ran, as the server saw it, and whether its rule let the request through: a hook
// added after the app's own runs only when the access hook did not refuse; onResponse always.
const record = (passed: boolean) => async (request: FastifyRequest) => {
  const id = request.headers['x-matrix-request'];
  if (typeof id !== 'string' || reached.has(id)) return;
  reached.set(id, {
    url: request.routeOptions.url,
    access: request.routeOptions.config.access,
    orderId: (request.params as { id?: string } | undefined)?.id,
    passed,
  });
};
// With the sandbox clock, so its /dev route is in the development tools' checks below.
const t = useTestApp({ rateLimits, sandboxClock: sandboxClock() }, (app) => {
  app.addHook('onRequest', record(true));
  app.addHook('onResponse', record(false));
});
beforeAll(async () => {
  browsers.anonymous = new TestBrowser(t.app);
  browsers.guest = new TestBrowser(t.app);
  orders.guest = await quoteIn(browsers.guest);
  browsers['other guest'] = new TestBrowser(t.app);
  await quoteIn(browsers['other guest']);
  browsers.customer = await signedInCustomer(t);
  orders.customer = await quoteIn(browsers.customer);
  browsers['other customer'] = await signedInCustomer(t);
  browsers.operator = (await signedInAdmin(t)).browser;
});

/** Who may call a route of each rule; an `order` route, only the order's owner. */
function allowed(access: ServerRouteAccess, role: Role, owner: 'guest' | 'customer' | null) {
  switch (access) {
    case 'public':
      return true;
    case 'account':
      return role === 'customer' || role === 'other customer' || role === 'operator';
    case 'operator':
      return role === 'operator';
    case 'order':
      return role === owner;
    case 'loopback':
      return false;
  }
}

/** The answer of each rule to a caller it refuses: status and error code. */
function refusal(access: ServerRouteAccess, role: Role): { status: number; code: string } {
  if (access === 'order') return { status: 404, code: ORDER_NOT_FOUND.code };
  const signedIn = role === 'customer' || role === 'other customer';
  if (access === 'operator' && signedIn) return { status: 403, code: 'NOT_AN_ADMIN' };
  return { status: 401, code: 'SIGNED_OUT' };
}

const UUID = '00000000-0000-4000-8000-000000000000';
const PARAMS: Record<string, string> = {
  role: 'collection',
  parcelKey: 'small-1',
  reference: 'BA-NO-SUCH-ORDER',
};
/** A wildcard's tail: a file the API reference serves, so its route answers with it. */
const WILDCARD_TAIL = 'swagger-ui.css';

/** The route's path with its parameters filled: the order's id for `:id` of an order route. */
function concrete(route: RegisteredRoute, orderId: string | null): string {
  return route.url
    .replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' && orderId ? orderId : (PARAMS[name] ?? UUID),
    )
    .replace(/\*$/, WILDCARD_TAIL);
}

const encodeLetter = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** The ways a client can spell one path, besides the plain one. */
const SPELLINGS: Record<string, (path: string) => string> = {
  'every letter percent-encoded': (p) => p.replace(/[A-Za-z]/g, encodeLetter),
  'first letter of each segment encoded twice': (p) =>
    p.replace(/\/([A-Za-z])/g, (_, c: string) => `/%25${encodeLetter(c).slice(1)}`),
  'in capitals': (p) => p.toUpperCase(),
  'with a trailing slash': (p) => `${p}/`,
  'with a leading //': (p) => `/${p}`,
  'with // before its last segment': (p) => p.replace(/\/(?=[^/]+$)/, '//'),
};

/** The methods the same-site check lets through from anywhere (origin-check.ts). */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The methods whose requests carry a body (Fastify parses one for each). */
const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH', 'QUERY']);

let requests = 0;

/**
 * One request as `role`, and the route it ran. A request of a method with a body carries one of a
 * type no route reads: a caller the rule lets through gets 415 and no handler runs; the rule
 * itself decides before the body is read.
 */
async function send(role: Role, method: string, url: string, headers: Record<string, string> = {}) {
  const id = String(++requests);
  const res = await browsers[role].request({
    method: method as 'GET',
    url,
    headers: {
      'x-matrix-request': id,
      ...(WITH_BODY.has(method) ? { 'content-type': 'application/x-access-matrix' } : {}),
      ...headers,
    },
    ...(WITH_BODY.has(method) ? { payload: 'matrix' } : {}),
  });
  const code = res.body.startsWith('{')
    ? (res.json() as { error?: { code?: string } }).error?.code
    : undefined;
  const route = reached.get(id);
  if (!route) throw new Error(`no route recorded for ${method} ${url}`);
  return { status: res.statusCode, code, route };
}
type Answer = Awaited<ReturnType<typeof send>>;

/** The routes that answer only "not found": unknown /api paths, unknown console paths. */
const NOT_FOUND_ROUTES = new Set(['/api', '/api/*', '/api/v1/admin/*']);

type Expected =
  { refused: { status: number; code: string } } | { notFound: true } | { through: true };

/**
 * What the route that ran must answer `role`: its rule's refusal, the site's 404 (no route, or
 * a route that only says "not found"), or its own answer, having been let through.
 */
function expectedAnswer(route: Reached, role: Role): Expected {
  if (route.url === undefined) return { notFound: true };
  const access = route.access!;
  const owner =
    route.orderId === orders.guest
      ? 'guest'
      : route.orderId === orders.customer
        ? 'customer'
        : null;
  if (!allowed(access, role, owner)) return { refused: refusal(access, role) };
  return NOT_FOUND_ROUTES.has(route.url) ? { notFound: true } : { through: true };
}

/** Why an answer is not the expected one, or null when it is. */
function mismatch(method: string, answer: Answer, expected: Expected): string | null {
  const got = `${answer.status} ${answer.code ?? ''}`;
  const codeIs = (code: string) => method === 'HEAD' || answer.code === code;
  if ('refused' in expected) {
    const { status, code } = expected.refused;
    if (answer.route.passed) return `let through (${got}), not refused with ${status} ${code}`;
    return answer.status === status && codeIs(code) ? null : `${got}, not ${status} ${code}`;
  }
  if (!answer.route.passed) return `refused with ${got}, should be let through`;
  if ('through' in expected) return answer.status < 500 ? null : got;
  // A body of a type no route reads is refused (415) before a handler would say "not found".
  if (WITH_BODY.has(method) && answer.status === 415) return null;
  return answer.status === 404 && codeIs('NOT_FOUND') ? null : `${got}, not 404 NOT_FOUND`;
}

function apiRoutes(): RegisteredRoute[] {
  return t.app.registeredRoutes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
}

describe('the access matrix', () => {
  it('covers the routes of every rule', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    // Among them, "Find address", which calls a paid provider: an order route.
    expect(routes.find((r) => r.url === '/api/v1/orders/:id/address-lookup')?.access).toBe('order');
    // Claims: the customer's under the order (never the tracking link), the console's for operators.
    const accessOf = (url: string) => routes.find((r) => r.url === url)?.access;
    expect(accessOf('/api/v1/orders/:id/claims')).toBe('order');
    expect(accessOf('/api/v1/orders/:id/claims/:claimId/answer')).toBe('order');
    expect(accessOf('/api/v1/admin/claims/:claimId/approval')).toBe('operator');
    // A claim's files and bank details: the order's owner, and operators.
    for (const url of [
      '/api/v1/orders/:id/claims/:claimId/evidence',
      '/api/v1/orders/:id/claims/:claimId/evidence/:fileId',
      '/api/v1/orders/:id/claims/:claimId/bank-details',
    ]) {
      expect([url, accessOf(url)]).toEqual([url, 'order']);
    }
    for (const url of [
      '/api/v1/admin/claims/:claimId/evidence',
      '/api/v1/admin/claims/:claimId/evidence/:fileId',
      '/api/v1/admin/claims/:claimId/evidence-pack',
      '/api/v1/admin/claims/:claimId/bank-details',
    ]) {
      expect([url, accessOf(url)]).toEqual([url, 'operator']);
    }
    const upload = routes.find(
      (r) => r.url === '/api/v1/orders/:id/claims/:claimId/evidence' && r.method === 'POST',
    );
    expect(upload?.access).toBe('order');
    const rules = new Set(routes.map((r) => r.access));
    expect([...rules].sort()).toEqual(['account', 'operator', 'order', 'public']);
  });

  it('answers every route, role and spelling as the rule of the route that ran says', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const owners = route.access === 'order' ? (['guest', 'customer'] as const) : [null];
      for (const owner of owners) {
        const path = concrete(route, owner ? orders[owner] : null);
        for (const role of ROLES) {
          let plain: Answer | undefined;
          for (const [spelling, spell] of Object.entries({
            plainly: (p: string) => p,
            ...SPELLINGS,
          })) {
            const answer = await send(role, route.method, spell(path));
            const at = `${role}: ${route.method} ${spell(path)} (${spelling}, ran ${answer.route.url ?? 'no route'})`;
            const got = `${answer.status} ${answer.code ?? ''}`;
            // Spelled plainly or with its letters escaped, the path runs its own route.
            if (spelling === 'plainly') plain = answer;
            const sameRoute = spelling === 'plainly' || spelling === 'every letter percent-encoded';
            if (sameRoute && answer.route.url !== route.url) failures.push(`${at}: not its route`);
            if (sameRoute && (answer.status !== plain!.status || answer.code !== plain!.code)) {
              failures.push(`${at} answered ${got}, plainly ${plain!.status} ${plain!.code ?? ''}`);
            }
            const problem = mismatch(route.method, answer, expectedAnswer(answer.route, role));
            if (problem) failures.push(`${at}: ${problem}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(5000);
    // Over 11,000 requests: 72 s on a 2-core machine shared with other work, past the default 60 s.
  }, 180_000);

  it('refuses every state-changing route from another site’s page, however it is spelled', async () => {
    const failures: string[] = [];
    const foreign = {
      'a foreign Origin': { origin: 'https://attacker.example' },
      'Origin: null': { origin: 'null' },
      'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
    };
    for (const route of apiRoutes().filter((r) => !SAFE.has(r.method))) {
      const path = concrete(route, route.access === 'order' ? orders.customer : null);
      const spellings = { plainly: (p: string) => p, ...SPELLINGS };
      for (const [spelling, spell] of Object.entries(spellings)) {
        for (const [sender, headers] of Object.entries(foreign)) {
          const res = await send('customer', route.method, spell(path), headers);
          // The card provider's webhook is called by its servers and checks its own signature.
          const expected =
            res.route.url === '/api/v1/payments/webhook'
              ? { status: 400, code: 'SIGNATURE_INVALID' }
              : { status: 403, code: 'CROSS_SITE_REQUEST' };
          if (res.status !== expected.status || res.code !== expected.code) {
            failures.push(
              `${route.method} ${spell(path)} (${spelling}, ${sender}) answered ${res.status} ${res.code ?? ''}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // And the customer is still signed in.
    const session = await browsers.customer.get('/api/v1/session');
    expect(session.json().user).not.toBeNull();
  });
});

/**
 * A request over a real socket, its request line exactly as written: `inject()` and Node's HTTP
 * client tidy or refuse some of the targets an attacker sends.
 */
function rawGet(
  port: number,
  target: string,
  method = 'GET',
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      // A chunked body: its chunks' sizes stripped.
      const chunked = /transfer-encoding: chunked/i.test(head);
      const body = rest.join('\r\n\r\n');
      resolve({ status, body: chunked ? body.replace(/(^|\r\n)[0-9a-f]+\r\n/g, '') : body });
    });
  });
}

describe('the console over a real connection, spelled as an attacker would', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it.each([
    ['/api/v1/%61dmin/orders'],
    ['/%61pi/v1/admin/orders'],
    ['/api/v1/%2561dmin/orders'],
    ['/api/v1/ADMIN/orders'],
    ['/api/v1/admin/orders/'],
    ['/api/v1/admin//orders'],
    ['/api/v1//admin/orders'],
    ['//api/v1/admin/orders'],
    ['/api/v1/admin/orders?x=/api/v1/quotes'],
    ['http://127.0.0.1/api/v1/%61dmin/orders'],
    ['/api/v1/admin/orders#'],
  ])('GET %s without an account gives no operator data', async (path) => {
    const res = await rawGet(port, path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain('"orders"');
    expect(res.body).not.toContain('@');
  });

  it('answers the encoded console path as the console: 401, and the list to an operator', async () => {
    const res = await rawGet(port, '/api/v1/%61dmin/orders');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'SIGNED_OUT',
      message: ADMIN_MESSAGES.signedOut,
    });
    const cookie = [...browsers.operator.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const operator = await rawGet(port, '/api/v1/%61dmin/orders', 'GET', { cookie });
    expect(operator.status).toBe(200);
    expect(JSON.parse(operator.body)).toHaveProperty('orders');
  });

  it.each([
    ['an encoded slash', '/api/v1/admin%2Forders'],
    ['an encoded slash in a parameter', `/api/v1/orders/a%2fb`],
    ['an encoded backslash', '/api/v1/admin%5Corders'],
    ['NUL in a parameter', '/api/v1/account/orders/%00'],
    ['an encoded control character', '/api/v1/account/orders/a%0Ab'],
    ['a dot segment', '/api/v1/x/../admin/orders'],
    ['an encoded dot segment', '/api/v1/x/%2E%2E/admin/orders'],
    ['a lone %', '/api/v1/admin/orders%'],
    ['a % without hex digits', '/api/v1/admin/%zzorders'],
    ['a #', '/api/v1/admin/orders#x'],
    ['no leading /', '*'],
    ['an escape that is not UTF-8 in a parameter', '/api/v1/tracking/%FF'],
    ['a UTF-8 sequence cut short', '/api/v1/account/orders/caf%C3'],
    ['an escape that is not UTF-8 on a page', '/track/%C0%AF'],
  ])('refuses a path with %s: 400 INVALID_PATH', async (_what, path) => {
    const res = await rawGet(port, path);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('INVALID_PATH');
  });

  it('a cross-site DELETE /%61pi/v1/session does not sign the operator out', async () => {
    const cookie = [...browsers.operator.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await rawGet(port, '/%61pi/v1/session', 'DELETE', {
      cookie,
      origin: 'https://attacker.example',
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: CROSS_SITE_MESSAGE,
    });
    expect((await browsers.operator.get('/api/v1/session')).json().user.role).toBe('admin');
  });
});

describe('the development tools', () => {
  const devRoutes = () => t.app.registeredRoutes.filter((r) => r.url.startsWith('/dev/'));
  const urlOf = (route: RegisteredRoute) => route.url.replace(/:\w+/g, '1');

  it('answer the site’s 404 to anyone not at this machine, however they ask', async () => {
    expect(devRoutes().length).toBeGreaterThan(4);
    expect(devRoutes().some((r) => r.url === '/dev/clock')).toBe(true);
    const failures: string[] = [];
    const callers = {
      'another machine': { remoteAddress: '192.0.2.7', headers: { host: 'localhost:3000' } },
      'a proxy on this machine': {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost:3000', 'x-forwarded-for': '192.0.2.7' },
      },
      'a Forwarded header': {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost:3000', forwarded: 'for=192.0.2.7' },
      },
      'another site’s name pointed here': {
        remoteAddress: '127.0.0.1',
        headers: { host: 'rebind.attacker.example:3000' },
      },
    };
    for (const route of devRoutes()) {
      for (const [caller, { remoteAddress, headers }] of Object.entries(callers)) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route),
          remoteAddress,
          headers: { ...headers, cookie: '' },
        });
        if (res.statusCode !== 404)
          failures.push(`${route.method} ${route.url} from ${caller}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer the person at this machine', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await t.app.inject({
        url: '/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('a guest cookie this site never set', () => {
  it('opens nothing and breaks nothing', async () => {
    const res = await t.app.inject({
      url: `/api/v1/orders/${orders.guest}`,
      headers: { cookie: 'boxabroad_guest=%' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe(ORDER_NOT_FOUND.code);
  });
});

describe('registering a route', () => {
  const rules: AccessRules = {
    public: async () => {},
    account: async () => {},
    operator: async () => {},
    order: async () => {},
    loopback: async () => {},
  };

  it('without an access rule stops the start', async () => {
    const app = Fastify();
    registerRouteAccess(app, rules);
    expect(() => app.get('/api/v1/forgotten', async () => ({}))).toThrow(
      'GET /api/v1/forgotten is registered without an access rule',
    );
  });

  it('under a prefix tied to a rule, with another rule, stops the start', async () => {
    const app = Fastify();
    registerRouteAccess(app, rules, { '/api/v1/admin/': 'operator' });
    expect(() =>
      app.get('/api/v1/admin/open', { config: { access: 'public' } }, async () => ({})),
    ).toThrow('every route under /api/v1/admin/ has the operator rule, not public');
    expect(() =>
      app.get('/api/v1/admin/closed', { config: { access: 'operator' } }, async () => ({})),
    ).not.toThrow();
  });

  it('for the order rule needs the order in its path', async () => {
    const app = Fastify();
    registerRouteAccess(app, rules);
    expect(() =>
      app.get('/api/v1/orders', { config: { access: 'order' } }, async () => ({})),
    ).toThrow(/needs the order's :id/);
    expect(() =>
      app.get('/api/v1/orders/:id/x', { config: { access: 'order' } }, async () => ({})),
    ).not.toThrow();
  });
});

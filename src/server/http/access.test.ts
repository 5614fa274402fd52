import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../tests/support/browser-session.js';
import { signedInAdmin, signedInCustomer } from '../../../tests/support/operators.js';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ADMIN_MESSAGES } from '../../domain/api/admin.js';
import { ORDER_NOT_FOUND } from '../../domain/order.js';
import type { RegisteredRoute } from '../modules/openapi/openapi.js';
import { registerRouteAccess, type AccessRules, type ServerRouteAccess } from './access.js';
import { CROSS_SITE_MESSAGE } from './origin-check.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limiter.js';

/**
 * The access matrix: every registered /api route, as every kind of caller, with its path spelled
 * every way a client can spell it, answers what the route's declared rule says (http/access.ts,
 * docs/security.md). Generated from the routes the app registered, so a new route is in it.
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

let t: TestApp;
const browsers = {} as Record<Role, TestBrowser>;
/** The order each owner made: the guest's in its browser, the customer's in its account. */
const orders = {} as Record<'guest' | 'customer', string>;

const QUOTE = {
  collection: { countryId: 231, postcode: 'SW1A 1AA' },
  destination: { countryId: 73, postcode: '75001' },
  smallBoxes: 1,
  largeBoxes: 0,
};

async function quoteIn(browser: TestBrowser): Promise<string> {
  const res = await browser.post('/api/v1/quotes', QUOTE);
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

beforeAll(async () => {
  // Thousands of requests from one address: no per-address limit may answer first.
  const plenty = { max: 1_000_000, windowSeconds: 900 };
  const rateLimits = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, plenty]),
  ) as unknown as RateLimitSettings;
  t = await createTestApp({ rateLimits });
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
afterAll(() => t.close());

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
  '*': 'x',
};

/** The route's path with its parameters filled: the order's id for `:id` of an order route. */
function concrete(route: RegisteredRoute, orderId: string | null): string {
  return route.url
    .replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' && orderId ? orderId : (PARAMS[name] ?? UUID),
    )
    .replace(/\*$/, PARAMS['*']!);
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

const UNSAFE = new Set(['POST', 'PUT', 'DELETE']);

/**
 * One request as `role`. A state-changing one carries a body of a type no route reads: a caller
 * the rule lets through gets 415 and nothing runs; the rule itself decides before the body is
 * read.
 */
async function send(role: Role, method: string, url: string, headers: Record<string, string> = {}) {
  const res = await browsers[role].request({
    method: method as 'GET',
    url,
    headers: UNSAFE.has(method)
      ? { 'content-type': 'application/x-access-matrix', ...headers }
      : headers,
    ...(UNSAFE.has(method) ? { payload: 'matrix' } : {}),
  });
  const code = res.body.startsWith('{')
    ? (res.json() as { error?: { code?: string } }).error?.code
    : undefined;
  return { status: res.statusCode, code };
}

function apiRoutes(): RegisteredRoute[] {
  return t.app.registeredRoutes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
}

describe('the access matrix', () => {
  it('covers the routes of every rule, and every route has one', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.access === undefined)).toEqual([]);
    const rules = new Set(routes.map((r) => r.access));
    expect([...rules].sort()).toEqual(['account', 'operator', 'order', 'public']);
  });

  it('answers every route, role and spelling as the route’s rule says', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const access = route.access!;
      const owners = access === 'order' ? (['guest', 'customer'] as const) : [null];
      for (const owner of owners) {
        const path = concrete(route, owner ? orders[owner] : null);
        for (const role of ROLES) {
          const may = allowed(access, role, owner);
          const plain = await send(role, route.method, path);
          const name = `${role}: ${route.method} ${path}`;
          if (may) {
            const refused = refusal(access, role);
            if (
              plain.status >= 500 ||
              (plain.status === refused.status && plain.code === refused.code)
            ) {
              failures.push(
                `${name} answered ${plain.status} ${plain.code ?? ''}, should be let through`,
              );
            }
          } else {
            const expected = refusal(access, role);
            if (
              plain.status !== expected.status ||
              (route.method !== 'HEAD' && plain.code !== expected.code)
            ) {
              failures.push(
                `${name} answered ${plain.status} ${plain.code ?? ''}, not ${expected.status} ${expected.code}`,
              );
            }
          }
          for (const [spelling, spell] of Object.entries(SPELLINGS)) {
            const other = await send(role, route.method, spell(path));
            const at = `${role}: ${route.method} ${spell(path)} (${spelling})`;
            if (spelling === 'every letter percent-encoded') {
              // The same route: the same answer.
              if (other.status !== plain.status || other.code !== plain.code) {
                failures.push(
                  `${at} answered ${other.status} ${other.code ?? ''}, plainly ${plain.status} ${plain.code ?? ''}`,
                );
              }
            } else if (
              other.status >= 500 ||
              (!may && (other.status < 400 || other.status >= 500))
            ) {
              failures.push(`${at} answered ${other.status} ${other.code ?? ''}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every state-changing route from another site’s page, however it is spelled', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => UNSAFE.has(r.method))) {
      const path = concrete(route, route.access === 'order' ? orders.customer : null);
      const webhook = route.url === '/api/v1/payments/webhook';
      const spellings = { plain: (p: string) => p, ...SPELLINGS };
      for (const [spelling, spell] of Object.entries(spellings)) {
        const res = await send('customer', route.method, spell(path), {
          origin: 'https://attacker.example',
        });
        const sameRoute = spelling === 'plain' || spelling === 'every letter percent-encoded';
        // The card provider's webhook is called by its servers and checks its own signature.
        const expected =
          webhook && sameRoute
            ? { status: 400, code: 'SIGNATURE_INVALID' }
            : { status: 403, code: 'CROSS_SITE_REQUEST' };
        if (res.status !== expected.status || res.code !== expected.code) {
          failures.push(
            `${route.method} ${spell(path)} (${spelling}) answered ${res.status} ${res.code ?? ''}`,
          );
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

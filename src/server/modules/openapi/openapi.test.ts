import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { StripePaymentProvider } from '../../providers/payment/stripe/stripe-payments.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../providers/payment/sandbox/sandbox-payments.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

/** The routes (and their document entries) that are left out of the reference on purpose. */
const HIDDEN = [
  '/api', // unknown paths: the JSON 404
  '/api/*',
  '/api/v1/admin/*', // unknown paths of the console: the JSON 404, to operators only
  '/api/openapi.json', // the document itself
  '/api/docs', // the reference UI, its files and its copy of the document
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/*',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
];

/** `/api/v1/orders/:id` → `/api/v1/orders/{id}`, as OpenAPI writes paths. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * Every /api route Fastify registered that the document lacks (`METHOD path`), and every route
 * hidden from it that is not one of HIDDEN. HEAD routes Fastify adds beside GET are skipped.
 * @fastify/swagger lists even a route registered without a declaration, with no summary and a
 * "Default Response" of unknown content: such an entry counts as missing.
 */
function missingFromDocument(app: FastifyInstance, doc: OpenApiDocument) {
  const api = app.registeredRoutes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
  const gets = new Set(api.filter((r) => r.method === 'GET').map((r) => r.url));
  const missing: string[] = [];
  const hidden = new Set<string>();
  for (const route of api) {
    if (route.method === 'HEAD' && gets.has(route.url)) continue;
    if (route.hidden) {
      hidden.add(route.url);
      continue;
    }
    const documented = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const declared =
      !!documented?.summary &&
      Object.entries(documented.responses).some(
        ([status, reply]) => status.startsWith('2') && reply.content !== undefined,
      );
    if (!declared) missing.push(`${route.method} ${route.url}`);
  }
  return {
    missing,
    unexpectedlyHidden: [...hidden].filter((url) => !HIDDEN.includes(url)),
    registered: api.length,
  };
}

async function document(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const t = useTestApp();

describe('GET /api/openapi.json', () => {
  it('documents the quote and order endpoints with schemas from the code', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/quotes',
        '/api/v1/orders',
        '/api/v1/orders/{id}',
        '/api/v1/orders/{id}/service',
        '/api/v1/rates',
      ]),
    );
    const query = doc.paths['/api/v1/quotes'].get.parameters as { name: string; in: string }[];
    expect(query.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['collection', 'destination', 'small', 'large']),
    );
    const quote = doc.paths['/api/v1/quotes'].get.responses[200].content['application/json'].schema;
    expect(quote.properties.services.items.properties.pricePence.type).toBe('integer');
    const request = doc.paths['/api/v1/orders'].post.requestBody.content['application/json'].schema;
    expect(request.required).toEqual(expect.arrayContaining(['quote', 'service']));
    expect(request.properties.quote.properties.smallBoxes.maximum).toBe(5);
    const order =
      doc.paths['/api/v1/orders'].post.responses[201].content['application/json'].schema;
    expect(order.properties.services.items.properties.pricePence.type).toBe('integer');
  });

  it('documents every /api route the app registers', async () => {
    const doc = await document(t.app);
    const { missing, unexpectedlyHidden, registered } = missingFromDocument(t.app, doc);
    expect(registered).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(unexpectedlyHidden).toEqual([]);
    // The routes the hand-written document used to lack, by name.
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/contact-messages',
        'GET /api/v1/session',
        'POST /api/v1/orders/{id}/payment',
        'POST /api/v1/orders/{id}/payment/confirm',
        'GET /api/v1/orders/{id}/checkout',
        'GET /api/v1/orders/{id}/documents/{documentId}',
        'POST /api/v1/payments/webhook',
        'POST /api/v1/payment-sandbox/confirm',
        'POST /api/v1/payment-sandbox/authenticate',
      ]),
    );
    // Only the API: no page, health check or dev tool.
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
  });

  describe('with a route its declarations lack', () => {
    const other = useTestApp({}, (app) => {
      // With an access rule, without which no route can be registered (access.test.ts).
      app.get('/api/v1/undeclared', { config: { access: 'public' } }, async () => ({ ok: true }));
    });

    it('notices a registered /api route that the document lacks', async () => {
      const { missing } = missingFromDocument(other.app, await document(other.app));
      expect(missing).toEqual(['GET /api/v1/undeclared']);
    });
  });

  it('describes the webhook, documents and errors as they are on the wire', async () => {
    const doc = await document(t.app);
    const webhook = doc.paths['/api/v1/payments/webhook']!.post!;
    expect(webhook.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(
      expect.arrayContaining(['stripe-signature', SANDBOX_SIGNATURE_HEADER]),
    );
    expect(webhook.requestBody?.content['application/json']?.schema).toMatchObject({
      format: 'binary',
    });
    expect(webhook.responses['400']?.description).toContain('SIGNATURE_INVALID');

    const documentRoute = doc.paths['/api/v1/orders/{id}/documents/{documentId}']!.get!;
    expect(Object.keys(documentRoute.responses['200']?.content ?? {})).toEqual(['application/pdf']);

    const addItem = doc.paths['/api/v1/orders/{id}/parcels/{parcelKey}/items']!.post!;
    expect(Object.keys(addItem.responses)).toEqual(
      expect.arrayContaining(['201', '404', '422', '503', '4XX', '5XX']),
    );
    expect(addItem.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'path:parcelKey',
    ]);
  });

  describe('with Stripe as the card provider', () => {
    const stripe = useTestApp({
      payment: new StripePaymentProvider({
        secretKey: 'sk_test_standin',
        publishableKey: 'pk_test_standin',
        webhookSecret: 'whsec_standin',
        api: { host: '127.0.0.1', port: 1, protocol: 'http' },
        timeoutMs: 500,
      }),
    });

    it('leaves the card sandbox out when the card provider is Stripe', async () => {
      const doc = await document(stripe.app);
      expect(missingFromDocument(stripe.app, doc).missing).toEqual([]);
      expect(Object.keys(doc.paths).filter((p) => p.includes('payment-sandbox'))).toEqual([]);
      expect(doc.paths['/api/v1/payments/webhook']).toBeDefined();
    });
  });
});

describe('/api/docs', () => {
  it('serves the reference UI from this server, under the site’s CSP', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Scripts are files of this origin; none is inline.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//);
      expect(inline?.trim()).toBe('');
    }
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    const copy = await t.app.inject('/api/docs/json');
    expect(copy.json()).toEqual(await document(t.app));
  });
});

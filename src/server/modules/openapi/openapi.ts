import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withRouteAccess, type ServerRouteAccess } from '../../http/access.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** A route as Fastify registered it; `hidden` ones are left out of the reference on purpose. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** Who may call it (http/access.ts). */
  access: ServerRouteAccess | undefined;
}

/**
 * Collects the API reference: @fastify/swagger reads every route registered after this from its
 * declaration (src/domain/api, registered by src/server/http/route.ts), so the document cannot
 * drift from the code. Register before any route. Every route registered is also listed in
 * `app.registeredRoutes`, which a test compares with the document.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registered.push({
        method,
        url: route.url,
        hidden: route.schema?.hide === true,
        access: route.config?.access,
      });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BoxAbroad API',
        version: '1.0.0',
        description:
          'Instant prices for sending 1–5 boxes abroad from the UK, the orders they create, payment and booking. Money is in integer pence (GBP). Every error has the shape { error: { code, message, fields? } }; `message` is written for the customer. How to add a route: docs/api.md in the repository.',
      },
      servers: [{ url: '/' }],
    },
    // The reference is the API's: the site's pages, health checks and dev tools are not in it.
    transform: (route) =>
      route.url.startsWith('/api/')
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
  });
}

/** `GET /api/openapi.json` (the document) and `/api/docs` (a reference UI that reads it). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  // Building the document from every route's schema holds the event loop for half a second or
  // more (seconds on a busy machine, enough for every request to be refused as busy): a server
  // builds it once it listens, before any customer asks; @fastify/swagger keeps it.
  app.addHook('onListen', async () => {
    setImmediate(() => app.swagger());
  });
  const access = 'public';
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { access } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
  // Swagger UI from this server's own files: no inline script and nothing from another origin,
  // so it runs under the site's Content-Security-Policy (src/server/spa/spa.ts).
  await app.register(
    withRouteAccess(access, async (scope) => {
      await scope.register(fastifySwaggerUi, {
        routePrefix: API_DOCS_PATH,
        theme: { title: 'BoxAbroad API reference' },
        uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
      });
    }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered since `registerOpenApi`, for the test that the document has them all. */
    registeredRoutes: RegisteredRoute[];
  }
}

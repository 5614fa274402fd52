import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RouteGenericInterface,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  successStatus,
  type ApiRoute,
  type RouteReply,
  type RouteRequest,
} from '../../domain/api/route.js';
import {
  TEXT_INPUT_MESSAGES,
  textInputFields,
  textInputProblems,
} from '../../domain/text-input.js';
import { ApiError, validationError } from './errors.js';
import { processRateLimit, routeRateLimit, type RouteRateLimit } from './rate-limiter.js';
import type { Clock } from '../clock.js';

/** How the server answers a route, beyond its declaration. */
export interface RouteOptions {
  /**
   * The `cache-control` of the route's replies: on every reply (errors too) when it forbids
   * storing (`no-store`: anything about an order), else on success replies only, so an error
   * is never cached.
   */
  cacheControl?: string;
  /** Largest body accepted, in bytes, when it differs from the app's. */
  bodyLimit?: number;
  /** The per-address limit the route counts against (http/rate-limiter.ts); 429 over it. */
  rateLimit?: RouteRateLimit;
  /**
   * A per-address limit counted in this process's memory instead (http/rate-limiter.ts
   * `processRateLimit`), for a route that writes nothing; needs the clock it counts windows by.
   */
  processRateLimit?: { name: RouteRateLimit; clock: Clock };
  /**
   * Keep the checked result of each valid query string (at most this many, all dropped when
   * full): for a hot read whose same questions come again (Get Quotes). Checking is a pure
   * function of the query, so a kept result is what checking again would give.
   */
  keepCheckedQueries?: number;
}

/** What a handler returns to answer 304 Not Modified (it has set the `ETag`). */
export const NOT_MODIFIED: unique symbol = Symbol('not modified');

/**
 * A success reply already turned into JSON, sent as it is: for an answer worked out once and
 * then held (Get Quotes). Whoever makes one checks it against the route's reply schema first,
 * as the route would (`checkedJson`).
 */
export class SerializedReply<R extends ApiRoute> {
  declare private readonly route: R;
  constructor(readonly json: string) {}
}

/** A reply checked against the route's schema for its success status, then turned into JSON. */
export function checkedJson<R extends ApiRoute>(
  route: R,
  value: RouteReply<R>,
): SerializedReply<R> {
  const schema = route.responses[successStatus(route)];
  if (!schema) throw new Error(`${route.path} declares no success reply`);
  return new SerializedReply<R>(JSON.stringify(schema.parse(value)));
}

export const NO_STORE: RouteOptions = { cacheControl: 'no-store' };

interface RouteTypes<R extends ApiRoute> extends RouteGenericInterface {
  Params: RouteRequest<R>['params'];
  Querystring: RouteRequest<R>['query'];
  Body: RouteRequest<R>['body'];
  Headers: RouteRequest<R>['headers'];
}

/** A route's handler: the request already validated by its declaration; returns the success body. */
export type RouteHandler<R extends ApiRoute> = (
  request: FastifyRequest<RouteTypes<R>>,
  reply: FastifyReply,
) => Promise<
  | RouteReply<R>
  | SerializedReply<R>
  | (304 extends keyof R['responses'] ? typeof NOT_MODIFIED : never)
>;

/**
 * Registers a route from its declaration (src/domain/api): params, query, body and headers are
 * validated by its schemas before the handler runs, every reply is checked against the schema of
 * its status, and @fastify/swagger documents it from the same schemas.
 *
 * - A body or query that fails: 422 `VALIDATION_FAILED`, the first message as the summary and
 *   one message per field (the messages the web forms show).
 * - Path params that fail name nothing that exists: 404 with the route's `notFound` error.
 */
export function addRoute<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  if (route.params && !route.notFound) {
    throw new Error(`${route.path} has params but no notFound error`);
  }
  const status = successStatus(route);
  app.route<RouteTypes<R>>({
    method: route.method,
    url: route.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // Who may call it (http/access.ts), and the per-address limit it counts against.
    config: {
      access: route.access,
      ...(options.rateLimit ? { rateLimit: routeRateLimit(app, options.rateLimit) } : {}),
    },
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.description ? { description: route.description } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.rawBody ? { consumes: [route.rawBody].flat() } : {}),
      response: responseSchemas(route, status),
    },
    // Fastify types compilers by its JSON-schema shape; ours take the zod schemas declared above.
    // Before the body is read: a no-store header for every reply, then the in-memory limit.
    onRequest: [
      ...(options.cacheControl?.includes('no-store') ? [noStore(options.cacheControl)] : []),
      ...(options.processRateLimit
        ? [
            processRateLimit(
              app.rateLimitSettings[options.processRateLimit.name],
              options.processRateLimit.name,
              options.processRateLimit.clock,
            ),
          ]
        : []),
    ],
    validatorCompiler: validatorFor(
      route,
      options.keepCheckedQueries,
    ) as FastifySchemaCompiler<unknown>,
    serializerCompiler: serializerCompiler as FastifySerializerCompiler<unknown>,
    handler: async (request, reply) => {
      const body = await handler(request, reply);
      if (options.cacheControl) reply.header('cache-control', options.cacheControl);
      if (body === NOT_MODIFIED) return reply.status(304).send();
      if (body instanceof SerializedReply) {
        return reply.status(status).type('application/json; charset=utf-8').send(body.json);
      }
      return reply.status(status).send(body);
    },
  });
}

function noStore(cacheControl: string) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', cacheControl);
  };
}

/** `addRoute` on one app with the same options for each route: `const add = routesOn(app, NO_STORE)`. */
export function routesOn(app: FastifyInstance, options: RouteOptions = {}) {
  return <R extends ApiRoute>(route: R, handler: RouteHandler<R>): void =>
    addRoute(app, route, handler, options);
}

/**
 * The routes of a signed-in account: `read`, and `write`, which counts against the per-address
 * limit of every state-changing account route.
 */
export function accountRoutesOn(app: FastifyInstance) {
  return {
    read: routesOn(app, NO_STORE),
    write: routesOn(app, { ...NO_STORE, rateLimit: 'account' }),
  };
}

/** The reply schemas by status; a success reply that is not JSON is declared with its media type. */
function responseSchemas(route: ApiRoute, status: number): Record<string, unknown> {
  const responses: Record<string, unknown> = { ...route.responses };
  const success = route.responses[status];
  if (route.replyMediaType && success) {
    responses[status] = {
      description: success.description ?? 'The file',
      content: { [route.replyMediaType]: { schema: success } },
    };
  }
  return responses;
}

function validatorFor(route: ApiRoute, keepQueries = 0): FastifySchemaCompiler<ZodType> {
  return ({ schema, httpPart }) => {
    const check = checkerFor(route, schema, httpPart);
    if (httpPart !== 'querystring' || keepQueries === 0) return check;
    const kept = new Map<string, { value: unknown }>();
    return (data) => {
      const key = JSON.stringify(data);
      const hit = kept.get(key);
      if (hit) return hit;
      const result = check(data);
      if ('value' in result) {
        if (kept.size >= keepQueries) kept.clear();
        kept.set(key, result as { value: unknown });
      }
      return result;
    };
  };
}

function checkerFor(route: ApiRoute, schema: ZodType, httpPart: string | undefined) {
  return (data: unknown): { value: unknown } | { error: Error } => {
    // Fastify hands an absent body over as null; the schemas' messages speak of "undefined".
    const input = httpPart === 'body' && data === null ? undefined : data;
    // Control characters anywhere, direction overrides in names: 400 naming each field, before
    // the route's own rules (src/domain/text-input.ts; the browser checks the same).
    if (httpPart === 'body' || httpPart === 'querystring') {
      const problems = textInputProblems(input);
      if (problems.length > 0) {
        return {
          error: new ApiError(
            400,
            'INVALID_CHARACTERS',
            TEXT_INPUT_MESSAGES.summary,
            textInputFields(problems),
          ),
        };
      }
    }
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    if (httpPart === 'params' && route.notFound) {
      return { error: new ApiError(404, route.notFound.code, route.notFound.message) };
    }
    return { error: validationError(result.error.issues) };
  };
}

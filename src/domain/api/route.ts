import type { z } from '../zod.js';

/**
 * The shape of a route declaration and the types and URLs derived from it. This file holds no
 * schema and loads no zod at run time (only types), so the web's entry chunk may import it.
 * Declarations themselves are made with `defineRoute` (define-route.ts); see docs/api.md.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. The server decides it on the route it matched, before the body is read
 * (docs/security.md):
 * - `public`: anyone (a route that needs a credential of its own, such as a token in the body or
 *   a signature, checks it itself);
 * - `account`: a signed-in account (401 `SIGNED_OUT` otherwise);
 * - `operator`: a signed-in operator (401 `SIGNED_OUT` signed out, 403 `NOT_AN_ADMIN` a customer);
 * - `order`: whoever may open the order named by the route's `:id` (404 `ORDER_NOT_FOUND`, the
 *   answer for an order that does not exist, to anyone else).
 */
export type RouteAccess = 'public' | 'account' | 'operator' | 'order';

/** A response status, or a class of them (`4xx`) for errors not declared one by one. */
export type ResponseKey = number | '4xx' | '5xx';

export interface ApiRoute {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/v1/orders/:id`. */
  readonly path: `/api/${string}`;
  /** Who may call it; there is no default, so a route cannot be declared without one. */
  readonly access: RouteAccess;
  /** One line for the reference; `description` says more where a client needs it. */
  readonly summary: string;
  readonly description?: string;
  /** The reference's section. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the route reads (documented; every other header passes through). */
  readonly headers?: z.ZodType;
  /**
   * Every reply by status; exactly one success status (2xx). A schema's `description` (zod
   * `.describe`) is the reply's description in the reference.
   */
  readonly responses: { readonly [status in ResponseKey]?: z.ZodType };
  /** The error a malformed path parameter answers (404): such a path names nothing that exists. */
  readonly notFound?: { readonly code: string; readonly message: string };
  /**
   * The media type of the request body when it is not parsed as JSON (kept as raw bytes); a
   * list when the bytes may come as any of them (an uploaded file).
   */
  readonly rawBody?: string | readonly string[];
  /** The media type of the success reply when it is not JSON (e.g. a PDF). */
  readonly replyMediaType?: string;
}

/** The method and path of a route: all a caller needs to reach it. */
export type RouteAddress<R extends ApiRoute = ApiRoute> = Pick<R, 'method' | 'path'>;

type SuccessKey<R extends ApiRoute> = Extract<keyof R['responses'], 200 | 201 | 202 | 204>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The success reply's body, as the server sends it and the client receives it. */
export type RouteReply<R extends ApiRoute> = Output<R['responses'][SuccessKey<R>]>;

/** What the server's handler receives once the request is validated. */
export interface RouteRequest<R extends ApiRoute> {
  params: Output<R['params']>;
  query: Output<R['query']>;
  body: Output<R['body']>;
  headers: Output<R['headers']>;
}

type Part<S, K extends string> = S extends z.ZodType
  ? { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: undefined };

/** What a caller sends: the inputs of the route's params, query and body schemas. */
export type RouteInput<R extends ApiRoute> = Part<R['params'], 'params'> &
  Part<R['query'], 'query'> &
  Part<R['body'], 'body'>;

/** The route's success status (the one 2xx it declares). */
export function successStatus(route: Pick<ApiRoute, 'responses' | 'path'>): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  if (statuses.length !== 1) throw new Error(`${route.path} must declare exactly one 2xx reply`);
  return statuses[0] as number;
}

/**
 * The URL of a route: `:name` segments replaced by the encoded params, the query appended. A
 * missing param is a programming error, so it throws.
 */
export function routeUrl(
  route: { readonly path: string },
  params?: unknown,
  query?: unknown,
): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: no :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

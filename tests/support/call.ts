import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  routeUrl,
  successStatus,
  type ApiRoute,
  type RouteInput,
  type RouteReply,
} from '../../src/domain/api/route.js';
import { TestBrowser } from './browser-session.js';

/**
 * Who sends a request: the app itself (the tests' one default browser, see actAsOneBrowser) or
 * a TestBrowser (its own cookies, and this site's Origin on a state-changing request).
 */
export type Caller = FastifyInstance | TestBrowser;

/** What a test may add to a route's declared inputs. */
export interface CallExtras {
  readonly headers?: Record<string, string>;
  /** The connection's address, for tests about per-address limits. */
  readonly remoteAddress?: string;
}

/** The route's inputs (params, query and body, typed by its schemas) and the extras. */
export type CallInput<R extends ApiRoute> = RouteInput<R> & CallExtras;

/** call()'s arguments after the route: its input, optional when every part of it is. */
export type CallArgs<R extends ApiRoute> =
  Record<string, never> extends RouteInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The reply, its `json()` typed as the route's success body unless told otherwise. */
export type CallResponse<R extends ApiRoute> = Omit<LightMyRequestResponse, 'json'> & {
  json<T = RouteReply<R>>(): T;
};

/**
 * Sends one request to a declared route (src/domain/api): its method and path come from the
 * declaration, `params`, `query` and `body` are typed by its zod schemas. Answers whatever the
 * server answered, so a test can check a refusal as well as a success.
 */
export async function call<R extends ApiRoute>(
  on: Caller,
  route: R,
  ...[input]: CallArgs<R>
): Promise<CallResponse<R>> {
  const options: InjectOptions & { url: string } = {
    method: route.method,
    url: routeUrl(route, input?.params, input?.query),
    ...(input?.body !== undefined ? { payload: input.body as InjectOptions['payload'] } : {}),
    ...(input?.headers ? { headers: input.headers } : {}),
    ...(input?.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  };
  const res = on instanceof TestBrowser ? await on.request(options) : await on.inject(options);
  return res as CallResponse<R>;
}

/**
 * Calls a declared route and expects its success: the one 2xx status it declares (the body is
 * in the failure's message), and a body its success schema accepts. Answers the parsed body.
 */
export async function ok<R extends ApiRoute>(
  on: Caller,
  route: R,
  ...args: CallArgs<R>
): Promise<RouteReply<R>> {
  const res = await call(on, route, ...args);
  const status = successStatus(route);
  expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(status);
  const schema = route.responses[status];
  if (!schema || route.replyMediaType) return undefined as RouteReply<R>;
  return schema.parse(res.json<unknown>()) as RouteReply<R>;
}

/**
 * A body (or query) the route's schema would refuse, sent on purpose: a test about validation, or
 * about fields the route ignores or does not declare (an emailed link's `access` token, which the
 * order access rule reads). Typed `never` so it fits any route's input.
 */
export function untyped(value: unknown): never {
  return value as never;
}

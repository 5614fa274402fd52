import type { ApiErrorBody } from '../../domain/api-error.js';
import {
  routeUrl,
  type ApiRoute,
  type RouteAddress,
  type RouteInput,
  type RouteReply,
} from '../../domain/api/route.js';
import {
  TEXT_INPUT_MESSAGES,
  textInputFields,
  textInputProblems,
} from '../../domain/text-input.js';

/**
 * The web's one way to call the API: a route declaration from src/domain/api and its inputs.
 * The URL is built from the declaration, the inputs are typed by its schemas, and the reply is
 * checked with the schema the route declares for its status (docs/api.md). This file loads no
 * zod itself (only the declarations a page imports do), so the entry chunk can use it.
 */

/** An API error as the pages need it: the server's code, message and per-field messages. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

const NETWORK_MESSAGE = 'We could not reach BoxAbroad. Please check your connection and try again.';
const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

type CallOptions = { readonly signal?: AbortSignal | undefined };
type CallArgs<R extends ApiRoute> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R> & CallOptions]
    : [input: RouteInput<R> & CallOptions];

/** Calls a declared route; resolves with its checked success reply, or throws ApiClientError. */
export async function callApi<R extends ApiRoute>(
  route: R,
  ...[input]: CallArgs<R>
): Promise<RouteReply<R>> {
  // The server refuses these characters with this answer; the browser says so without asking.
  const problems = textInputProblems({ body: input?.body, query: input?.query });
  if (problems.length > 0) {
    const fields = textInputFields(problems.map((p) => ({ ...p, path: p.path.slice(1) })));
    throw new ApiClientError(400, 'INVALID_CHARACTERS', TEXT_INPUT_MESSAGES.summary, fields);
  }
  const response = await send(route, input ?? {});
  const body: unknown = await response.json().catch(() => undefined);
  const schema =
    route.responses[response.status] ?? route.responses[response.status >= 500 ? '5xx' : '4xx'];
  const parsed = schema?.safeParse(body);
  if (response.ok) {
    if (!parsed?.success) throw unexpected(response.status);
    return parsed.data as RouteReply<R>;
  }
  if (!parsed?.success) throw unexpected(response.status);
  const { code, message, fields } = (parsed.data as ApiErrorBody).error;
  throw new ApiClientError(response.status, code, message, fields);
}

/**
 * Calls a route by its method and path alone, typed by its declaration but not checked at run
 * time: only for the entry chunk, which must not load zod (src/domain/api/entry-routes.ts; the
 * server checks every reply against the declaration before sending it). Throws ApiClientError
 * for any refusal, without reading it.
 */
export async function callApiUnchecked<R extends ApiRoute>(
  address: RouteAddress<R>,
  options: CallOptions = {},
): Promise<RouteReply<R>> {
  const response = await send(address, options);
  if (!response.ok) throw unexpected(response.status);
  return (await response.json()) as RouteReply<R>;
}

async function send(
  route: RouteAddress,
  input: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal | undefined },
): Promise<Response> {
  try {
    return await fetch(routeUrl(route, input.params, input.query), {
      method: route.method,
      headers: {
        accept: 'application/json',
        ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError(0, 'NETWORK', NETWORK_MESSAGE);
  }
}

function unexpected(status: number): ApiClientError {
  return new ApiClientError(status, 'UNEXPECTED', UNEXPECTED_MESSAGE);
}

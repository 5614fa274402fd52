import {
  routeUrl,
  type ApiRoute,
  type RouteAddress,
  type RouteReply,
} from '../../domain/api/route.js';

/**
 * The part of the API client the entry chunk (the app shell and the home page) needs: sending a
 * request and the error every call throws. `callApi` (lib/api.ts), which checks inputs and
 * replies, is loaded only by the pages that use it, so the home page's JavaScript stays small.
 * Everything else imports both from lib/api.ts.
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

export type CallOptions = { readonly signal?: AbortSignal | undefined };

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

/** Sends a request to a route's address; a network failure is ApiClientError `NETWORK`. */
export async function send(
  route: RouteAddress,
  input: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal | undefined },
): Promise<Response> {
  // Bytes (an uploaded file) are sent as they are; anything else as JSON.
  const raw = input.body instanceof Uint8Array;
  try {
    return await fetch(routeUrl(route, input.params, input.query), {
      method: route.method,
      headers: {
        accept: 'application/json',
        ...(input.body === undefined
          ? {}
          : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
      },
      body:
        input.body === undefined
          ? undefined
          : raw
            ? (input.body as Uint8Array<ArrayBuffer>)
            : JSON.stringify(input.body),
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError(0, 'NETWORK', NETWORK_MESSAGE);
  }
}

/** A reply that is not what the route declares. */
export function unexpected(status: number): ApiClientError {
  return new ApiClientError(status, 'UNEXPECTED', UNEXPECTED_MESSAGE);
}

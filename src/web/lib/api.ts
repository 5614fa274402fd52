import type { ApiErrorBody } from '../../domain/api-error.js';
import type { ApiRoute, RouteInput, RouteReply } from '../../domain/api/route.js';
import {
  TEXT_INPUT_MESSAGES,
  textInputFields,
  textInputProblems,
} from '../../domain/text-input.js';
import { ApiClientError, send, unexpected, type CallOptions } from './api-entry.js';

export { ApiClientError, callApiUnchecked } from './api-entry.js';

/**
 * The web's one way to call the API: a route declaration from src/domain/api and its inputs.
 * The URL is built from the declaration, the inputs are typed by its schemas, and the reply is
 * checked with the schema the route declares for its status (docs/api.md). This file loads no
 * zod itself (only the declarations a page imports do). The entry chunk uses only the part in
 * api-entry.ts (callApiUnchecked), so neither this check nor the text-input rules load with
 * the home page.
 */

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

import type { ZodType } from 'zod';
import { ApiErrorBodySchema } from '../../domain/api-error.js';

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

/** Calls our JSON API and validates the reply with the shared schema. */
export async function apiRequest<T>(
  path: string,
  schema: ZodType<T>,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ApiErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiClientError(response.status, code, message, fields);
    }
    throw new ApiClientError(
      response.status,
      'UNEXPECTED',
      'Something went wrong on our side. Please try again in a moment.',
    );
  }
  return schema.parse(body);
}

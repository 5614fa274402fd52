import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../domain/api-error.js';
import { isDatabaseUnreachable } from '../db/client.js';
import {
  errnoOf,
  failedStatementName,
  isStorageUnavailable,
  isWaitBoundHit,
  sqlStateOf,
} from '../db/wait-bounds.js';

/** An error a route or service raises on purpose; its message is safe to show a customer. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the reply carries with the error (e.g. `retry-after` on a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Seconds a client is asked to wait after the database kept it waiting past a bound. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

export const DATABASE_BUSY_MESSAGE =
  'We could not finish this in time because the site is very busy. Please try again in a few seconds.';

/** Seconds a client is asked to wait when the server's storage cannot take a write. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

export const STORAGE_UNAVAILABLE_MESSAGE =
  'We cannot save changes right now, so your last step was not saved. Please try again in a few minutes.';

export const DATABASE_UNREACHABLE_MESSAGE =
  'We could not reach our database just now. Please try again in a few seconds.';

export const GENERIC_SERVER_MESSAGE =
  'Something went wrong on our side. Please try again in a moment.';

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * The answer to input that fails its route's schema (src/server/http/route.ts): 422 with the
 * first message as the summary and one message per field, the same messages the web forms show.
 */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = issues[0]?.message ?? 'The request is not valid.';
  return new ApiError(422, 'VALIDATION_FAILED', first, fields);
}

/** Fastify's own client errors, turned into messages a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
};

/** The database failures answered 503, each with what is logged and when to ask again. */
const DATABASE_FAILURES: readonly {
  is: (error: unknown) => boolean;
  level: 'warn' | 'error';
  log: string;
  retryAfterSeconds: number;
  code: string;
  message: string;
}[] = [
  // A bounded wait on the database was hit (docs/operations.md, "Bounded waits"): the statement
  // was cancelled or never sent, so asking again shortly is safe.
  {
    is: isWaitBoundHit,
    level: 'warn',
    log: 'database wait bound hit',
    retryAfterSeconds: DATABASE_BUSY_RETRY_AFTER_SECONDS,
    code: 'DATABASE_BUSY',
    message: DATABASE_BUSY_MESSAGE,
  },
  // The connection was cut or could not be made (a restart, a failover): the statement in flight
  // failed; asking again once the database is back is the client's next step.
  {
    is: isDatabaseUnreachable,
    level: 'warn',
    log: 'database unreachable',
    retryAfterSeconds: DATABASE_BUSY_RETRY_AFTER_SECONDS,
    code: 'DATABASE_UNAVAILABLE',
    message: DATABASE_UNREACHABLE_MESSAGE,
  },
  // The disk is full or read-only (docs/operations.md, "Bad environments"): the write was refused
  // and rolled back; an operator must act, so this is logged as an error.
  {
    is: isStorageUnavailable,
    level: 'error',
    log: 'storage cannot take a write',
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    code: 'STORAGE_UNAVAILABLE',
    message: STORAGE_UNAVAILABLE_MESSAGE,
  },
];

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply
        .status(400)
        .send(errorBody('INVALID_JSON', 'The request body is not valid JSON.'));
    }
    const failure = DATABASE_FAILURES.find((f) => f.is(error));
    if (failure) {
      request.log[failure.level](
        { statement: failedStatementName(error), code: sqlStateOf(error) ?? errnoOf(error) },
        failure.log,
      );
      return reply
        .status(503)
        .header('retry-after', String(failure.retryAfterSeconds))
        .send(errorBody(failure.code, failure.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(status)
        .send(errorBody('BAD_REQUEST', 'The request could not be understood.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', GENERIC_SERVER_MESSAGE));
  });
}

/** The message of the site's ordinary 404: the method and path, nothing else. */
export function notFoundMessage(request: FastifyRequest): string {
  return `Nothing is found at ${request.method} ${request.url.split('?')[0]}.`;
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody('NOT_FOUND', notFoundMessage(request)));
}

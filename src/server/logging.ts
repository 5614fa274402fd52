import {
  pino,
  stdSerializers,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';

/** A PostgreSQL error code (SQLSTATE): five digits or capitals, e.g. `23505`, `57P01`. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The fields of a database error that name what failed without any value from the query. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'dataType',
  'schema',
  'routine',
] as const;

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    (typeof error.code === 'string' && SQLSTATE.test(error.code)) ||
    error.name === 'DrizzleQueryError' ||
    'query' in error ||
    'params' in error
  );
}

/**
 * The `err` serializer of every logger: a database error is logged by its code, constraint and
 * table only, never its message, detail, query or parameters, which carry what the customer
 * typed (names, emails, messages). Other errors as pino logs them, their causes made safe too.
 */
export function safeErrorSerializer(error: unknown): unknown {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) {
    return error instanceof Error ? { type: error.name } : error;
  }
  const fields = error as unknown as Record<string, unknown>;
  if (isDatabaseError(fields)) {
    const safe: Record<string, unknown> = {
      type: error.name,
      message: 'database error (values withheld)',
    };
    for (const name of SAFE_DATABASE_FIELDS) {
      if (fields[name] !== undefined) safe[name] = fields[name];
    }
    if (error.cause !== undefined) safe.cause = serialize(error.cause, depth + 1);
    return safe;
  }
  const standard = stdSerializers.err(error) as unknown as Record<string, unknown>;
  // pino folds a cause's message into the message and stack: keep them the error's own, and the
  // cause made safe beside them.
  if (error.cause !== undefined) {
    standard.message = error.message;
    standard.stack = error.stack;
    standard.cause = serialize(error.cause, depth + 1);
  }
  return standard;
}

/** The longest path written to a log line, in characters. */
const LOGGED_PATH_CHARS = 300;
/**
 * A query parameter's name as logged: a short word. Any other name is withheld too, since every
 * token the site issues is longer (43 characters) or dotted (a signed link), and one pasted
 * where a name goes must not reach the log either.
 */
const LOGGABLE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/**
 * A path segment that may be a credential: as long as the tokens the site puts in paths (a
 * tracking link's is 44 characters) and spelled as they are. An order's id (a UUID, 36
 * characters) names something the caller must still be allowed to open, and is kept.
 */
const TOKEN_SEGMENT = /^[A-Za-z0-9._~+=-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withheldSegment(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A broken escape: judged as it was sent.
  }
  return TOKEN_SEGMENT.test(decoded) && !UUID.test(decoded);
}

/**
 * A path as logged: every segment that could be a token withheld, whatever the route (the
 * tracking page's `/track/<token>` and its API, and any mistyped or made-up path holding one),
 * then at most 300 characters.
 */
export function loggedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (withheldSegment(segment) ? '[withheld]' : segment))
    .join('/')
    .slice(0, LOGGED_PATH_CHARS);
}

/**
 * A request URL as logged: the path (`loggedPath`), and the names of its query parameters but
 * never their values. Emailed links carry their secret in the query (`?access=` opens an order, `?token=`
 * resets a password, verifies an email or opens "Manage my booking"), and so may any parameter
 * yet to come; the names are read as the server's query parser reads them (`?%61ccess=` is
 * `access`), so no spelling of a parameter writes its value (docs/security.md). A tracking
 * link's token is in its path: `loggedPath` withholds it.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = loggedPath(mark < 0 ? url : url.slice(0, mark));
  if (mark < 0) return path;
  const names = [...new URLSearchParams(url.slice(mark + 1)).keys()].map((name) =>
    LOGGABLE_NAME.test(name) ? `${name}=[withheld]` : '[withheld]',
  );
  return names.length ? `${path}?${names.join('&')}` : path;
}

/** The process's logger: JSON lines with the safe error serializer. */
export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  const withSerializer = {
    ...options,
    serializers: { ...options.serializers, err: safeErrorSerializer },
  };
  return destination ? pino(withSerializer, destination) : pino(withSerializer);
}

/** A child of any logger (tests bring their own) with the safe error serializer. */
export function withSafeErrors(logger: Logger): Logger {
  return logger.child({}, { serializers: { err: safeErrorSerializer } });
}

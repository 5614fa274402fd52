import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce
  .number({ message: 'must be a whole number between 0 and 65535' })
  .int('must be a whole number between 0 and 65535')
  .min(0, 'must be a whole number between 0 and 65535')
  .max(65535, 'must be a whole number between 0 and 65535');

const timeoutMs = z.coerce
  .number({ message: 'must be a whole number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(1, 'must be at least 1 ms')
  .max(600_000, 'must be at most 600000 ms');

/** A rate limit: `MAX/WINDOW` requests per client address, the window in s, m or h (`200/15m`). */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, 'must be MAX/WINDOW such as 200/15m (window in s, m or h)')
  .transform((value) => {
    const [max, window] = value.split('/') as [string, string];
    const unit = { s: 1, m: 60, h: 3600 }[window.slice(-1) as 's' | 'm' | 'h'];
    return { max: Number(max), windowSeconds: Number(window.slice(0, -1)) * unit };
  })
  .refine((limit) => limit.windowSeconds > 0, 'the window must be longer than 0');

/** A credential: a stray space from copy-and-paste is refused rather than sent. */
const secret = z
  .string()
  .refine((value) => value === value.trim(), 'has leading or trailing spaces');

/** Variables whose values are never echoed in an error. */
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'COURIER_API_KEY',
  'COURIER_PASSWORD',
  'IDEAL_POSTCODES_API_KEY',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Every environment variable the server reads, with its default. `.env.example` mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 while any sandbox provider is active, else 0.0.0.0 (see listenHost). */
  HOST: z.string().min(1).optional(),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url('must be an absolute URL such as http://localhost:3000').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For) and the request's
   * protocol: `false` (default: none, the TCP peer is the client), a number of hops, or a
   * comma-separated list of proxy addresses/CIDRs (docs/security.md).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|true|\d+|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/,
      'must be false, a number of proxy hops, or proxy addresses such as 10.0.0.1,10.0.0.0/8',
    )
    .default('false')
    .transform((value): boolean | number | string =>
      value === 'false'
        ? false
        : value === 'true'
          ? true
          : /^\d+$/.test(value)
            ? Number(value)
            : value,
    ),
  /** Longest a client may take to send a whole request (headers and body), in ms. */
  REQUEST_TIMEOUT_MS: timeoutMs.default(30_000),
  /** A connection with nothing sent or received for this long is closed, in ms. */
  CONNECTION_TIMEOUT_MS: timeoutMs.default(120_000),
  /** How long an idle keep-alive connection stays open, in ms (above any proxy's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: timeoutMs.default(72_000),
  // Bounded waits on the database (docs/operations.md, "Bounded waits"); a request that hits
  // one answers 503 with Retry-After.
  /** The longest one statement may run, in ms (PostgreSQL's statement_timeout). */
  DB_STATEMENT_TIMEOUT_MS: timeoutMs.default(15_000),
  /** The longest a statement waits for a lock (on the embedded database: for its turn), in ms. */
  DB_LOCK_TIMEOUT_MS: timeoutMs.default(5_000),
  /** The longest an open transaction may sit idle between two statements, in ms. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs.default(30_000),
  /** How long the site waits at start for its PostgreSQL server to answer, in seconds. */
  DB_START_WAIT_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(60),
  // Rate limits per client address (docs/security.md): MAX/WINDOW; unset, the defaults of
  // DEFAULT_RATE_LIMITS in src/server/http/rate-limiter.ts (listed in .env.example).
  RATE_LIMIT_QUOTES: rateLimit.optional(),
  RATE_LIMIT_ORDERS: rateLimit.optional(),
  RATE_LIMIT_CONTACT: rateLimit.optional(),
  RATE_LIMIT_LOOKUPS: rateLimit.optional(),
  RATE_LIMIT_PAYMENTS: rateLimit.optional(),
  RATE_LIMIT_SIGN_IN: rateLimit.optional(),
  RATE_LIMIT_SIGN_UP: rateLimit.optional(),
  RATE_LIMIT_PASSWORD_RESETS: rateLimit.optional(),
  RATE_LIMIT_ACCOUNT: rateLimit.optional(),
  RATE_LIMIT_BOOKING_LINKS: rateLimit.optional(),
  /** Tracking page look-ups by reference and postcode, per address (MAX/WINDOW). */
  RATE_LIMIT_TRACKING_LOOKUPS: rateLimit.optional(),
  /** Declined card attempts per order before it must wait (MAX/WINDOW). */
  RATE_LIMIT_CARD_DECLINES: rateLimit.optional(),
  /** "Find address" on the booking form, per client address (MAX/WINDOW). */
  RATE_LIMIT_ADDRESS_LOOKUPS: rateLimit.optional(),
  /** …and per order, whoever asks (MAX/WINDOW). */
  RATE_LIMIT_ADDRESS_LOOKUPS_PER_ORDER: rateLimit.optional(),
  /** Event-loop delay above which the server answers 503 with Retry-After, in ms (0: off). */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Heap in use above which the server answers 503 with Retry-After, in MB (0: off). */
  PRESSURE_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  /**
   * Signs session cookies and emailed order links (docs/accounts.md). Without it the site
   * generates one on first start and keeps it in the database.
   */
  AUTH_SECRET: secret.min(32, 'must be at least 32 characters').optional(),

  // Courier (docs/providers.md). `simulator` runs an in-process simulator of the courier's API.
  COURIER_PROVIDER: z.enum(['simulator', 'transglobal']).default('simulator'),
  COURIER_BASE_URL: z.url('must be an absolute URL such as https://services3.example').optional(),
  COURIER_API_KEY: secret.optional(),
  COURIER_PASSWORD: secret.optional(),
  COURIER_SIMULATOR_PORT: port.optional(),
  COURIER_QUOTE_TIMEOUT_MS: timeoutMs.default(60_000),
  COURIER_BOOK_TIMEOUT_MS: timeoutMs.default(90_000),
  COURIER_COMMODITY_TIMEOUT_MS: timeoutMs.default(15_000),
  COURIER_COUNTRIES_TIMEOUT_MS: timeoutMs.default(30_000),
  COURIER_TRACK_TIMEOUT_MS: timeoutMs.default(50_000),
  /** Courier calls the route warm-up makes at a time (docs/quotes-and-orders.md). */
  COURIER_WARMUP_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(2),
  // Finding an address from its post code (docs/providers.md, "Addresses"). `sandbox` answers
  // offline from recorded answers of the provider.
  ADDRESS_PROVIDER: z.enum(['sandbox', 'ideal-postcodes']).default('sandbox'),
  /** Required when ADDRESS_PROVIDER=ideal-postcodes; sent in a header, never logged. */
  IDEAL_POSTCODES_API_KEY: secret.optional(),
  /** The provider's address, when not https://api.ideal-postcodes.co.uk. */
  IDEAL_POSTCODES_BASE_URL: z.url('must be an absolute URL such as https://api.example').optional(),
  /** The longest one lookup may take; the form gives up after 3 s whatever this says. */
  ADDRESS_LOOKUP_TIMEOUT_MS: timeoutMs.default(2_500),
  /** Provider calls a day (UK days), across every process; past it the lookup says so. */
  ADDRESS_LOOKUP_DAILY_CAP: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 or more')
    .max(10_000_000, 'must be at most 10000000')
    .default(1_000),
  /** Unpaid drafts unchanged for this many days are deleted (docs/orders.md, decision 050). */
  DRAFT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(30),
  /** Finished jobs' rows are deleted this many days after they finished (docs/jobs.md). */
  JOB_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(30),
  /** Courier tracking calls at a time, across the site (docs/tracking.md). */
  TRACKING_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(2),
  /** Tracking gives up, and flags the shipment for an operator, after this many silent days. */
  TRACKING_SILENT_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(10),
  /**
   * A booking's tracking link stops working this many days after it was delivered, returned or
   * cancelled; its page then says so (docs/tracking.md, decision 116).
   */
  TRACKING_LINK_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(90),
  /** An operator's session ends this many hours after its sign-in (docs/operators.md). */
  OPERATOR_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(24, 'must be at most 24')
    .default(12),
  /** …and this many minutes after its last use, whichever comes first. */
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5, 'must be at least 5')
    .max(240, 'must be at most 240')
    .default(30),
  /**
   * A clock the loopback-only `/dev/clock` can move forward (docs/tracking.md), shared with the
   * in-process courier simulator: demos and browser specs watch a week pass in seconds. Only with
   * both sandbox providers; refused with a real courier or card provider.
   */
  SANDBOX_CLOCK: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Production refuses sandbox providers unless this is `true` (set by `npm start` and e2e). */
  ALLOW_SANDBOX_PROVIDERS: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),

  // Email (docs/email.md). Without SMTP_URL mail goes to the local mailbox (/dev/mail).
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Sender of every email, e.g. `BoxAbroad <no-reply@boxabroad.example>`. */
  MAIL_FROM: z
    .string()
    .regex(
      /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
      'must be an address, optionally with a name: Name <a@b.c>',
    )
    .optional(),
  /** The sales mailbox that receives contact form messages. */
  SALES_EMAIL: z.email('must be an email address').optional(),
  /**
   * No longer used: email is delivered by `send-mail` jobs (decision 056), on the job queue's
   * loop, woken by every email enqueued. Still accepted so existing configurations start.
   */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(2000),
  /** Attempts per email before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1, 'must be at least 1').default(8),
  /**
   * Where a customer's reply to an email goes (Reply-To of every email that invites a reply):
   * a mailbox the business reads. Default: SALES_EMAIL.
   */
  REPLY_TO_EMAIL: z.email('must be an email address').optional(),
  /** SMTP: time to open the connection, and to get the server's greeting (decision 081). */
  SMTP_CONNECT_TIMEOUT_MS: timeoutMs.default(10_000),
  SMTP_GREETING_TIMEOUT_MS: timeoutMs.default(10_000),
  /** SMTP: longest silence of the server during a conversation. */
  SMTP_SOCKET_TIMEOUT_MS: timeoutMs.default(30_000),
  /** Consecutive connection failures or timeouts after which the mail server is left alone… */
  MAIL_BREAKER_FAILURES: z.coerce.number().int().min(1, 'must be at least 1').max(100).default(3),
  /** …for this long; then one message probes it. */
  MAIL_BREAKER_COOLDOWN_MS: timeoutMs.default(60_000),

  // Background jobs (decision 009): how many run at once in this process, bookings in their own
  // lane so captures and cancels never wait behind a slow courier; the lease another process
  // waits before taking over the job of one that died (renewed while the job runs).
  JOB_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').max(64).default(4),
  BOOKING_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').max(64).default(4),
  /** Email deliveries (`send-mail` jobs) at once in this process, in their own lane. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').max(64).default(2),
  JOB_LEASE_MS: z.coerce.number().int().min(1_000, 'must be at least 1000').default(60_000),
  /** How long the courier's booking reply, and the booked order, are retried through a lost database. */
  BOOKING_REPLY_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000, 'must be at least 1000')
    .default(120_000),

  // Card payments (docs/orders.md). `sandbox` behaves like the card provider's test mode.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: secret
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: secret
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment; throws an EnvError naming every bad variable at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  const problems = result.success
    ? crossFieldProblems(result.data)
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const value = cleaned[name];
        const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      });
  if (result.success && problems.length === 0) return result.data;
  throw new EnvError(problems);
}

/** Sandbox providers this configuration runs: each one is for the person at this machine only. */
export function activeSandboxes(env: Env): string[] {
  const active: string[] = [];
  if (env.COURIER_PROVIDER === 'simulator') active.push('courier simulator');
  if (env.PAYMENT_PROVIDER === 'sandbox') active.push('card sandbox');
  if (!env.SMTP_URL) active.push('local mailbox');
  return active;
}

/**
 * The address the server listens on. While a sandbox is active (its local mailbox holds every
 * email with names, addresses and label links) the default is loopback only; an explicit HOST
 * wins, with a warning to log (docs/security.md).
 */
export function listenHost(env: Env): { host: string; warning?: string } {
  const sandboxes = activeSandboxes(env);
  if (!env.HOST) return { host: sandboxes.length > 0 ? '127.0.0.1' : '0.0.0.0' };
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(env.HOST);
  if (sandboxes.length > 0 && !loopback) {
    return {
      host: env.HOST,
      warning: `HOST=${env.HOST} exposes a sandbox (${sandboxes.join(', ')}) beyond this machine; the local mailbox and other /dev pages still answer loopback clients only`,
    };
  }
  return { host: env.HOST };
}

/** Rules that involve more than one variable. */
function crossFieldProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.COURIER_PROVIDER === 'transglobal') {
    for (const name of ['COURIER_BASE_URL', 'COURIER_API_KEY', 'COURIER_PASSWORD'] as const) {
      if (!env[name]) problems.push(`${name}: required when COURIER_PROVIDER=transglobal`);
    }
  }
  if (
    env.NODE_ENV === 'production' &&
    env.COURIER_PROVIDER === 'simulator' &&
    !env.ALLOW_SANDBOX_PROVIDERS
  ) {
    problems.push(
      'COURIER_PROVIDER: production refuses the courier simulator; set COURIER_PROVIDER=transglobal, or ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
  }
  if (env.ADDRESS_PROVIDER === 'ideal-postcodes' && !env.IDEAL_POSTCODES_API_KEY) {
    problems.push('IDEAL_POSTCODES_API_KEY: required when ADDRESS_PROVIDER=ideal-postcodes');
  }
  if (
    env.NODE_ENV === 'production' &&
    env.ADDRESS_PROVIDER === 'sandbox' &&
    !env.ALLOW_SANDBOX_PROVIDERS
  ) {
    problems.push(
      'ADDRESS_PROVIDER: production refuses the address sandbox; set ADDRESS_PROVIDER=ideal-postcodes with IDEAL_POSTCODES_API_KEY, or ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
  }
  if (
    env.SANDBOX_CLOCK &&
    (env.COURIER_PROVIDER !== 'simulator' || env.PAYMENT_PROVIDER !== 'sandbox')
  ) {
    problems.push(
      'SANDBOX_CLOCK: a clock that can be moved runs only with the courier simulator and the card sandbox; remove it',
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) problems.push(`${name}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (
    env.NODE_ENV === 'production' &&
    env.PAYMENT_PROVIDER === 'sandbox' &&
    !env.ALLOW_SANDBOX_PROVIDERS
  ) {
    problems.push(
      'PAYMENT_PROVIDER: production refuses the card sandbox; set PAYMENT_PROVIDER=stripe with its keys, or ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
  }
  if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PROVIDERS) {
    if (!env.SMTP_URL) {
      problems.push(
        'SMTP_URL: is required in production (emails would only reach the local mailbox); set ALLOW_SANDBOX_PROVIDERS=true to run a sandbox',
      );
    }
    for (const name of ['MAIL_FROM', 'SALES_EMAIL'] as const) {
      if (!env[name]) problems.push(`${name}: is required in production`);
    }
    if (!env.PUBLIC_URL) {
      problems.push(
        'PUBLIC_URL: is required in production (the site’s own links must not come from the Host header); set ALLOW_SANDBOX_PROVIDERS=true to run a sandbox',
      );
    }
  }
  return problems;
}

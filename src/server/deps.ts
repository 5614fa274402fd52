import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Clock, SandboxClock } from './clock.js';
import type { RateLimitSettings } from './http/rate-limiter.js';
import type { JobQueueOptions } from './jobs/job-queue.js';
import type { CheckoutOptions } from './modules/checkout/index.js';
import type { CustomerWaits, RouteCachePolicy } from './modules/courier-routes/index.js';
import { waitForServer } from './db/wait-for-server.js';
import { type MailDeps, createMail, mailConfigFromEnv } from './modules/email/index.js';
import type { CourierProvider } from './providers/courier/courier-provider.js';
import type { PaymentProvider } from './providers/payment/payment-provider.js';
import type { AddressLookupProvider } from './providers/address-lookup/address-lookup-provider.js';
import { createAddressLookup } from './providers/address-lookup/index.js';
import { sandboxClock, systemClock } from './clock.js';
import type { TrackingSettings } from './modules/tracking/index.js';
import type { OperatorSessionLimits } from './modules/accounts/index.js';
import { openDatabase, unusableDirectory, type Database } from './db/client.js';
import {
  DataDirectoryNotPrivateError,
  describeTightened,
  privateDataDir,
} from './private-files.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import type { Env } from './env.js';
import { createCourier } from './providers/courier/index.js';
import { createPaymentProvider } from './providers/payment/index.js';

/** Everything the app needs from the outside world; tests build their own. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** The courier (docs/providers.md): the real API, or the simulator of it. */
  courier: CourierProvider;
  /**
   * Finding an address from its post code (docs/providers.md, "Addresses"): Ideal Postcodes, or
   * its offline sandbox. When absent, the sandbox.
   */
  addressLookup?: AddressLookupProvider;
  /** The lookups' guard-rails: the day's cap of provider calls, how long answers are kept. */
  addressLookupSettings?: { dailyCap?: number; cacheTtlMs?: number };
  /** How long courier route answers are trusted; defaults suit production. */
  routeCachePolicy?: RouteCachePolicy;
  /** Courier calls the route matrix's refresh makes at a time (COURIER_WARMUP_CONCURRENCY, default 2). */
  courierWarmupConcurrency?: number;
  /** Unpaid drafts unchanged for this many days are deleted (DRAFT_RETENTION_DAYS, default 30). */
  draftRetentionDays?: number;
  /** Finished jobs' rows are deleted this many days after they finished (JOB_RETENTION_DAYS, 30). */
  jobRetentionDays?: number;
  /** Tracking's courier calls at a time and its silence limit (TRACKING_*; docs/tracking.md). */
  tracking?: Partial<TrackingSettings>;
  /**
   * How long a date or contact change waits for the courier before it answers (8 s; tests set
   * less: docs/booking-changes.md).
   */
  changeAnswerWithinMs?: number;
  /** How long an operator's session lasts (OPERATOR_SESSION_*; docs/operators.md). */
  operatorSessions?: Partial<OperatorSessionLimits>;
  /** The clock `/dev/clock` moves (SANDBOX_CLOCK): the same object as `clock`. */
  sandboxClock?: SandboxClock;
  /**
   * DATA_DIR: the site's private files (claims' evidence in `claims-evidence/`). When absent
   * (API tests), a new folder in the system's temporary directory.
   */
  dataDir?: string;
  /** Directory of the built SPA; when absent (dev, API tests) only the API is served. */
  webDistDir?: string;
  /** The site's public address (PUBLIC_URL) for canonical links and the sitemap; else per request. */
  publicUrl?: string;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number;
  /**
   * Email: the entry points features call (`mail.emails`), the outbox, its transport and worker.
   * When absent (API tests), a local mailbox on `database` with a worker that is not started.
   */
  mail?: MailDeps;
  /**
   * The card provider (docs/orders.md): Stripe, or the card sandbox. When absent, the sandbox on
   * `database`. A sandbox's events are posted to the app's own webhook route, signed.
   */
  payment?: PaymentProvider;
  /** The job queue's timings (tests shorten them); its worker is started by main. */
  jobQueue?: Partial<JobQueueOptions>;
  /** Booking retry window and delay. */
  checkout?: Partial<CheckoutOptions>;
  /** The longest a customer waits for the courier (defaults: `DEFAULT_CUSTOMER_WAITS`). */
  customerWaits?: Partial<CustomerWaits>;
  /** AUTH_SECRET: signs session cookies and order links; else the site's own, in the database. */
  authSecret?: string;
  /** Limits per client address and per order (RATE_LIMIT_*); tests raise or lower them. */
  rateLimits?: Partial<RateLimitSettings>;
  /**
   * Which proxies are believed about the client's address and protocol (TRUST_PROXY): `false`
   * (default), a number of hops, or proxy addresses.
   */
  trustProxy?: boolean | number | string;
  /** Request, idle-connection and keep-alive timeouts (REQUEST_TIMEOUT_MS and the like). */
  timeouts?: Partial<ServerTimeouts>;
  /** When the server is too busy to answer well it answers 503 with Retry-After instead. */
  pressure?: Partial<PressureLimits>;
}

export interface ServerTimeouts {
  /** Longest a client may take to send a whole request, headers and body. */
  requestMs: number;
  /** A connection with nothing sent or received for this long is closed. */
  connectionMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveMs: number;
}

export interface PressureLimits {
  /** Mean event-loop delay above which requests get 503 (0: not checked). */
  maxEventLoopDelayMs: number;
  /** Heap in use above which requests get 503 (0: not checked). */
  maxHeapUsedBytes: number;
  /** How often the load is sampled. */
  sampleIntervalMs: number;
}

/** Where `npm run build` puts the SPA, whether running from src/ (tsx) or dist/ (node). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export async function prepareDatabase(database: Database, logger: Logger): Promise<void> {
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const { seededRateTables } = await seed(database);
  if (seededRateTables.length > 0) logger.info({ seededRateTables }, 'sample rate tables seeded');
}

/**
 * The embedded database's data directory, made (0700) or made private before it is opened
 * (decision 114), what had to change logged; one that cannot be written stops the start with
 * the reason, as the database's own opening does.
 */
export async function privateDataDirLogged(dataDir: string, logger: Logger): Promise<void> {
  try {
    await privateDataDir(dataDir, (changed) =>
      logger.warn({ dataDir, ...changed }, `data directory: ${describeTightened(changed)}`),
    );
  } catch (error) {
    if (error instanceof DataDirectoryNotPrivateError) throw error;
    throw unusableDirectory(dataDir, error) ?? error;
  }
}

/**
 * The site's database (PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR), its
 * migrations applied and its reference data seeded.
 */
async function openSiteDatabase(env: Env, logger: Logger): Promise<Database> {
  const timeouts = {
    statementMs: env.DB_STATEMENT_TIMEOUT_MS,
    lockMs: env.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  if (!env.DATABASE_URL) await privateDataDirLogged(resolve(env.DATA_DIR), logger);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, timeouts })
    : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite'), timeouts });
  logger.info(
    {
      database: database.kind,
      ...(database.kind === 'pglite' ? { dataDir: resolve(env.DATA_DIR) } : {}),
    },
    'database opened',
  );
  if (database.kind === 'postgres') {
    try {
      await waitForServer(database, { seconds: env.DB_START_WAIT_SECONDS, logger });
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  await prepareDatabase(database, logger);
  return database;
}

/** The rate limits the environment sets; the others keep their defaults. */
function rateLimitsFromEnv(env: Env): AppDeps['rateLimits'] {
  return Object.fromEntries(
    Object.entries({
      quotes: env.RATE_LIMIT_QUOTES,
      orders: env.RATE_LIMIT_ORDERS,
      contact: env.RATE_LIMIT_CONTACT,
      lookups: env.RATE_LIMIT_LOOKUPS,
      payments: env.RATE_LIMIT_PAYMENTS,
      signIn: env.RATE_LIMIT_SIGN_IN,
      signUp: env.RATE_LIMIT_SIGN_UP,
      passwordResets: env.RATE_LIMIT_PASSWORD_RESETS,
      account: env.RATE_LIMIT_ACCOUNT,
      bookingLinks: env.RATE_LIMIT_BOOKING_LINKS,
      trackingLookups: env.RATE_LIMIT_TRACKING_LOOKUPS,
      cardDeclines: env.RATE_LIMIT_CARD_DECLINES,
      addressLookups: env.RATE_LIMIT_ADDRESS_LOOKUPS,
      addressLookupsPerOrder: env.RATE_LIMIT_ADDRESS_LOOKUPS_PER_ORDER,
    }).filter(([, limit]) => limit !== undefined),
  );
}

/** The settings the environment gives the app's parts, beside what createDeps opens. */
function settingsFromEnv(env: Env) {
  return {
    addressLookupSettings: { dailyCap: env.ADDRESS_LOOKUP_DAILY_CAP },
    courierWarmupConcurrency: env.COURIER_WARMUP_CONCURRENCY,
    draftRetentionDays: env.DRAFT_RETENTION_DAYS,
    jobRetentionDays: env.JOB_RETENTION_DAYS,
    tracking: {
      concurrency: env.TRACKING_CONCURRENCY,
      silentDays: env.TRACKING_SILENT_DAYS,
      linkDays: env.TRACKING_LINK_DAYS,
    },
    operatorSessions: {
      maxHours: env.OPERATOR_SESSION_MAX_HOURS,
      idleMinutes: env.OPERATOR_SESSION_IDLE_MINUTES,
    },
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.AUTH_SECRET ? { authSecret: env.AUTH_SECRET } : {}),
    dataDir: resolve(env.DATA_DIR),
    trustProxy: env.TRUST_PROXY,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
    pressure: {
      maxEventLoopDelayMs: env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: env.PRESSURE_MAX_HEAP_USED_MB * 1024 * 1024,
    },
    rateLimits: rateLimitsFromEnv(env),
    // A resumed booking waits for the courier's own timeout and the keeping of its reply.
    checkout: {
      bookingInFlightMs: env.COURIER_BOOK_TIMEOUT_MS + env.BOOKING_REPLY_WINDOW_MS,
      replyWriteWindowMs: env.BOOKING_REPLY_WINDOW_MS,
    },
    jobQueue: {
      concurrency: env.JOB_CONCURRENCY,
      bookingConcurrency: env.BOOKING_CONCURRENCY,
      mailConcurrency: env.MAIL_CONCURRENCY,
      leaseMs: env.JOB_LEASE_MS,
    },
  } satisfies Partial<AppDeps>;
}

/** Opens everything the app depends on, from the parsed environment. */
export async function createDeps(
  env: Env,
  logger: Logger,
): Promise<AppDeps & { close(): Promise<void> }> {
  const database = await openSiteDatabase(env, logger);
  const movable = env.SANDBOX_CLOCK ? sandboxClock() : undefined;
  if (movable) logger.warn('SANDBOX_CLOCK: /dev/clock can move this site’s clock forward');
  const clock = movable ?? systemClock;
  let courier;
  try {
    courier = await createCourier(env, logger, clock);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mail = createMail({ database, clock, logger }, mailConfigFromEnv(env));
  logger.info(
    { transport: mail.transport.kind, ...(mail.mailbox ? { mailbox: '/dev/mail' } : {}) },
    'mail ready',
  );
  const payment = createPaymentProvider(env, {
    query: database.query,
    clock,
    logger: logger.child({ component: 'payment' }),
  });
  logger.info({ payment: payment.name }, 'payments ready');
  return {
    payment,
    database,
    clock,
    ...(movable ? { sandboxClock: movable } : {}),
    logger,
    courier: courier.courier,
    addressLookup: createAddressLookup(env, logger),
    ...settingsFromEnv(env),
    mail,
    close: async () => {
      // The background work is stopped before this (main.ts): no delivery is in progress.
      await mail.close();
      await courier.close();
      await database.close();
    },
  };
}

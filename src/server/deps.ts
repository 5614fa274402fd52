import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { AppDeps } from './app.js';
import { systemClock } from './clock.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import type { Env } from './env.js';
import { createCourier } from './providers/courier/index.js';
import { createMail, mailConfigFromEnv } from './modules/email/mail.js';
import { createPaymentProvider } from './providers/payment/index.js';

/** Where `npm run build` puts the SPA, whether running from src/ (tsx) or dist/ (node). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export async function prepareDatabase(database: Database, logger: Logger): Promise<void> {
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const { seededRateTables } = await seed(database);
  if (seededRateTables.length > 0) logger.info({ seededRateTables }, 'sample rate tables seeded');
}

/** Opens everything the app depends on, from the parsed environment. */
export async function createDeps(
  env: Env,
  logger: Logger,
): Promise<AppDeps & { close(): Promise<void> }> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') });
  logger.info(
    {
      database: database.kind,
      ...(database.kind === 'pglite' ? { dataDir: resolve(env.DATA_DIR) } : {}),
    },
    'database opened',
  );
  await prepareDatabase(database, logger);
  let courier;
  try {
    courier = await createCourier(env, logger, systemClock);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mail = createMail({ database, clock: systemClock, logger }, mailConfigFromEnv(env));
  logger.info(
    { transport: mail.transport.kind, ...(mail.mailbox ? { mailbox: '/dev/mail' } : {}) },
    'mail ready',
  );
  const payment = createPaymentProvider(env, {
    query: database.query,
    clock: systemClock,
    logger: logger.child({ component: 'payment' }),
  });
  logger.info({ payment: payment.name }, 'payments ready');
  return {
    payment,
    database,
    clock: systemClock,
    logger,
    courier: courier.courier,
    courierWarmupConcurrency: env.COURIER_WARMUP_CONCURRENCY,
    draftRetentionDays: env.DRAFT_RETENTION_DAYS,
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.AUTH_SECRET ? { authSecret: env.AUTH_SECRET } : {}),
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
    rateLimits: Object.fromEntries(
      Object.entries({
        quotes: env.RATE_LIMIT_QUOTES,
        contact: env.RATE_LIMIT_CONTACT,
        lookups: env.RATE_LIMIT_LOOKUPS,
        payments: env.RATE_LIMIT_PAYMENTS,
        signIn: env.RATE_LIMIT_SIGN_IN,
        signUp: env.RATE_LIMIT_SIGN_UP,
        passwordResets: env.RATE_LIMIT_PASSWORD_RESETS,
        account: env.RATE_LIMIT_ACCOUNT,
        bookingLinks: env.RATE_LIMIT_BOOKING_LINKS,
        cardDeclines: env.RATE_LIMIT_CARD_DECLINES,
      }).filter(([, limit]) => limit !== undefined),
    ),
    mail,
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
    close: async () => {
      // The background work is stopped before this (main.ts): no delivery is in progress.
      await mail.close();
      await courier.close();
      await database.close();
    },
  };
}

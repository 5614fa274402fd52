import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { expect } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { fixedClock } from '../../src/server/clock.js';
import type { RecurringJobDefinition } from '../../src/server/jobs/job-queue.js';
import {
  startCourierSimulator,
  type CourierSimulator,
} from '../../src/server/providers/courier/simulator/simulator.server.js';
import {
  TransglobalCourier,
  type CourierTimeouts,
} from '../../src/server/providers/courier/transglobal/transglobal.client.js';
import { createMail, type MailDeps } from '../../src/server/modules/email/mail.js';
import { GUEST_COOKIE } from '../../src/server/modules/orders/order-access.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { useBuilt } from './use-built.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** The courier simulator behind `deps.courier`, unless the test passed its own courier. */
  courierSimulator?: CourierSimulator;
  /** Email on the local mailbox; the worker is not started: tests call `mail.worker.runOnce()`. */
  mail: MailDeps;
  close(): Promise<void>;
}

/**
 * The real courier client pointed at a test's courier simulator: short timeouts and no retry
 * delay, so switched failures resolve fast.
 */
export function simulatorClient(
  url: string,
  bookMs = 5_000,
  timeouts: Partial<CourierTimeouts> = {},
): TransglobalCourier {
  return new TransglobalCourier({
    name: 'simulator',
    baseUrl: url,
    apiKey: 'test',
    password: 'test',
    timeouts: { countriesMs: 2_000, quoteMs: 2_000, commodityMs: 2_000, bookMs, ...timeouts },
    retry: { attempts: 2, baseDelayMs: 10 },
  });
}

/**
 * Another process beside a test's app: an app of its own (job worker, payment sandbox) on the
 * same database, clock, courier simulator and mail, as a second server or a restart has. Its
 * courier client gives up on BookShipment after `bookMs`. The test closes it.
 */
export function anotherProcess(t: TestApp, bookMs = 5_000): Promise<FastifyInstance> {
  return buildApp({
    database: t.database,
    clock: t.clock,
    logger: pino({ level: 'silent' }),
    courier: simulatorClient(t.courierSimulator!.url, bookMs),
    mail: t.mail,
  });
}

/**
 * buildApp on a fresh database with a frozen clock and a silent logger; no port is opened for
 * the app. Unless `overrides.courier` is given, the courier is the real HTTP client talking to a
 * courier simulator started for this app (on a free local port, sharing the frozen clock, with
 * short timeouts and no retry delay so switched failures resolve fast).
 */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  /** Adds test-only routes or hooks before the app is ready. */
  extend?: (app: FastifyInstance) => void,
  /** The simulator client's other waits (a test about a courier call that outlives its wait). */
  courierTimeouts: Partial<CourierTimeouts> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock('2026-11-23T10:00:00Z');
  const courierSimulator = overrides.courier
    ? undefined
    : await startCourierSimulator({
        clock,
        credentials: { apiKey: 'test', password: 'test' },
        // The client below waits 5 s for a booking: a render thread's first render can take
        // longer on a loaded machine. The simulator's own tests render on its thread.
        renderPdfs: 'this-thread',
      });
  const courier =
    overrides.courier ?? simulatorClient(courierSimulator!.url, 5_000, courierTimeouts);
  const logger = pino({ level: 'silent' });
  const mail =
    overrides.mail ??
    createMail(
      { database, clock, logger },
      {
        from: 'BoxAbroad <no-reply@boxabroad.test>',
        salesEmail: 'sales@boxabroad.test',
        siteUrl: 'http://localhost:3000',
      },
    );
  const app = await buildApp({
    database,
    clock,
    logger,
    courier,
    mail,
    // A loaded test machine stalls the event loop: only tests about it switch the 503 on.
    pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
    ...overrides,
  });
  actAsOneBrowser(app);
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    ...(courierSimulator ? { courierSimulator } : {}),
    mail,
    close: async () => {
      await app.services.courierRoutes.idle();
      await app.close();
      await courierSimulator?.close();
      await mail.close();
      await database.dispose();
    },
  };
}

/**
 * The one way an integration file gets its app (docs/testing.md): builds it in a `beforeAll` and
 * closes it in an `afterAll`, both registered where it is called, and gives the file a handle
 * that stands for the app once built: `const t = useTestApp();` at the top, then `t.app`,
 * `t.database`… inside tests and hooks, or `t` passed to a factory. Reading it before the
 * `beforeAll` has run (at the top level of the file) throws. Overrides that need values made
 * at that time (a temporary directory, a simulator, another app's database) are given as a
 * function, called in the `beforeAll`. A test that needs an app set up differently builds its
 * own with `createTestApp()` and closes it.
 */
export function useTestApp(
  overrides: Partial<AppDeps> | (() => Partial<AppDeps> | Promise<Partial<AppDeps>>) = {},
  extend?: (app: FastifyInstance) => void,
  courierTimeouts: Partial<CourierTimeouts> = {},
): TestApp {
  return useBuilt(
    'useTestApp()',
    async () =>
      createTestApp(
        typeof overrides === 'function' ? await overrides() : overrides,
        extend,
        courierTimeouts,
      ),
    (app) => app.close(),
  );
}

/**
 * The guest session of the test's default browser (see actAsOneBrowser): a value this app
 * issued, since the server ignores any other (decision 078).
 */
export function defaultBrowserCookie(app: FastifyInstance): string {
  return `${GUEST_COOKIE}=${app.services.orderAccess.guestCookieValue('the-tests-default-browser-000001')}`;
}

/**
 * Orders open only to the browser that made them (docs/accounts.md). A request that says
 * nothing about cookies comes from the test's one default browser, so tests about something
 * else need not carry a cookie jar; a request with a `cookie` header (TestBrowser always sends
 * one, possibly empty) is its own browser.
 */
export function actAsOneBrowser(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<unknown>;
  const cookie = defaultBrowserCookie(app);
  const withBrowser = (options: string | InjectOptions): InjectOptions => {
    const opts = typeof options === 'string' ? { url: options } : options;
    const headers = (opts.headers ?? {}) as Record<string, string>;
    if ('cookie' in headers) return opts;
    return { ...opts, headers: { ...headers, cookie } };
  };
  app.inject = ((options: string | InjectOptions) => inject(withBrowser(options))) as never;
}

/**
 * Runs a recurring job (one `jobs` row, found by its key) now, as its next round: scheduled if
 * it is not yet, made due now if an earlier round left it waiting, then the queue drained.
 */
export async function runRecurringJobNow(t: TestApp, job: RecurringJobDefinition): Promise<void> {
  await t.app.services.jobs.schedule(job);
  await t.database.query(`UPDATE jobs SET run_at = $2 WHERE key = $1 AND status = 'pending'`, [
    job.key({}),
    t.clock.now(),
  ]);
  await t.app.services.jobs.drain();
}

/** Asserts that a recurring job's row waits for its next round, `ms` from the test clock's now. */
export async function expectDueAgainIn(t: TestApp, kind: string, ms: number): Promise<void> {
  const [job] = await t.database.query<{ status: string; run_at: Date | string }>(
    `SELECT status, run_at FROM jobs WHERE key = $1`,
    [kind],
  );
  expect(job?.status).toBe('pending');
  expect(new Date(job!.run_at).getTime()).toBe(t.clock.now().getTime() + ms);
}

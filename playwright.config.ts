import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { PHONE } from './tests/e2e/support/site.js';
import { e2eSites, SITE_NAMES, type SiteName } from './tests/e2e/support/sites.js';

/** A free port, chosen once by the runner; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The sites the run starts side by side (scripts/run/e2e-server.ts; tests/e2e/support/sites.ts),
 * their ports chosen once by the runner: workers inherit them through the environment.
 */
process.env.E2E_SITES ??= JSON.stringify(
  await Promise.all(
    SITE_NAMES.map(async (name) => ({
      name,
      port: await freePort(),
      courierPort: await freePort(),
      sandboxClock: name === 'clock',
    })),
  ),
);
process.env.E2E_READY_PORT ??= String(await freePort());
const siteURL = (name: SiteName) =>
  `http://127.0.0.1:${e2eSites().find((site) => site.name === name)?.port ?? 0}`;
const baseURL = siteURL('main');
/** The operator the e2e server creates before it starts (scripts/run/e2e-server.ts), for the console's specs. */
process.env.E2E_ADMIN_EMAIL ??= 'operator@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'console operator password';
/** That operator's authenticator secret (base32): the specs compute its sign-in codes. */
process.env.E2E_ADMIN_TOTP_SECRET ??= 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** A second operator, without two-step sign-in: its spec walks the console's enrolment. */
process.env.E2E_NEW_ADMIN_EMAIL ??= 'new.operator@example.com';

/**
 * Specs that switch the courier simulator into failure modes: on a site of their own, one file at
 * a time. The no-quotes journey spec forgets the warm route matrix, so it runs last there, after
 * the spec that needs the matrix warm.
 */
const PROVIDER_FAILURES =
  /provider-failures\.spec\.ts|p04-no-edit-after-payment\.spec\.ts|p06-courier-text-stays-with-the-operator\.spec\.ts/;
const NO_QUOTES = /p05-no-quotes-keeps-the-form\.spec\.ts/;
/**
 * Specs that move the site's clock (and the courier simulator's with it) days forward through
 * `POST /dev/clock` (SANDBOX_CLOCK): a shipment's whole journey in seconds. Other specs' sessions,
 * emailed links and rate-limit windows would lapse under them, so they run on a site of their
 * own, one at a time. The clock never moves back: each spec works from the time `GET /dev/clock`
 * says it is.
 */
const SANDBOX_CLOCK = /[\\/]sandbox-clock[\\/][^\\/]+\.spec\.ts$/;
const COURIER_SWITCHES = [PROVIDER_FAILURES, NO_QUOTES];
/** What the main site's projects leave to the sites of their own. */
const OWN_SITE_ONLY = [...COURIER_SWITCHES, SANDBOX_CLOCK];

/**
 * Debian's Chromium: Playwright never downloads a browser here (docs/decisions/005). Its headless
 * shell when installed (`.ci/run` installs it), the same build without the windowed headless mode,
 * in which a page can stop producing frames and a click then waits forever for the element to be
 * "stable" (docs/decisions/064-browser-specs-in-the-headless-shell.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A journey spec loads several pages and runs axe on each: 10–15 s on a quiet machine, over
  // 30 s on a busy one. The limit catches a hang. An expectation waits up to 10 s: with two
  // browsers and the server on two cores, /account has taken more than 5 s to show an order it
  // had (docs/decisions/063-browser-specs-wait-ten-seconds.md).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace for every test cost a third of the browser run's CPU (648–715 against
    // 450–463 CPU-seconds, 353–387 s against 260–267 s of wall time), and CI's clone is thrown
    // away with it. Under CI a failure leaves its message, call log, the page's accessibility
    // snapshot and a screenshot; `--trace=retain-on-failure` records traces again
    // (docs/decisions/070-no-browser-traces-in-ci.md).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The sites-of-their-own projects come first: each runs on one worker, one file at a time,
    // and being first in the queue they start at once, beside the main site's projects, instead
    // of running alone after them (docs/decisions/158-a-site-per-shared-switch.md).
    {
      // Its specs move the clock of the clock site (SANDBOX_CLOCK above). Run it alone with
      // `npx playwright test --project=sandbox-clock`.
      name: 'sandbox-clock',
      testMatch: SANDBOX_CLOCK,
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: siteURL('clock'),
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'provider-failures',
      testMatch: PROVIDER_FAILURES,
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: siteURL('courier-switches'),
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'desktop',
      // Tests tagged @phone exercise what exists only at phone width (the menu button).
      grepInvert: /@phone/,
      // The courier-failure specs switch the simulator every other spec relies on, and the
      // sandbox-clock specs move the clock every other spec reads: never on this site, only on
      // their own (the projects above).
      testIgnore: OWN_SITE_ONLY,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'phone',
      // Only what is about layout runs at phone width: the @phone tests, and the @layout smoke
      // set (every route's shell, the home page, the quote table, the booking wizard, the items
      // page, the checkout journey, the contact form's errors, the email) that the desktop
      // project also runs. Everything else runs once, on the desktop, where each state a
      // journey checks for fit is measured at this project's width too
      // (docs/decisions/157-phone-width-checked-where-a-journey-stands.md).
      grep: /@phone|@layout/,
      testIgnore: OWN_SITE_ONLY,
      use: { ...PHONE, launchOptions: chromium },
    },
    {
      // After provider-failures, on its site: it forgets the route matrix that spec needs warm.
      name: 'no-quotes',
      testMatch: NO_QUOTES,
      dependencies: ['provider-failures'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: siteURL('courier-switches'),
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // The production build, served by the real server: every site of E2E_SITES, each on a fresh
    // data directory, started side by side; ready when all of them answer /readyz.
    command: 'node --import tsx scripts/run/e2e-server.ts',
    url: `http://127.0.0.1:${process.env.E2E_READY_PORT}/`,
    reuseExistingServer: false,
    // Stopped as a supervisor stops it, so the sites finish their work and their data
    // directories are removed (scripts/run/e2e-server.ts); killed if not gone 15 s later.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // Migrating fresh databases (once for the operators, then the server) on a busy machine can
    // take more than a minute.
    timeout: 150_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No busy guard: two browsers on two cores starve the server, and rendering a label's PDF
      // then holds its event loop past the guard's 1 s, so specs about something else met 503
      // SERVICE_BUSY. The guard has its own tests (guard-rails.test.ts); the Vitest apps turn
      // it off for the same reason.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});

import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { PHONE } from './tests/e2e/support/site.js';

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

process.env.E2E_PORT ??= String(await freePort());
/** The courier simulator's own port, so specs can flip its behaviour switches (POST /__control). */
process.env.E2E_COURIER_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** The operator the e2e server creates before it starts (scripts/run/e2e-server.ts), for the console's specs. */
process.env.E2E_ADMIN_EMAIL ??= 'operator@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'console operator password';
/** That operator's authenticator secret (base32): the specs compute its sign-in codes. */
process.env.E2E_ADMIN_TOTP_SECRET ??= 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** A second operator, without two-step sign-in: its spec walks the console's enrolment. */
process.env.E2E_NEW_ADMIN_EMAIL ??= 'new.operator@example.com';

/**
 * Specs that switch the courier simulator into failure modes: run alone, after the others, one
 * file at a time. The no-quotes journey spec forgets the warm route matrix, so it runs last, after
 * the spec that needs the matrix warm.
 */
const PROVIDER_FAILURES =
  /provider-failures\.spec\.ts|p04-no-edit-after-payment\.spec\.ts|p06-courier-text-stays-with-the-operator\.spec\.ts/;
const NO_QUOTES = /p05-no-quotes-keeps-the-form\.spec\.ts/;
/**
 * Specs that move the site's clock (and the courier simulator's with it) days forward through
 * `POST /dev/clock` (SANDBOX_CLOCK, below): a shipment's whole journey in seconds. Other specs'
 * sessions, emailed links and rate-limit windows would lapse under them, so they run alone, one
 * at a time, after every other project. The clock never moves back: each spec works from the
 * time `GET /dev/clock` says it is.
 */
const SANDBOX_CLOCK = /[\\/]sandbox-clock[\\/][^\\/]+\.spec\.ts$/;
const COURIER_SWITCHES = [PROVIDER_FAILURES, NO_QUOTES];
/** What the parallel projects leave to the serial ones after them. */
const SERIAL_ONLY = [...COURIER_SWITCHES, SANDBOX_CLOCK];

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
    {
      name: 'desktop',
      // Tests tagged @phone exercise what exists only at phone width (the menu button).
      grepInvert: /@phone/,
      // The courier-failure specs switch the simulator every other spec relies on, and the
      // sandbox-clock specs move the clock every other spec reads: never alongside them, only in
      // their own projects below.
      testIgnore: SERIAL_ONLY,
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
      testIgnore: SERIAL_ONLY,
      use: { ...PHONE, launchOptions: chromium },
    },
    {
      name: 'provider-failures',
      testMatch: PROVIDER_FAILURES,
      dependencies: ['desktop', 'phone'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'no-quotes',
      testMatch: NO_QUOTES,
      dependencies: ['provider-failures'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      // Last of all: its specs move the site's clock days forward (SANDBOX_CLOCK above). Run it
      // alone with `npx playwright test --project=sandbox-clock --no-deps`.
      name: 'sandbox-clock',
      testMatch: SANDBOX_CLOCK,
      dependencies: ['no-quotes'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // The production build, served by the real server, on a fresh data directory.
    command: 'node --import tsx scripts/run/e2e-server.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // Stopped as a supervisor stops it, so it finishes its work and removes its data directory
    // (scripts/run/e2e-server.ts); killed if it has not exited 15 s later.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // Migrating a fresh database (once for the operator's account, then the server) on a busy
    // machine can take more than a minute.
    timeout: 150_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      COURIER_SIMULATOR_PORT: process.env.E2E_COURIER_PORT,
      // No busy guard: two browsers on two cores starve the server, and rendering a label's PDF
      // then holds its event loop past the guard's 1 s, so specs about something else met 503
      // SERVICE_BUSY. The guard has its own tests (guard-rails.test.ts); the Vitest apps turn
      // it off for the same reason.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // `POST /dev/clock` moves the site's clock forward, for the sandbox-clock project's specs
      // only; until one does, the clock is the machine's.
      SANDBOX_CLOCK: 'true',
    },
  },
});

import { defineConfig, devices } from '@playwright/test';
import { createServer } from 'node:net';

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

/** Specs that switch the courier simulator into failure modes: run alone, after the others. */
const PROVIDER_FAILURES = /provider-failures\.spec\.ts/;

/** Debian's Chromium: Playwright never downloads a browser here (docs/decisions/005). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      // Tests tagged @phone exercise what exists only at phone width (the menu button).
      grepInvert: /@phone/,
      // The courier-failure specs switch the simulator every other spec relies on: never
      // alongside them, only in their own project below.
      testIgnore: PROVIDER_FAILURES,
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
      // project also runs. Everything else runs once, on the desktop (docs/decisions/018).
      grep: /@phone|@layout/,
      testIgnore: PROVIDER_FAILURES,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    {
      name: 'provider-failures',
      testMatch: PROVIDER_FAILURES,
      dependencies: ['desktop', 'phone'],
      fullyParallel: false,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // The production build, served by the real server, on a fresh data directory.
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      COURIER_SIMULATOR_PORT: process.env.E2E_COURIER_PORT,
    },
  },
});

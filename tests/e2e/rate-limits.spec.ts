import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations } from './support/axe.js';
import { quoteSearchOf } from '../../src/domain/quote-question.js';

/**
 * The pages past a real rate limit. Every browser test comes from 127.0.0.1, so the shared e2e
 * server runs with limits no run reaches; this file starts its own production server (its own
 * embedded database, its own courier simulator) allowing two contact messages and two quotes per
 * address, uses them up through the API, and then lets the page meet the server's own 429.
 */

// Both tests share one server per project: one worker runs them, one after the other.
test.describe.configure({ mode: 'serial' });

const LIMIT = 2;
const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  // Migrating a fresh database on a busy machine can take more than a minute.
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-e2e-limits-'));
  // Its own embedded database, so the counts of its limits are its own.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      SMTP_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      COURIER_SIMULATOR_PORT: String(await freePort()),
      RATE_LIMIT_CONTACT: `${LIMIT}/15m`,
      RATE_LIMIT_QUOTES: `${LIMIT}/15m`,
    },
  });
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null || server.signalCode !== null) {
          throw new Error(`server ended (${server?.exitCode ?? server?.signalCode})`);
        }
        return fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 170_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const running = server;
  if (running && running.exitCode === null && running.signalCode === null) {
    // The server closes its database on SIGTERM: its directory is removed once it has exited.
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the contact form says in words when there have been too many messages', async ({ page }) => {
  const message = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
  };
  for (let sent = 0; sent < LIMIT; sent += 1) {
    const response = await page.request.post(`${base}/api/v1/contact-messages`, {
      data: message,
      headers: { origin: base },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.goto(`${base}/contact`);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello again');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact-messages'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(429);
  const summary = page.getByRole('alert');
  await expect(summary).toContainText(/Too many attempts — try again in \d+ minutes?/);
  // Nothing typed is lost: the visitor can send it once the wait is over.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello again');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expectNoAxeViolations(page, 'with the rate-limit message');
});

test('Get Quotes says in words when there have been too many quotes', async ({ page }) => {
  const quote = {
    collection: { countryId: 231, postcode: 'SW1A 1AA' },
    destination: { countryId: 73, postcode: '75001' },
    smallBoxes: 1,
    largeBoxes: 0,
  };
  for (let asked = 0; asked < LIMIT; asked += 1) {
    const response = await page.request.get(`${base}/api/v1/quotes?${quoteSearchOf(quote)}`);
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.goto(`${base}/`);
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'France' });
  await form.getByLabel('Destination post code').fill('75001');
  await form.getByRole('button', { name: 'Add a Small Box' }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/quotes?'));
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  expect((await answer).status()).toBe(429);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/Too many attempts — try again in \d+ minutes?/);
  await expect(alert.getByRole('link', { name: 'Back to the quote form' })).toBeVisible();
  await expectNoAxeViolations(page, 'with the rate-limit message');
});

// Starts the production build for the browser tests: every site E2E_SITES names, side by side,
// each on its own throw-away data directory (a fresh database, copied for all but the first) with
// its own courier simulator; ready (a 200 on E2E_READY_PORT) once every one answers /readyz
// (docs/decisions/158-a-site-per-shared-switch.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionSandboxEnv } from '#scripts/lib/sandbox-server.js';
import { e2eSites, type E2eSite } from '#tests/e2e/support/sites.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'boxabroad-e2e-';

/** True while a process with this id runs (signal 0 only asks). */
function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A run stopped by SIGKILL (Playwright kills the server that has not stopped 15 s after its
// SIGTERM; a closed terminal) could not remove its data directories: each is named after this
// process, and removed here once that process is gone.
for (const name of readdirSync(tmpdir())) {
  const pid = Number(name.slice(PREFIX.length).split('-')[0]);
  if (name.startsWith(PREFIX) && Number.isInteger(pid) && pid > 0 && !running(pid)) {
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const sites = e2eSites();
const readyPort = Number(process.env.E2E_READY_PORT);
if (sites.length === 0 || !Number.isInteger(readyPort) || readyPort <= 0) {
  console.error('E2E_SITES and E2E_READY_PORT are set by playwright.config.ts');
  process.exit(1);
}

const dataDirs: string[] = [];
const children = new Set<ChildProcess>();
let stopping = false;

function cleanup() {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

/** Stops every site still running, then exits with `code` once they have all gone. */
function stopAll(code: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
  const done = () => {
    cleanup();
    process.exit(code);
  };
  if (children.size === 0) done();
  for (const child of children) child.on('exit', () => children.size === 0 && done());
}

/** Runs one of our node scripts to its end; resolves with its exit code. */
function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    children.add(child);
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });
}

/** A new, empty data directory for `site`, removed when this process ends. */
function newDataDir(site: E2eSite): string {
  const dataDir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-${site.name}-`));
  dataDirs.push(dataDir);
  return dataDir;
}

/**
 * The first site's data directory: a fresh database, migrated by the first command that opens
 * it, with the operators the console's specs sign in as.
 */
async function prepareDataDir(site: E2eSite): Promise<string> {
  const dataDir = newDataDir(site);
  const env = { ...productionSandboxEnv(dataDir), LOG_LEVEL: 'warn' };
  // The console's specs sign in as this operator, made as operators are made (npm run admin:create).
  if (process.env.E2E_ADMIN_EMAIL && process.env.E2E_ADMIN_PASSWORD) {
    const made = await runToEnd(
      [
        join(root, 'dist/server/cli/admin.cli.js'),
        '--email',
        process.env.E2E_ADMIN_EMAIL,
        '--name',
        'Olive Operator',
        '--password',
        process.env.E2E_ADMIN_PASSWORD,
      ],
      env,
    );
    if (made !== 0) throw new Error(`making the operator exited ${made}`);
    // The console requires two-step sign-in: that operator gets it with a secret the specs know
    // (E2E_ADMIN_TOTP_SECRET), and a second operator without it walks the enrolment in its spec.
    const enrolled = await runToEnd(
      ['--import', 'tsx', join(root, 'scripts/run/e2e-operators.ts')],
      env,
    );
    if (enrolled !== 0) throw new Error(`enrolling the operators exited ${enrolled}`);
  }
  return dataDir;
}

/**
 * Another site's data directory: a copy of the first, taken once the commands that made it have
 * ended. Migrating and making the operators again would cost each site 7.7 s of its 11.3 s start.
 */
function copyDataDir(from: string, site: E2eSite): string {
  const dataDir = newDataDir(site);
  cpSync(from, dataDir, { recursive: true });
  return dataDir;
}

/** Starts `site`'s server on `dataDir`; resolves once it answers /readyz. */
async function startServer(site: E2eSite, dataDir: string): Promise<void> {
  if (stopping) return;
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', join(root, 'dist/server/main.js')],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...productionSandboxEnv(dataDir),
        PORT: String(site.port),
        COURIER_SIMULATOR_PORT: String(site.courierPort),
        // `POST /dev/clock` moves this site's clock forward: only on the site whose specs do.
        SANDBOX_CLOCK: site.sandboxClock ? 'true' : '',
        // Every browser test comes from 127.0.0.1: per-address limits far above a whole run
        // (tests/e2e/rate-limits.spec.ts starts a server of its own with low limits).
        RATE_LIMIT_QUOTES: '100000/15m',
        RATE_LIMIT_ORDERS: '100000/15m',
        RATE_LIMIT_CONTACT: '100000/15m',
        RATE_LIMIT_LOOKUPS: '100000/15m',
        RATE_LIMIT_PAYMENTS: '100000/15m',
        RATE_LIMIT_SIGN_IN: '100000/15m',
        RATE_LIMIT_SIGN_UP: '100000/15m',
        RATE_LIMIT_PASSWORD_RESETS: '100000/15m',
        RATE_LIMIT_ACCOUNT: '100000/15m',
        RATE_LIMIT_BOOKING_LINKS: '100000/15m',
        RATE_LIMIT_ADDRESS_LOOKUPS: '100000/15m',
      },
    },
  );
  children.add(server);
  server.on('exit', (code) => {
    children.delete(server);
    // A site that stops by itself takes the run with it: its specs would only time out.
    if (!stopping) {
      console.error(`${site.name}: the server exited (${code ?? 'signal'})`);
      stopAll(code || 1);
    }
  });

  const readyz = `http://127.0.0.1:${site.port}/readyz`;
  for (;;) {
    if (stopping) return;
    const answered = await fetch(readyz).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0, signal));

async function startSites(): Promise<void> {
  const [first, ...others] = sites as [E2eSite, ...E2eSite[]];
  const firstDir = await prepareDataDir(first);
  await Promise.all([
    startServer(first, firstDir),
    ...others.map((site) => startServer(site, copyDataDir(firstDir, site))),
  ]);
}

startSites().then(
  () => {
    if (stopping) return;
    createServer((_, response) => response.end('ready'))
      .listen(readyPort, '127.0.0.1')
      .unref();
  },
  (error: Error) => {
    console.error(error.message);
    stopAll(1);
  },
);

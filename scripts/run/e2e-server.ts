// Starts the production build on a fresh, throw-away data directory (for the browser tests).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
// SIGTERM; a closed terminal) could not remove its data directory: each is named after its
// process, and removed here once that process is gone.
for (const name of readdirSync(tmpdir())) {
  const pid = Number(name.slice(PREFIX.length).split('-')[0]);
  if (name.startsWith(PREFIX) && Number.isInteger(pid) && pid > 0 && !running(pid)) {
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
const dataDir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PROVIDERS: 'true',
  SMTP_URL: '',
  DATA_DIR: dataDir,
};

// The console's specs sign in as this operator, made as operators are made (npm run admin:create).
if (process.env.E2E_ADMIN_EMAIL && process.env.E2E_ADMIN_PASSWORD) {
  const made = spawnSync(
    process.execPath,
    [
      join(root, 'dist/server/cli/admin.cli.js'),
      '--email',
      process.env.E2E_ADMIN_EMAIL,
      '--name',
      'Olive Operator',
      '--password',
      process.env.E2E_ADMIN_PASSWORD,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...baseEnv, LOG_LEVEL: 'warn' } },
  );
  if (made.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(made.status ?? 1);
  }
  // The console requires two-step sign-in: that operator gets it with a secret the specs know
  // (E2E_ADMIN_TOTP_SECRET), and a second operator without it walks the enrolment in its spec.
  const enrolled = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/run/e2e-operators.ts')],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...baseEnv, LOG_LEVEL: 'warn' } },
  );
  if (enrolled.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(enrolled.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...baseEnv,
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
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});

// The production build on a fresh, throw-away embedded database with the sandbox providers, on a
// free local port: for the benchmarks and Lighthouse. Builds first when there is no build.
import {
  spawn,
  spawnSync,
  type ChildProcess,
  type StdioNull,
  type StdioPipe,
} from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * This process's environment for a site of the production build on the sandbox providers, its
 * data in `dataDir`, sending no email (the browser tests' sites, the site-start tests).
 */
export function productionSandboxEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: 'true',
    SMTP_URL: '',
    DATA_DIR: dataDir,
  };
}

/** Per-address limits far above what a benchmark sends from 127.0.0.1 (RATE_LIMIT_* settings). */
export const UNTHROTTLED = Object.fromEntries(
  [
    'QUOTES',
    'ORDERS',
    'CONTACT',
    'LOOKUPS',
    'PAYMENTS',
    'SIGN_IN',
    'SIGN_UP',
    'PASSWORD_RESETS',
    'ACCOUNT',
    'BOOKING_LINKS',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000000/15m']),
);

export interface SandboxServerOptions {
  logLevel?: string;
  stdout?: StdioNull | StdioPipe;
  /** `'pipe'`: the caller reads the server's stderr (Node's warnings) from `server.stderr`. */
  stderr?: 'inherit' | 'pipe';
  env?: Record<string, string>;
  databaseUrl?: string | undefined;
  processes?: number;
  dataDir?: string | undefined;
  readyWithinMs?: number;
  /** The Node binary that runs the server (default: the one running this script). */
  node?: string;
}

export interface SandboxServer {
  base: string;
  server: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the server and resolves once /readyz answers 200.
 * `stdout: 'pipe'` lets the caller read the server's JSON log lines from `server.stdout`.
 * `env` is added to the server's environment; pass `UNTHROTTLED` for a benchmark, nothing to keep
 * the production limits.
 * `databaseUrl` (a PostgreSQL database) runs `processes` app processes on it through
 * `npm run start:cluster` instead of one process on a throw-away embedded database.
 * `dataDir` runs on that embedded data directory instead (the caller's: kept after `stop`).
 * `readyWithinMs` bounds the wait for /readyz (asked every 100 ms). `node` runs the server on
 * another Node binary (`npm run smoke:node`). `stop()` resolves once the server has exited (so its data directory can be opened again).
 */
export async function startSandboxServer({
  logLevel = 'warn',
  stdout = 'ignore',
  stderr = 'inherit',
  env = {},
  databaseUrl,
  processes = 1,
  dataDir: givenDataDir,
  readyWithinMs = 60_000,
  node = process.execPath,
}: SandboxServerOptions = {}): Promise<SandboxServer> {
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'boxabroad-sandbox-'));
  const command = databaseUrl
    ? [join(root, 'scripts/run/start-cluster.mjs'), '--processes', String(processes)]
    : [join(root, 'dist/server/main.js')];
  // BENCH_PROFILE_DIR: each app process writes a V8 CPU profile there when it stops (open the
  // .cpuprofile in Chrome DevTools' Performance panel, or summarise it with scripts/bench/cpu-profile-top.ts).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const server = spawn(node, [...profile, ...command], {
    cwd: root,
    stdio: ['ignore', stdout, stderr],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { base, server, stop };
    if (server.exitCode !== null) {
      if (stderr === 'pipe') server.stderr?.pipe(process.stderr);
      await stop();
      throw new Error('The server exited before it was ready (see its message above).');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (stderr === 'pipe') server.stderr?.pipe(process.stderr);
  await stop();
  throw new Error(`The server was not ready within ${readyWithinMs / 1000} s.`);
}

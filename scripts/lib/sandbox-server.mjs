// The production build on a fresh, throw-away embedded database with the sandbox providers, on a
// free local port: for the benchmarks and Lighthouse. Builds first when there is no build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server and resolves once /readyz answers 200.
 * `stdout: 'pipe'` lets the caller read the server's JSON log lines from `server.stdout`.
 */
export async function startSandboxServer({ logLevel = 'warn', stdout = 'ignore', env = {} } = {}) {
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-sandbox-'));
  const server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { base, server, stop };
    if (server.exitCode !== null) {
      stop();
      throw new Error('The server exited before it was ready (see its message above).');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('The server was not ready within 60 s.');
}

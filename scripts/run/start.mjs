// @ts-check
// `npm start`: builds the site if the build is missing or older than the sources, then runs the
// production server on the embedded defaults (PGlite under ./data, sandbox providers: the
// sandbox opt-in ALLOW_SANDBOX_PROVIDERS=true is set unless the environment says otherwise).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../lib/build-if-stale.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
buildIfStale(root);

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    // The embedded defaults run the sandbox providers, which production refuses without this.
    env: { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true', ...process.env },
  },
);
// `npm start` runs this through `exec` (package.json), so the signal npm passes on reaches this
// process, which passes it to the server and exits with it. Should whatever started this die
// without a signal (kill -9), this process is handed to another parent: the server is stopped
// too, so no orphan keeps the data directory's lock.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => server.kill(signal));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 1_000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// @ts-check
// `npm run start:cluster -- --processes N`: N app processes sharing one port (node:cluster) on
// one PostgreSQL server named by DATABASE_URL. Every background job and email is claimed with a
// lease, rate limits and sessions live in the database, so any process may answer any request
// (docs/deployment.md, "Several processes"). A process that dies is replaced; SIGTERM or SIGINT
// stops them all gracefully. N defaults to the number of CPU cores.
//
// With the default simulated courier, this primary process runs the one simulator all of them
// call, so its bookings and behaviour switches are the same whichever process asks.
// CLUSTER_FROM_SOURCE=true runs src/server through tsx instead of the build (for the tests).
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { allWorkersExited } from '../lib/cluster-workers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const say = (/** @type {string} */ line) => process.stderr.write(`start:cluster: ${line}\n`);

const { values } = parseArgs({
  options: { processes: { type: 'string' } },
  strict: true,
});
const processes = Number(values.processes ?? availableParallelism());
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  say(`--processes must be a whole number from 1 to 64 (got ${values.processes}).`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  say(
    'needs DATABASE_URL, a PostgreSQL server (postgres://user@host:5432/db): the embedded ' +
      'database belongs to one process. `npm start` runs one process on the embedded database.',
  );
  process.exit(1);
}

const fromSource = process.env.CLUSTER_FROM_SOURCE === 'true';
const serverDir = join(root, fromSource ? 'src/server' : 'dist/server');
const ext = fromSource ? 'ts' : 'js';
if (!fromSource) buildIfStale(root);

// The same defaults as `npm start`: production mode, sandbox providers allowed.
/** @type {NodeJS.ProcessEnv} */
const env = { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true', ...process.env };
/** @type {{ url: string, close(): Promise<void> } | undefined} */
let simulator;
if ((env.COURIER_PROVIDER ?? 'simulator') === 'simulator') {
  const { startCourierSimulator } = await import(
    pathToFileURL(join(serverDir, `providers/courier/simulator/simulator.server.${ext}`)).href
  );
  const credentials = {
    apiKey: env.COURIER_API_KEY ?? 'simulator',
    password: env.COURIER_PASSWORD ?? 'simulator',
  };
  /** @type {{ url: string, close(): Promise<void> }} */
  const started = await startCourierSimulator({
    port: env.COURIER_SIMULATOR_PORT ? Number(env.COURIER_SIMULATOR_PORT) : 0,
    host: '127.0.0.1',
    credentials,
  });
  simulator = started;
  Object.assign(env, {
    COURIER_PROVIDER: 'transglobal',
    COURIER_BASE_URL: started.url,
    COURIER_API_KEY: credentials.apiKey,
    COURIER_PASSWORD: credentials.password,
  });
  say(`one courier simulator for every process at ${started.url}`);
}

cluster.setupPrimary({
  exec: join(serverDir, `main.${ext}`),
  execArgv: fromSource ? ['--import', 'tsx'] : ['--enable-source-maps'],
});

let stopping = false;
/** Exit times of processes that died, to stop replacing them in a crash loop. */
/** @type {number[]} */
const deaths = [];
const MAX_DEATHS = 5;
const DEATH_WINDOW_MS = 60_000;

function fork() {
  const worker = cluster.fork(env);
  worker.once('listening', (address) => {
    say(`process ${worker.id} (pid ${worker.process.pid}) listening on port ${address.port}`);
  });
}

cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (allWorkersExited(cluster.workers ?? {})) void finish(0);
    return;
  }
  say(`process ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`})`);
  const now = Date.now();
  deaths.push(now);
  while (deaths.length > 0 && (deaths[0] ?? now) < now - DEATH_WINDOW_MS) deaths.shift();
  if (deaths.length > MAX_DEATHS) {
    say(`${deaths.length} processes died within a minute: stopping (see their messages above).`);
    stop(1);
    return;
  }
  say('starting another');
  fork();
});

let exitCode = 0;
/** @param {number} code */
async function finish(code) {
  await simulator?.close();
  process.exit(code || exitCode);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (allWorkersExited(cluster.workers ?? {})) return void finish(code);
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  // A process that has not stopped within 30 s is killed.
  setTimeout(() => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
  }, 30_000).unref();
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => stop(0));

say(`starting ${processes} process${processes === 1 ? '' : 'es'}`);
for (let i = 0; i < processes; i += 1) fork();

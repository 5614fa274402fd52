/**
 * `npm run bench:admin [-- --orders N] [--runs R]`: how fast is the operator console's order list
 * on a big table? On a PostgreSQL database of its own, `boxabroad_bench_admin` (made afresh, and
 * dropped at the end: no other database is touched), the production build is started, an
 * operator made (as `npm run admin:create` does) and the database filled with N orders (default
 * 1,000,000: scripts/lib/fill-orders.ts). Then, one request after another as the operator, R
 * times each (default 200), it prints p50 and p95 (ms, round trip on 127.0.0.1) of:
 *   - the list: GET /api/v1/admin/orders, newest first, first page;
 *   - a search by order reference (a different existing order each time);
 *   - a search by the collection contact's email (a different address each time);
 *   - a search by collection postcode (varied spelling: case and spaces).
 * BENCH_ADMIN_SERVER (default postgres://postgres@127.0.0.1:5432/postgres) is the server it
 * connects to make and drop its database. A benchmark, not a test: it exits 0 unless it fails.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fillOrders } from '../lib/fill-orders.js';
import { percentile } from '../lib/percentile.js';
import { root, startSandboxServer, UNTHROTTLED } from '../lib/sandbox-server.js';

const DATABASE = 'boxabroad_bench_admin';
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '200' },
  },
});
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);
if (!Number.isInteger(ORDERS) || ORDERS < 1 || !Number.isInteger(RUNS) || RUNS < 1) {
  process.stderr.write('Usage: npm run bench:admin -- [--orders N] [--runs R]\n');
  process.exit(2);
}
const serverUrl = process.env.BENCH_ADMIN_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();
const ADMIN = { email: 'bench.operator@example.com', password: 'bench operator password' };

const started = Date.now();
const say = (line: string) =>
  process.stderr.write(`[admin ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const dropDatabase = () => onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);

async function timed(base: string, cookie: string, path: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, orders: JSON.parse(body).orders.length };
}

async function measure(
  base: string,
  cookie: string,
  label: string,
  pathFor: (i: number) => string,
) {
  const times: number[] = [];
  let found = 0;
  await timed(base, cookie, pathFor(RUNS)); // one warm-up, not counted
  for (let i = 0; i < RUNS; i++) {
    const { ms, orders } = await timed(base, cookie, pathFor(i));
    times.push(ms);
    if (orders > 0) found++;
  }
  return {
    label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    found: `${found}/${RUNS}`,
  };
}

/** Order number i's reference, email and postcode as fill-orders.ts writes them. */
const pick = (i: number) => 1 + ((i * 7919 + 13) % ORDERS);

await dropDatabase();
await onServer(`CREATE DATABASE ${DATABASE}`);
say(`database ${DATABASE} made; starting the server (migrations and seed)`);
let stop = async () => {};
try {
  const server = await startSandboxServer({
    databaseUrl,
    env: { ...UNTHROTTLED, PAYMENT_PROVIDER: 'sandbox', DRAFT_RETENTION_DAYS: '3650' },
    readyWithinMs: 5 * 60_000,
  });
  stop = server.stop;
  const { base } = server;

  const made = spawnSync(
    process.execPath,
    [
      join(root, 'dist/server/cli/admin.cli.js'),
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    },
  );
  if (made.status !== 0) throw new Error('admin:create failed');

  say(`filling ${ORDERS.toLocaleString('en-GB')} orders`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const fill = await fillOrders(async (text, params) => (await pool.query(text, params)).rows, {
    orders: ORDERS,
    dueJobs: 0,
    onProgress: (n) => say(`  ${n.toLocaleString('en-GB')} orders`),
  });
  await pool.end();
  say(`filled in ${(fill.ms / 1000).toFixed(0)} s`);

  const signIn = await fetch(`${base}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const rows = [];
  say(`list and searches, ${RUNS} requests each`);
  rows.push(await measure(base, cookie, 'list (newest first)', () => '/api/v1/admin/orders'));
  rows.push(
    await measure(
      base,
      cookie,
      'search by reference',
      (i) => `/api/v1/admin/orders?q=BA-${String(pick(i)).padStart(8, '0')}`,
    ),
  );
  rows.push(
    await measure(
      base,
      cookie,
      'search by email',
      (i) => `/api/v1/admin/orders?q=buyer${pick(i) % 50000}%40example.com`,
    ),
  );
  rows.push(
    await measure(
      base,
      cookie,
      'search by postcode',
      (i) =>
        `/api/v1/admin/orders?q=${encodeURIComponent(i % 2 ? `sw1a${i % 9}aa` : `SW1A ${i % 9}AA`)}`,
    ),
  );

  const width = Math.max(...rows.map((r) => r.label.length));
  process.stdout.write(
    `\nAdmin order list on ${fill.orders.toLocaleString('en-GB')} orders (PostgreSQL, ${RUNS} requests each)\n`,
  );
  process.stdout.write(`${'query'.padEnd(width)}  p50 ms  p95 ms  with results\n`);
  for (const r of rows) {
    process.stdout.write(
      `${r.label.padEnd(width)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}  ${r.found}\n`,
    );
  }
} finally {
  await stop();
  await dropDatabase();
  say(`database ${DATABASE} dropped`);
}

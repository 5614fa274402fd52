/**
 * `npm run bench:growth`: does the cost of a request stay flat as orders pile up? On a database
 * of its own, the production build (courier simulator, card sandbox) is measured on the empty
 * database (migrated and seeded), then stopped; the database is filled with ORDERS orders
 * (default 1,000,000: scripts/lib/fill-orders.ts) and the same measurements are taken again:
 *   - quote p99: GET /api/v1/quotes through autocannon (varied questions);
 *   - order page p99: GET /api/v1/orders/:id as its owner (the guest cookie of the quote);
 *   - checkout server time: whole checkouts one after another (scripts/lib/checkout-flow.ts).
 * It prints each figure empty and filled, the change and whether it is within 20%.
 *
 * Databases: a new database on GROWTH_DATABASE_URL's PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), then an embedded PGlite data
 * directory in a temporary directory (deleted at the end). `--postgres` or `--pglite` runs one.
 * Every step has a time limit; a fill that reaches its limit (GROWTH_FILL_MINUTES, default 15 on
 * PostgreSQL and 10 on PGlite) stops between batches and the filled figures are for the orders it
 * made, which the table says. GROWTH_SECONDS (10) per autocannon run, GROWTH_CONNECTIONS (10),
 * GROWTH_CHECKOUTS (40: the p90 of ten was one checkout), GROWTH_ROUNDS (3: each autocannon figure is the median of that many runs,
 * the quote and order-page runs taking turns). Everything listens on 127.0.0.1. A benchmark, not
 * a test: it exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type DatabaseOptions } from '../../src/server/db/client.js';
import { apiClient, runCheckout, watchServerLog } from '../lib/checkout-flow.js';
import { fillOrders, type FillResult } from '../lib/fill-orders.js';
import { median, percentile } from '../lib/percentile.js';
import { startSandboxServer, UNTHROTTLED } from '../lib/sandbox-server.js';
import { SELECT_BODIES, VARIED_QUOTE_PATHS } from '../lib/quote-questions.js';

const serverUrl = process.env.GROWTH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.GROWTH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.GROWTH_CONNECTIONS ?? 10);
const CHECKOUTS = Number(process.env.GROWTH_CHECKOUTS ?? 40);
/** Autocannon runs per figure; the median is kept (one 10-s run on two cores varies by ±30%). */
const ROUNDS = Math.max(1, Number(process.env.GROWTH_ROUNDS ?? 3));
const fillMinutes = (fallback: number) => Number(process.env.GROWTH_FILL_MINUTES ?? fallback);
const only = process.argv.includes('--pglite')
  ? 'pglite'
  : process.argv.includes('--postgres')
    ? 'postgres'
    : undefined;
/** Start-up, warm-up, each autocannon run and the checkouts: generous, only there to end a hang. */
const STEP_LIMIT_MS = 5 * 60_000;
const started = Date.now();
const say = (line: string) =>
  process.stderr.write(`[growth ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: over its limit of ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

interface Figures {
  quoteP99: number;
  quoteP50: number;
  quoteRps: number;
  orderP99: number;
  orderP50: number;
  checkoutMedian: number;
  checkoutP90: number;
}

const paths = VARIED_QUOTE_PATHS;

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return within(
    (SECONDS + 60) * 1000,
    'autocannon',
    new Promise((resolve, reject) => {
      autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    }),
  );
}

/** Resolves once the start-up warm-up of the courier route matrix is over (or never began). */
function warmUpDone(stdout: Readable): Promise<void> {
  return new Promise((resolve) => {
    let begun = false;
    const quiet = setTimeout(() => !begun && resolve(), 5_000);
    createInterface({ input: stdout }).on('line', (line) => {
      if (line.includes('"courier route warm-up started"')) begun = true;
      if (/"courier route warm-up (finished|stopped)"/.test(line)) {
        clearTimeout(quiet);
        resolve();
      }
    });
  });
}

async function measure(
  label: string,
  server: { databaseUrl?: string; dataDir?: string },
): Promise<Figures> {
  say(`${label}: starting the server`);
  const {
    base,
    server: child,
    stop,
  } = await within(
    STEP_LIMIT_MS,
    'server start',
    startSandboxServer({
      logLevel: 'info',
      stdout: 'pipe',
      env: {
        ...UNTHROTTLED,
        PAYMENT_PROVIDER: 'sandbox',
        // The purge of abandoned drafts would delete most of a year of generated drafts while
        // the figures are taken; this keeps the data the size it was filled to.
        DRAFT_RETENTION_DAYS: '3650',
      },
      readyWithinMs: STEP_LIMIT_MS - 10_000,
      ...server,
    }),
  );
  try {
    const stdout = (child as unknown as { stdout: Readable }).stdout;
    const log = watchServerLog(stdout);
    await within(STEP_LIMIT_MS, 'route warm-up', warmUpDone(stdout));
    for (const path of paths) {
      const res = await fetch(`${base}${path}`);
      if (res.status !== 200) throw new Error(`warm-up quote: ${res.status} ${await res.text()}`);
    }

    const call = apiClient(base);
    const ids: string[] = [];
    for (const body of SELECT_BODIES.slice(0, 20)) {
      ids.push((await call('POST', '/api/v1/orders', JSON.parse(body))).id);
    }
    const cookie = (await call('GET', `/api/v1/orders/${ids[0]}`)).cookie as string;
    let next = 0;
    let nextOrder = 0;
    const quoteRuns: autocannon.Result[] = [];
    const orderRuns: autocannon.Result[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      say(
        `${label}: quotes (${CONNECTIONS} connections, ${SECONDS} s, round ${round} of ${ROUNDS})`,
      );
      const quotes = await cannon({
        url: base,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      });

      quoteRuns.push(quotes);
      say(`${label}: order page (round ${round} of ${ROUNDS})`);
      const orders = await cannon({
        url: base,
        requests: [
          {
            method: 'GET',
            headers: { cookie },
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1/orders/${ids[nextOrder++ % ids.length]}`,
            }),
          },
        ],
      });
      if (orders.non2xx > 0) throw new Error(`order page: ${orders.non2xx} answers not 2xx`);
      orderRuns.push(orders);
    }

    say(`${label}: ${CHECKOUTS} checkouts`);
    const checkoutMs: number[] = [];
    await within(
      STEP_LIMIT_MS,
      'checkouts',
      (async () => {
        for (let n = 0; n < CHECKOUTS; n += 1)
          checkoutMs.push((await runCheckout(base, log)).serverMs);
      })(),
    );
    return {
      quoteP99: median(quoteRuns.map((r) => r.latency.p99)),
      quoteP50: median(quoteRuns.map((r) => r.latency.p50)),
      quoteRps: Math.round(median(quoteRuns.map((r) => r.requests.average))),
      orderP99: median(orderRuns.map((r) => r.latency.p99)),
      orderP50: median(orderRuns.map((r) => r.latency.p50)),
      checkoutMedian: percentile(checkoutMs, 50),
      checkoutP90: percentile(checkoutMs, 90),
    };
  } finally {
    await stop();
  }
}

async function fill(options: DatabaseOptions, minutes: number, batch: number) {
  const database = await openDatabase(options);
  try {
    say(`filling ${ORDERS} orders (limit ${minutes} min)`);
    const result = await fillOrders(database.query, {
      orders: ORDERS,
      batch,
      deadline: Date.now() + minutes * 60_000,
      // The few jobs due now the hot-path plans want would only fail in a running app.
      dueJobs: 0,
      onProgress: (n) => say(`  ${n} orders`),
    });
    say(`filled ${result.orders} orders in ${(result.ms / 1000).toFixed(0)} s`);
    return result;
  } finally {
    await database.close();
  }
}

const tables: string[] = [];
function report(label: string, empty: Figures, filled: Figures, fillResult: FillResult) {
  const rows: [string, keyof Figures, string][] = [
    ['quote p99', 'quoteP99', 'ms'],
    ['quote p50', 'quoteP50', 'ms'],
    ['quotes per second', 'quoteRps', 'req/s'],
    ['order page p99', 'orderP99', 'ms'],
    ['order page p50', 'orderP50', 'ms'],
    ['checkout server time, median', 'checkoutMedian', 'ms'],
    ['checkout server time, p90', 'checkoutP90', 'ms'],
  ];
  const lines = [
    `\n${label}: empty vs ${fillResult.orders.toLocaleString('en-GB')} orders` +
      ` (filled in ${(fillResult.ms / 1000).toFixed(0)} s${fillResult.stoppedEarly ? `, stopped by its time limit before ${ORDERS.toLocaleString('en-GB')}` : ''});` +
      ` ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS} s, ${CHECKOUTS} checkouts`,
    `${'metric'.padEnd(30)} ${'empty'.padStart(10)} ${'filled'.padStart(10)} ${'change'.padStart(8)}  within 20%`,
  ];
  for (const [name, key, unit] of rows) {
    const a = empty[key];
    const b = filled[key];
    const change = ((b - a) / a) * 100;
    // Fewer quotes per second is the worse direction; for times, more is.
    const worse = key === 'quoteRps' ? -change : change;
    lines.push(
      `${name.padEnd(30)} ${`${a} ${unit}`.padStart(10)} ${`${b} ${unit}`.padStart(10)} ${`${change >= 0 ? '+' : ''}${change.toFixed(0)}%`.padStart(8)}  ${worse <= 20 ? 'yes' : 'NO'}`,
    );
  }
  tables.push(lines.join('\n'));
  console.log(lines.join('\n'));
}

async function onPostgres() {
  const name = `bench_growth_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const empty = await measure('PostgreSQL, empty', { databaseUrl });
    const filled = await fill(
      { kind: 'postgres', url: databaseUrl, maxConnections: 2 },
      fillMinutes(15),
      50_000,
    );
    const full = await measure('PostgreSQL, filled', { databaseUrl });
    report('PostgreSQL', empty, full, filled);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'boxabroad-growth-'));
  try {
    const empty = await measure('PGlite, empty', { dataDir });
    const filled = await fill(
      { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      fillMinutes(10),
      25_000,
    );
    const full = await measure('PGlite, filled', { dataDir });
    report('PGlite (embedded)', empty, full, filled);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const [kind, run] of [
  ['postgres', onPostgres],
  ['pglite', onPglite],
] as const) {
  if (only && only !== kind) continue;
  try {
    await run();
  } catch (error) {
    console.log(`\n${kind}: not measured: ${(error as Error).message}`);
  }
}
console.log(`\nSummary (${((Date.now() - started) / 60_000).toFixed(1)} min):${tables.join('\n')}`);
process.exit(0);

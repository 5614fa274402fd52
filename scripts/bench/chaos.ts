/**
 * `npm run chaos`: a bounded fault run on this machine only. Two app processes on one PostgreSQL
 * database created for the run (and dropped after it) drive 200 checkouts while database
 * connections are terminated every few seconds, the courier is slowed past the job lease for a
 * while, one process is killed during a booking and then started again, the mail server hangs
 * for a while, and PostgreSQL itself is stopped for 10 s. Every courier call goes through a
 * counting proxy in front of the courier simulator; mail goes to a local SMTP server.
 *
 * It prints every count and exits 1 when any harm count is above 0 (docs/operations.md, "Chaos"):
 * double bookings or captures, a booking the courier confirmed that the site does not show, 500
 * answers, an email never handed to the mail server or left `unknown`, a card held for an order
 * that is not booked and not in front of an operator, an order not final once the jobs settled,
 * a process that died on its own. A 503 with Retry-After is counted by cause, not as harm.
 *
 * CHAOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * run creates its own database there. CHAOS_CHECKOUTS (default 200). CHAOS_PORTS (default: two
 * free ports) for the app processes, e.g. `3461,3462`. CHAOS_DB_RESTART=off skips stopping
 * PostgreSQL (which also stops every other user of that server for 10 s); by default it runs
 * when the server is on this machine and `pg_ctlcluster` is installed. CHAOS_LOG_DIR, when set,
 * keeps each app process's log there (app-0.log, app-1.log) to explain the 5xx answers.
 * Everything listens on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCourierSimulator } from '../../src/server/providers/courier/simulator/simulator.server.js';
import { TestSmtpServer } from '../../tests/support/test-smtp-server.js';
import { freePort } from '../lib/sandbox-server.js';

/** Per-address rate limits far above what this run sends from 127.0.0.1. */
const UNTHROTTLED = Object.fromEntries(
  [
    'QUOTES',
    'ORDERS',
    'CONTACT',
    'LOOKUPS',
    'PAYMENTS',
    'ACCOUNT',
    'BOOKING_LINKS',
    'CARD_DECLINES',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000000/15m']),
);
const root = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHECKOUTS = Number(process.env.CHAOS_CHECKOUTS ?? 200);
const LOG_DIR = process.env.CHAOS_LOG_DIR;
if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });
const SMTP_HANG_MS = 20_000;
const DB_DOWN_MS = 10_000;
const CONCURRENCY = 8;
const LEASE_MS = 4_000;
const SLOW_COURIER_MS = 7_000;
const DEADLINE_MS = 12 * 60_000;
const started = Date.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  process.stderr.write(`[chaos ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

const dbName = `chaos_${process.pid}_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

// ---- the courier: simulator behind a counting proxy ------------------------------------------
const simulator = await startCourierSimulator({});
/**
 * Every BookShipment answer the courier gave. `delivered` says whether the answer reached the app
 * process that asked: one killed while its call was in flight never hears the courier's SUCCESS,
 * so for that order the outcome is honestly unknown to the site (an operator resolves it).
 */
const bookings: {
  reference: string;
  success: boolean;
  delivered: boolean;
  courierReference?: string;
}[] = [];
const proxy = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const target = new URL(req.url ?? '/', simulator.url);
    const out = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (reply) => {
        const parts: Buffer[] = [];
        reply.on('data', (c: Buffer) => parts.push(c));
        reply.on('end', () => {
          const text = Buffer.concat(parts);
          let booking: (typeof bookings)[number] | undefined;
          if (/bookshipment/i.test(target.pathname)) {
            try {
              const sent = JSON.parse(body.toString()) as { Shipment?: { YourReference?: string } };
              const got = JSON.parse(text.toString()) as {
                Status?: string;
                OrderReference?: string;
              };
              booking = {
                reference: sent.Shipment?.YourReference ?? findReference(body.toString()),
                success: got.Status === 'SUCCESS',
                delivered: false,
                ...(got.OrderReference ? { courierReference: got.OrderReference } : {}),
              };
            } catch {
              booking = {
                reference: findReference(body.toString()),
                success: false,
                delivered: false,
              };
            }
            bookings.push(booking);
          }
          // 'finish': the whole answer was handed to the asking process's connection; a process
          // killed mid-call has closed it, and the answer is lost with it.
          res.on('finish', () => {
            if (booking) booking.delivered = true;
          });
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          res.end(text);
        });
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    out.end(body);
  });
});
function findReference(text: string): string {
  return /"YourReference"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '?';
}
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
async function courierLatency(ms: number) {
  await fetch(`${simulator.url}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs: ms }),
  });
}

// ---- the mail server ------------------------------------------------------------------------
const smtp = new TestSmtpServer();
await smtp.start();

// ---- the database ---------------------------------------------------------------------------
/** The administrator's connection; made again after PostgreSQL was stopped and started. */
let admin = await adminClient();
async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
await admin.query(`CREATE DATABASE ${dbName}`);
log(`database ${dbName} created`);

/**
 * The local cluster that serves CHAOS_DATABASE_URL's port (`pg_lsclusters`), for
 * `pg_ctlcluster VERSION NAME stop|start`; undefined for a server elsewhere. A run that must not
 * stop the shared server can use a cluster of its own, e.g. `pg_createcluster 15 chaos -p 5433
 * --start` and CHAOS_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres.
 */
const cluster = (() => {
  if (process.env.CHAOS_DB_RESTART === 'off') return undefined;
  const url = new URL(serverUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') return undefined;
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  const port = url.port || '5432';
  const found = listed.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  const [version, name] = found ?? [];
  return version && name ? { version, name, port } : undefined;
})();

// ---- the app processes ----------------------------------------------------------------------
const ports = process.env.CHAOS_PORTS
  ? process.env.CHAOS_PORTS.split(',').map((p) => Number(p.trim()))
  : [await freePort(), await freePort()];
if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p <= 0))
  throw new Error('CHAOS_PORTS must be two port numbers, e.g. 3461,3462');
const apps: (ChildProcess | undefined)[] = [undefined, undefined];
/** Whether each process has answered /readyz since it was (re)started. */
const ready = [false, false];
const intentional = new Set<ChildProcess>();
let died = 0;
function startApp(i: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      PUBLIC_URL: `http://127.0.0.1:${ports[i]}`,
      LOG_LEVEL: 'warn',
      COURIER_PROVIDER: 'transglobal',
      COURIER_BASE_URL: proxyUrl,
      COURIER_API_KEY: 'simulator',
      COURIER_PASSWORD: 'simulator',
      COURIER_BOOK_TIMEOUT_MS: '20000',
      JOB_LEASE_MS: String(LEASE_MS),
      BOOKING_REPLY_WINDOW_MS: '10000',
      PAYMENT_PROVIDER: 'sandbox',
      SMTP_URL: smtp.url,
      SMTP_CONNECTION_TIMEOUT_MS: '3000',
      SMTP_GREETING_TIMEOUT_MS: '3000',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      // Every checkout comes from 127.0.0.1: the per-address limits would stop the run itself.
      ...UNTHROTTLED,
    },
    stdio: ['ignore', LOG_DIR ? 'pipe' : 'ignore', 'pipe'],
  });
  apps[i] = child;
  ready[i] = false;
  if (LOG_DIR) {
    const file = createWriteStream(join(LOG_DIR, `app-${i}.log`), { flags: 'a' });
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
  } else {
    child.stderr?.on('data', () => undefined);
  }
  child.on('exit', (code, signal) => {
    if (!intentional.has(child)) {
      died += 1;
      log(`process ${i} died (code ${code}, signal ${signal})`);
    }
  });
  return waitReady(ports[i] ?? 0).then(() => {
    ready[i] = true;
  });
}
async function waitReady(port: number) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await sleep(300);
  }
  throw new Error(`app on ${port} did not become ready`);
}
await startApp(0);
await startApp(1);
log('two app processes ready');

// ---- the customer -----------------------------------------------------------------------------
type Json = Record<string, unknown>;
const statusCounts = new Map<number, number>();
/** 5xx answers by cause: `500 INTERNAL`, `503 DATABASE_BUSY (Retry-After)`… */
const fivexxByCause = new Map<string, number>();
let fivexx = 0;
/** 5xx answers that did not ask the client to come back (no Retry-After): harm. */
let fivexxWithoutRetryAfter = 0;
async function call(
  port: number,
  jar: Map<string, string>,
  method: string,
  path: string,
  body?: unknown,
) {
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      origin: base,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
  const text = await res.text();
  let json: Json = {};
  try {
    json = (text ? JSON.parse(text) : {}) as Json;
  } catch {
    // a proxy's or a dying process's page: counted by its status below
  }
  if (res.status >= 500) {
    fivexx += 1;
    const retryAfter = res.headers.get('retry-after');
    if (!retryAfter) fivexxWithoutRetryAfter += 1;
    const code = (json.error as { code?: string } | undefined)?.code ?? 'no error code';
    const cause = `${res.status} ${code}${retryAfter ? ' (Retry-After)' : ''} ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
    fivexxByCause.set(cause, (fivexxByCause.get(cause) ?? 0) + 1);
  }
  return { status: res.status, json };
}
/** A step retried a few times: a terminated connection fails the one request that used it. */
async function step(
  port: () => number,
  jar: Map<string, string>,
  method: string,
  path: string,
  body?: unknown,
) {
  for (let i = 0; ; i += 1) {
    try {
      const res = await call(port(), jar, method, path, body);
      if (res.status < 300 || i >= 6 || (res.status < 500 && res.status !== 409)) return res;
    } catch (error) {
      if (i >= 6) throw error;
    }
    await sleep(1_000 * (i + 1));
  }
}
const address = (first: string, email: string, fr: boolean) => ({
  firstName: first,
  lastName: fr ? 'Curie' : 'Lovelace',
  street: fr ? '11 Rue Pierre et Marie Curie' : '12 St James’s Square',
  city: fr ? 'Paris' : 'London',
  state: fr ? 'Île-de-France' : 'Greater London',
  phoneNumber: fr ? '06 12 34 56 78' : '020 7946 0958',
  email,
});
const orderIds: string[] = [];
let failedCheckouts = 0;
async function checkout(n: number) {
  const jar = new Map<string, string>();
  const port = () => {
    // Alternate processes; use the other one while one is down or still starting.
    const i = n % 2;
    const app = apps[i];
    const up = app !== undefined && app.exitCode === null && !intentional.has(app) && ready[i];
    return (up ? ports[i] : ports[1 - i]) ?? 0;
  };
  const quote = await step(port, jar, 'POST', '/api/v1/orders', {
    quote: {
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId: 73, postcode: '75001' },
      smallBoxes: 1,
      largeBoxes: 0,
    },
    service: n % 3 === 0 ? 'economy' : 'express',
  });
  if (quote.status >= 300) throw new Error(`Select ${quote.status}`);
  const id = String(quote.json.id);
  orderIds.push(id);
  const base = `/api/v1/orders/${id}`;
  const need = async (method: string, path: string, body?: unknown) => {
    const res = await step(port, jar, method, path, body);
    if (res.status >= 300)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  };
  await need('PUT', `${base}/addresses/collection`, address('Ada', `ada${n}@example.com`, false));
  await need('PUT', `${base}/addresses/delivery`, address('Marie', `marie${n}@example.fr`, true));
  const dates = await need('GET', `${base}/collection-dates`);
  await need('PUT', `${base}/collection-date`, { date: dates.earliest as string });
  const matches = await need('GET', `/api/v1/commodities?name=Books`);
  await need('POST', `${base}/parcels/small-1/items`, {
    name: 'Books',
    commodityCode: (matches.matches as { commodityCode: string }[])[0]?.commodityCode,
    numberOfUnits: 4,
    unitValue: 12.5,
    unitWeight: 0.5,
  });
  await need('POST', `${base}/declaration`);
  // The payment step's tick: without it the authorisation is cancelled (TERMS_NOT_ACCEPTED).
  await need('PUT', `${base}/terms-acceptance`, { accepted: true });
  const session = await need('POST', `${base}/payment`);
  await need('POST', '/api/v1/payment-sandbox/confirm', {
    clientSecret: session.clientSecret as string,
    number: '4242 4242 4242 4242',
    expiry: '12 / 30',
    cvc: '123',
    billing: {
      name: 'Ada Lovelace',
      line1: '12 St James’s Square',
      city: 'London',
      postcode: 'SW1A 1AA',
      country: 'United Kingdom',
    },
  });
  await need('POST', `${base}/payment/confirm`);
}

// ---- the faults -------------------------------------------------------------------------------
let chaosOn = true;
let terminations = 0;
const terminator = (async () => {
  while (chaosOn) {
    await sleep(3_000);
    try {
      const rows = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [dbName],
      );
      terminations += rows.rowCount ?? 0;
    } catch {
      // the next round tries again
    }
  }
})();
let killed = false;
let databaseStopped = false;
/** Orders in `booking` now (a short-lived connection: the terminator cuts long-lived ones). */
async function inBooking(): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE status = 'booking'`,
    );
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const faults = (async () => {
  // Wait until checkouts are flowing, then slow the courier past the lease.
  while (orderIds.length < 40 && chaosOn) await sleep(200);
  log(`courier slowed to ${SLOW_COURIER_MS} ms (lease ${LEASE_MS} ms)`);
  await courierLatency(SLOW_COURIER_MS);
  // Kill process 0 while a booking is in flight on it (the slow courier keeps one there).
  await sleep(2_000);
  for (let i = 0; i < 100 && !killed; i += 1) {
    if ((await inBooking()) > 0) break;
    await sleep(200);
  }
  const victim = apps[0];
  if (!victim) throw new Error('process 0 is not running');
  intentional.add(victim);
  victim.kill('SIGKILL');
  killed = true;
  log('process 0 killed (SIGKILL) during a booking');
  await sleep(8_000);
  await courierLatency(0);
  log('courier back to normal speed');
  await startApp(0);
  log('process 0 restarted');

  // The mail server hangs: it accepts connections and never greets them.
  smtp.hang();
  log(`mail server hung for ${SMTP_HANG_MS / 1000} s`);
  await sleep(SMTP_HANG_MS);
  smtp.recover();
  log('mail server answering again');

  // PostgreSQL itself stops, then starts again.
  if (cluster) {
    const ctl = (action: string) =>
      spawnSync(
        'pg_ctlcluster',
        [
          '--skip-systemctl-redirect',
          cluster.version,
          cluster.name,
          action,
          ...(action === 'stop' ? ['-m', 'fast'] : []),
        ],
        { stdio: 'ignore' },
      ).status;
    if (ctl('stop') === 0) {
      databaseStopped = true;
      log(`PostgreSQL stopped for ${DB_DOWN_MS / 1000} s`);
      await sleep(DB_DOWN_MS);
      ctl('start');
      for (let i = 0; i < 60; i++) {
        if (spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', cluster.port]).status === 0)
          break;
        await sleep(500);
      }
      admin = await adminClient();
      log('PostgreSQL started again');
    } else {
      log('PostgreSQL could not be stopped: that fault was skipped');
    }
  }
})();

// ---- the run ----------------------------------------------------------------------------------
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < CHECKOUTS && Date.now() - started < DEADLINE_MS) {
      const n = next++;
      try {
        await checkout(n);
      } catch (error) {
        failedCheckouts += 1;
        log(`checkout ${n} stopped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }),
);
await faults;
chaosOn = false;
await terminator;
log('checkouts sent; waiting for the jobs to settle');

// ---- settle and count ---------------------------------------------------------------------------
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const settleUntil = Date.now() + 4 * 60_000;
for (;;) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM orders WHERE status IN ('authorised', 'booking'))
          + (SELECT count(*) FROM jobs WHERE status IN ('pending', 'running') AND kind IN ('book-shipment', 'capture-payment', 'cancel-payment') AND run_at < now() + interval '5 minutes')
          + (SELECT count(*) FROM mail WHERE status IN ('pending', 'sending') AND next_attempt_at < now() + interval '5 minutes') AS n`,
  );
  if (Number(rows[0]?.n ?? 0) === 0 || Date.now() > settleUntil) break;
  await sleep(1_000);
}
const q = async (text: string) => (await db.query(text)).rows;
const byStatus = await q(
  `SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status`,
);
const [doubleCaptures] = await q(
  `SELECT count(*)::int AS n FROM (SELECT p.order_id FROM payments p WHERE p.status = 'captured'
   GROUP BY p.order_id HAVING count(*) > 1) x`,
);
const [sandboxDouble] = await q(
  `SELECT count(*)::int AS n FROM (SELECT metadata->>'orderId' AS o FROM sandbox_payments
   WHERE status = 'captured' GROUP BY 1 HAVING count(*) > 1) x`,
);
const refs = new Map<string, number>();
for (const b of bookings) if (b.success) refs.set(b.reference, (refs.get(b.reference) ?? 0) + 1);
const doubleBookings = [...refs.values()].filter((n) => n > 1).length;
/** Orders whose SUCCESS reached the site: each must end `booked`. */
const heard = new Set(bookings.filter((b) => b.success && b.delivered).map((b) => b.reference));
/** Orders the courier booked but whose answer died with the process that asked. */
const unheard = [...refs.keys()].filter((r) => !heard.has(r));
const statusOf = new Map(
  (await q(`SELECT reference, status FROM orders`)).map((r) => [
    r.reference as string,
    r.status as string,
  ]),
);
const confirmedNotBooked = [...heard].filter((r) => statusOf.get(r) !== 'booked');
// An unheard booking is unknown to the site: it must be where an operator sees it (or booked, if
// the operator or a later reply settled it), never left looking authorised or in progress.
const unheardStranded = unheard.filter(
  (r) => statusOf.get(r) !== 'booked' && statusOf.get(r) !== 'needs_attention',
);
const booked = byStatus.find((r) => r.status === 'booked')?.n ?? 0;
const mailByStatus = Object.fromEntries(
  (await q(`SELECT status, count(*)::int AS n FROM mail GROUP BY status ORDER BY status`)).map(
    (r) => [r.status as string, r.n as number],
  ),
);
/** Each email not sent, with its send-mail job, so a run explains what held it. */
const mailNotSent = await q(
  `SELECT m.kind, m.status, m.attempts, m.last_error, m.committed_at IS NOT NULL AS committed,
     to_char(m.next_attempt_at, 'HH24:MI:SS') AS next_attempt_at,
     j.status AS job_status, j.attempts AS job_attempts, j.last_error AS job_error,
     to_char(j.run_at, 'HH24:MI:SS') AS job_run_at, to_char(j.locked_until, 'HH24:MI:SS') AS job_locked_until,
     to_char(now(), 'HH24:MI:SS') AS now
   FROM mail m LEFT JOIN jobs j ON j.kind = 'send-mail' AND j.payload->>'mailId' = m.id::text
   WHERE m.status NOT IN ('sent')`,
);
/** Emails the site wrote and never handed to the mail server (still waiting or given up). */
const mailNeverSent =
  (mailByStatus.pending ?? 0) + (mailByStatus.sending ?? 0) + (mailByStatus.failed ?? 0);
/** Emails whose end is unknown (the final dot may have been sent): one an operator must look at. */
const mailUnknown = mailByStatus.unknown ?? 0;
/** Booked orders whose confirmation the mail server did not accept. */
const [bookedWithoutConfirmation] = await q(
  `SELECT count(*)::int AS n FROM orders o WHERE o.status = 'booked' AND NOT EXISTS
     (SELECT 1 FROM mail m WHERE m.order_id = o.id AND m.status = 'sent')`,
);
/** A card authorised (money held) for an order that is not booked and not before an operator. */
const [cardsHeld] = await q(
  `SELECT count(*)::int AS n FROM payments p JOIN orders o ON o.id = p.order_id
   WHERE p.status IN ('authorised', 'capture_pending') AND o.status NOT IN ('booked', 'needs_attention')`,
);
const [heldForOperator] = await q(
  `SELECT count(*)::int AS n FROM payments p JOIN orders o ON o.id = p.order_id
   WHERE p.status IN ('authorised', 'capture_pending') AND o.status = 'needs_attention'`,
);
const notFinal = byStatus
  .filter((r) => r.status === 'authorised' || r.status === 'booking')
  .reduce((sum, r) => sum + Number(r.n), 0);

for (const app of apps) {
  if (app && app.exitCode === null) {
    intentional.add(app);
    app.kill('SIGTERM');
  }
}
await sleep(2_000);
await db.end();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
proxy.close();
await simulator.close();
await smtp.stop();

const result = {
  checkouts: CHECKOUTS,
  checkoutsNotCompletedByDriver: failedCheckouts,
  ordersByStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
  ordersBooked: booked,
  courierBookShipmentCalls: bookings.length,
  doubleBookings,
  doubleCaptures: Number(doubleCaptures?.n ?? 0) + Number(sandboxDouble?.n ?? 0),
  courierConfirmedNotBooked: confirmedNotBooked.length,
  courierBookedButAnswerLostWithKilledProcess: unheard.length,
  ofThoseNotInNeedsAttentionOrBooked: unheardStranded.length,
  processesDied: died,
  processesKilledOnPurpose: killed ? 1 : 0,
  connectionsTerminated: terminations,
  http5xx: fivexx,
  http5xxWithoutRetryAfter: fivexxWithoutRetryAfter,
  http5xxByCause: Object.fromEntries([...fivexxByCause].sort((a, b) => b[1] - a[1])),
  httpStatusCounts: Object.fromEntries([...statusCounts].sort((a, b) => a[0] - b[0])),
  mailByStatus,
  mailNeverSent,
  mailUnknown,
  bookedWithoutSentConfirmation: Number(bookedWithoutConfirmation?.n ?? 0),
  cardsHeldWithoutBooking: Number(cardsHeld?.n ?? 0),
  cardsHeldForAnOperator: Number(heldForOperator?.n ?? 0),
  ordersNotFinalAfterSettling: notFinal,
  mailServerHungSeconds: SMTP_HANG_MS / 1000,
  databaseStoppedSeconds: databaseStopped ? DB_DOWN_MS / 1000 : 0,
  seconds: Math.round((Date.now() - started) / 1000),
  mailNotSent,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
const harms = {
  doubleBookings,
  doubleCaptures: result.doubleCaptures,
  courierConfirmedNotBooked: confirmedNotBooked.length,
  bookedButAnswerLostAndNotBeforeAnOperator: unheardStranded.length,
  processesDied: died,
  http5xxWithoutRetryAfter: fivexxWithoutRetryAfter,
  mailNeverSent,
  mailUnknown,
  bookedWithoutSentConfirmation: result.bookedWithoutSentConfirmation,
  cardsHeldWithoutBooking: result.cardsHeldWithoutBooking,
  ordersNotFinalAfterSettling: notFinal,
};
const harm = Object.values(harms).reduce((sum, n) => sum + n, 0);
process.stdout.write(
  harm === 0
    ? 'harm: none\n'
    : `harm: ${Object.entries(harms)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}\n`,
);
process.exit(harm === 0 ? 0 : 1);

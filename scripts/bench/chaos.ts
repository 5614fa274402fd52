/**
 * `npm run chaos`: a bounded fault run on this machine only, on the embedded database
 * (PGlite, as `npm start`) and on PostgreSQL, one after the other (CHAOS_DATABASE=pglite,
 * postgres or both, the default). On each, customers check out, cancel, move their collection
 * day and raise their cover, and an operator refunds and cancels, while, during that traffic:
 *   - PostgreSQL: two app processes on a database made for the run (dropped after it); database
 *     connections are terminated every 3 s, one process is killed (SIGKILL) during a booking and
 *     started again, and PostgreSQL itself is stopped for 8 s and started again;
 *   - PGlite: the one app process is killed (SIGKILL) during a booking and started again on the
 *     same data directory (a folder made for the run, removed after it);
 *   - on both: the courier is slowed past the job lease for a while, and the mail server takes
 *     whole messages (DATA and the final dot) and never answers, for 12 s (longer, up to 30 s,
 *     until two messages went unanswered).
 * Every courier call goes through a counting proxy in front of the courier simulator; mail goes
 * to a mail server in this script that keeps what it received (chaos-smtp.ts).
 *
 * Then a backup-restore-start round trip on the embedded database (roundTrip below;
 * CHAOS_ROUND_TRIP=off skips it, only runs it alone): backed up during checkouts, the original
 * settled and stopped, restored, a site started on it, both on one courier simulator, one card
 * sandbox and one mail server.
 *
 * Once the jobs settled, it counts every harm of chaos-harms.ts per run, prints the counts and a
 * table, and exits 1 when any harm is above 0 (docs/operations.md, "Chaos").
 *
 * CHAOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the PostgreSQL
 * server; the run creates its own database there. Stopping it stops every other user of that
 * server: use a cluster of your own (`pg_createcluster 15 chaos -p 5433 --start`), or
 * CHAOS_DB_RESTART=off. CHAOS_CHECKOUTS (default 40) per database; CHAOS_SECONDS (default 90)
 * bounds the traffic on each. CHAOS_INJECT=double-email sends one received message to the mail
 * server again after the run, resend-after-restore one the original sent after the restored site
 * settled: a harm on purpose (the exit code must say 1). CHAOS_LOG_DIR keeps
 * each app process's log there. Everything listens on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCourierSimulator } from '../../src/server/providers/courier/simulator/simulator.server.js';
import { totpCode } from '../../tests/support/two-factor.js';
import { freePort, root, UNTHROTTLED } from '../lib/sandbox-server.js';
import {
  courierHarms,
  exitCode,
  harmTable,
  reconcileMail,
  restoreHarms,
  type HarmCounts,
  type NotedName,
  type ReceivedMail,
  type RestoreHarmName,
} from './chaos-harms.js';
import { ChaosSmtpServer, type ChaosMail } from './chaos-smtp.js';

type Kind = 'pglite' | 'postgres';
const ROUND_TRIP = process.env.CHAOS_ROUND_TRIP ?? 'on';
if (!['on', 'off', 'only'].includes(ROUND_TRIP))
  throw new Error('CHAOS_ROUND_TRIP must be on, off or only');
const chosen = process.env.CHAOS_DATABASE ?? 'both';
if (!['pglite', 'postgres', 'both'].includes(chosen))
  throw new Error('CHAOS_DATABASE must be pglite, postgres or both');
const KINDS: Kind[] =
  ROUND_TRIP === 'only' ? [] : chosen === 'both' ? ['pglite', 'postgres'] : [chosen as Kind];
const INJECT = process.env.CHAOS_INJECT;
if (INJECT !== undefined && INJECT !== 'double-email' && INJECT !== 'resend-after-restore')
  throw new Error('CHAOS_INJECT knows two harms: double-email, resend-after-restore');
const serverUrl = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHECKOUTS = Number(process.env.CHAOS_CHECKOUTS ?? 40);
const TRAFFIC_MS = Number(process.env.CHAOS_SECONDS ?? 90) * 1000;
const LOG_DIR = process.env.CHAOS_LOG_DIR;
if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });
const MAIL_SILENT_MS = 12_000;
const DB_DOWN_MS = 8_000;
const CONCURRENCY = 4;
const LEASE_MS = 4_000;
const SLOW_COURIER_MS = 7_000;
const SETTLE_MS = 120_000;
const REASON = 'Chaos run: the customer asked';
/** The round trip's courier: slow enough that a backup finds bookings in flight, within the lease. */
const BOOKING_LATENCY_MS = 3_500;
const started = Date.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  process.stderr.write(`[chaos ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}\n`);
type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;
type Json = Record<string, unknown>;

// ---- the courier: simulator behind a counting proxy ------------------------------------------
/**
 * Every BookShipment answer the courier gave. `delivered` says whether the answer reached the app
 * process that asked: one killed while its call was in flight never hears the courier's SUCCESS,
 * so for that order the outcome is honestly unknown to the site (an operator resolves it).
 */
interface Booking {
  reference: string;
  success: boolean;
  delivered: boolean;
}
async function courierProxy(simulatorUrl: string) {
  const bookings: Booking[] = [];
  let inFlight = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = new URL(req.url ?? '/', simulatorUrl);
      const booking = /bookshipment/i.test(target.pathname);
      if (booking) inFlight += 1;
      const out = httpRequest(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (reply) => {
          const parts: Buffer[] = [];
          reply.on('data', (c: Buffer) => parts.push(c));
          reply.on('end', () => {
            const text = Buffer.concat(parts);
            let answer: Booking | undefined;
            if (booking) {
              inFlight -= 1;
              const reference = /"YourReference"\s*:\s*"([^"]+)"/.exec(body.toString())?.[1] ?? '?';
              answer = {
                reference,
                success: /"Status"\s*:\s*"SUCCESS"/.test(text.toString()),
                delivered: false,
              };
              bookings.push(answer);
            }
            // 'finish': the whole answer was handed to the asking process's connection.
            res.on('finish', () => {
              if (answer) answer.delivered = true;
            });
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            res.end(text);
          });
        },
      );
      out.on('error', () => {
        if (booking) inFlight -= 1;
        res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    bookings,
    inFlight: () => inFlight,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

// ---- the databases ------------------------------------------------------------------------------
interface Target {
  env: Record<string, string>;
  processes: 1 | 2;
  /** A live query while the apps run (PostgreSQL), or none (PGlite: one process owns it). */
  live?: Query;
  /** The database stopped during traffic; false when that fault was skipped. */
  stopDatabase?: () => Promise<boolean>;
  /** Opens the database to count (PGlite: after its process stopped). */
  open(): Promise<{ query: Query; close(): Promise<void> }>;
  cleanup(): Promise<void>;
}

function pgQuery(url: string): Query {
  return async (text, params) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Row[];
    } finally {
      await client.end().catch(() => undefined);
    }
  };
}

/**
 * The local cluster that serves CHAOS_DATABASE_URL's port (`pg_lsclusters`), for
 * `pg_ctlcluster VERSION NAME stop|start`; undefined for a server elsewhere or CHAOS_DB_RESTART=off.
 */
function localCluster() {
  if (process.env.CHAOS_DB_RESTART === 'off') return undefined;
  const url = new URL(serverUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') return undefined;
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  const port = url.port || '5432';
  const [version, name] =
    listed.stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[2] === port) ?? [];
  return version && name ? { version, name, port } : undefined;
}

async function postgresTarget(): Promise<Target> {
  const dbName = `chaos_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const onServer = pgQuery(serverUrl);
  await onServer(`CREATE DATABASE ${dbName}`);
  log(`database ${dbName} created`);
  const cluster = localCluster();
  const ctl = (action: string) =>
    cluster
      ? spawnSync(
          'pg_ctlcluster',
          [
            '--skip-systemctl-redirect',
            cluster.version,
            cluster.name,
            action,
            ...(action === 'stop' ? ['-m', 'fast'] : []),
          ],
          { stdio: 'ignore' },
        ).status
      : 1;
  return {
    env: { DATABASE_URL: dbUrl },
    processes: 2,
    live: pgQuery(dbUrl),
    stopDatabase: async () => {
      if (ctl('stop') !== 0) return false;
      log(`PostgreSQL stopped for ${DB_DOWN_MS / 1000} s (traffic goes on)`);
      await sleep(DB_DOWN_MS);
      ctl('start');
      for (let i = 0; i < 60; i++) {
        if (
          spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', cluster?.port ?? '']).status === 0
        )
          break;
        await sleep(500);
      }
      log('PostgreSQL started again');
      return true;
    },
    open: async () => {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      return {
        query: async (text, params) => (await client.query(text, params)).rows as Row[],
        close: () => client.end(),
      };
    },
    cleanup: async () => {
      await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      log(`database ${dbName} dropped`);
    },
  };
}

/** A data directory made for the run, or `dataDir` (a restore's), removed after it. */
function pgliteTarget(dataDir = mkdtempSync(join(tmpdir(), 'chaos-pglite-'))): Target {
  log(`embedded database in ${dataDir}`);
  return {
    env: { DATA_DIR: dataDir },
    processes: 1,
    open: async () => {
      const client = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
      return {
        query: async (text, params) => (await client.query(text, params)).rows as Row[],
        close: () => client.close(),
      };
    },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      log(`embedded database ${dataDir} removed`);
    },
  };
}

// ---- the app processes --------------------------------------------------------------------------
class Apps {
  readonly children: (ChildProcess | undefined)[] = [];
  readonly ready: boolean[] = [];
  readonly intentional = new Set<ChildProcess>();
  died = 0;
  constructor(
    readonly kind: string,
    readonly ports: number[],
    readonly env: Record<string, string>,
  ) {}

  start(i: number): Promise<void> {
    const port = this.ports[i] ?? 0;
    const tap = ['--import', './scripts/bench/chaos-card-tap.ts'];
    const child = spawn(process.execPath, ['--import', 'tsx', ...tap, 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', LOG_DIR ? 'pipe' : 'ignore', 'pipe'],
    });
    this.children[i] = child;
    this.ready[i] = false;
    if (LOG_DIR) {
      const file = createWriteStream(join(LOG_DIR, `${this.kind}-app-${i}.log`), { flags: 'a' });
      child.stdout?.pipe(file, { end: false });
      child.stderr?.pipe(file, { end: false });
    } else {
      child.stderr?.on('data', () => undefined);
    }
    child.on('exit', (code, signal) => {
      if (this.intentional.has(child)) return;
      this.died += 1;
      log(`${this.kind} process ${i} died (code ${code}, signal ${signal})`);
    });
    const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
    return Promise.race([waitReady(port), exited]).then((how) => {
      // A process that failed to start (counted as died above) is started again, as a
      // supervisor would.
      if (how === 'exited') return this.start(i);
      this.ready[i] = true;
    });
  }

  /** A port whose process is up: the one for `n`, else any other. */
  portFor(n: number): number {
    const up = (i: number) => {
      const c = this.children[i];
      return c !== undefined && c.exitCode === null && !this.intentional.has(c) && this.ready[i];
    };
    const i = n % this.ports.length;
    const other = this.ports.findIndex((_, j) => up(j));
    return this.ports[up(i) || other < 0 ? i : other] ?? 0;
  }

  /** Stops process i: SIGKILL (a crash) or SIGTERM (a clean stop), and waits for its exit. */
  async stop(i: number, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.children[i];
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.intentional.add(child);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await gone;
  }
}
async function waitReady(port: number): Promise<'ready'> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return 'ready';
    } catch {
      // not yet
    }
    await sleep(300);
  }
  throw new Error(`app on ${port} did not become ready`);
}

/** What every chaos app process runs with, besides its database. */
function appEnv(courierUrl: string, smtpUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    COURIER_PROVIDER: 'transglobal',
    COURIER_BASE_URL: courierUrl,
    COURIER_API_KEY: 'simulator',
    COURIER_PASSWORD: 'simulator',
    COURIER_BOOK_TIMEOUT_MS: '20000',
    JOB_LEASE_MS: String(LEASE_MS),
    BOOKING_REPLY_WINDOW_MS: '10000',
    PAYMENT_PROVIDER: 'sandbox',
    SMTP_URL: smtpUrl,
    SMTP_CONNECT_TIMEOUT_MS: '3000',
    SMTP_GREETING_TIMEOUT_MS: '3000',
    SMTP_SOCKET_TIMEOUT_MS: '3000',
    ALLOW_SANDBOX_PROVIDERS: 'true',
    // Every request comes from 127.0.0.1: the per-address limits would stop the run itself.
    ...UNTHROTTLED,
    RATE_LIMIT_CARD_DECLINES: '100000000/15m',
  };
}

// ---- one run on one database --------------------------------------------------------------------
interface RunResult {
  database: Kind | 'restore (pglite)';
  /** What the run measured: the fault runs all but the restore harms, the round trip those. */
  harms: Partial<HarmCounts>;
  noted: Partial<Record<NotedName, number>>;
  detail: Json;
}

async function runOn(kind: Kind): Promise<RunResult> {
  const runStarted = Date.now();
  log(`---- ${kind} ----`);
  const simulator = await startCourierSimulator({});
  const courier = await courierProxy(simulator.url);
  const courierLatency = (ms: number) =>
    fetch(`${simulator.url}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: ms }),
    });
  const smtp = new ChaosSmtpServer();
  await smtp.start();
  const target = kind === 'postgres' ? await postgresTarget() : pgliteTarget();
  const ports = await Promise.all(Array.from({ length: target.processes }, () => freePort()));
  const apps = new Apps(kind, ports, {
    ...target.env,
    ...appEnv(courier.url, smtp.url),
  });
  try {
    for (let i = 0; i < target.processes; i++) await apps.start(i);
    log(`${target.processes} app process(es) ready`);
    const operator = await signInOperator(apps, target.env);
    const traffic = new Traffic(apps, operator);

    // ---- the faults, during the traffic ----
    let faultsDone = false;
    let terminations = 0;
    let databaseStopped = false;
    const terminator = (async () => {
      if (!target.live) return;
      while (!faultsDone) {
        await sleep(3_000);
        try {
          const rows = await pgQuery(serverUrl)(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [new URL(target.env.DATABASE_URL ?? serverUrl).pathname.slice(1)],
          );
          terminations += rows.length;
        } catch {
          // the next round tries again (the server may be stopped)
        }
      }
    })();
    const faults = (async () => {
      while (traffic.started < CHECKOUTS / 4 && Date.now() - runStarted < TRAFFIC_MS)
        await sleep(200);
      log(`courier slowed to ${SLOW_COURIER_MS} ms (lease ${LEASE_MS} ms)`);
      await courierLatency(SLOW_COURIER_MS);
      for (let i = 0; i < 150 && courier.inFlight() === 0; i += 1) await sleep(200);
      await apps.stop(0, 'SIGKILL');
      log(`${kind} process 0 killed (SIGKILL) with ${courier.inFlight()} booking(s) in flight`);
      const restarted = apps.start(0).then(() => log(`${kind} process 0 started again`));
      await sleep(6_000);
      await courierLatency(0);
      log('courier back to normal speed');
      await restarted;
      smtp.silent();
      log(
        `mail server takes whole messages and never answers, for ${MAIL_SILENT_MS / 1000} s or more`,
      );
      // At least MAIL_SILENT_MS, longer (up to 30 s) until two messages went unanswered: a window
      // in which no email happened to be sent would test nothing.
      const silentSince = Date.now();
      while (
        Date.now() - silentSince < MAIL_SILENT_MS ||
        (smtp.unanswered < 2 && Date.now() - silentSince < 30_000)
      )
        await sleep(500);
      smtp.answer();
      log(`mail server answering again (${smtp.unanswered} message(s) never answered)`);
      if (target.stopDatabase) databaseStopped = await target.stopDatabase();
      faultsDone = true;
    })();
    await traffic.run(() => faultsDone, Date.now());
    await faults;
    faultsDone = true;
    await terminator;
    log(`traffic done (${traffic.started} checkouts); waiting for the jobs to settle`);

    // ---- settle ----
    const db = await settle(kind, target, apps);
    if (INJECT === 'double-email' && smtp.received[0]) {
      await smtp.sendAgain(smtp.received[0]);
      log('injected: one received message sent to the mail server again');
    }
    const counted = await count(db.query, {
      traffic,
      courier: courier.bookings,
      simulatorBookings: Object.keys(simulator.calls().bookings),
      received: smtp.received.map((m) => m.messageId),
      died: apps.died,
    });
    await db.close();
    counted.detail = {
      ...counted.detail,
      connectionsTerminated: terminations,
      databaseStoppedSeconds: databaseStopped ? DB_DOWN_MS / 1000 : 0,
      mailNeverAnswered: smtp.unanswered,
      seconds: Math.round((Date.now() - runStarted) / 1000),
    };
    return { database: kind, ...counted };
  } finally {
    for (let i = 0; i < apps.ports.length; i++) await apps.stop(i, 'SIGTERM');
    await target.cleanup().catch((e: unknown) => log(`cleanup: ${String(e)}`));
    await courier.close();
    await simulator.close();
    await smtp.stop();
  }
}

// ---- the backup-restore-start round trip ------------------------------------------------------------
/** `npm run backup` or `restore` on an embedded database's data directory; answers what it said. */
function opsScript(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `scripts/ops/${script}.ts`, ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`npm run ${script}: ${out.trim()}`)),
    );
  });
}

/** The captures an app process asked of the card sandbox (chaos-card-tap.ts). */
function captures(path: string): { id: string; before: string }[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; before: string });
}

const receivedMail = (m: ChaosMail): ReceivedMail => ({
  messageId: m.messageId,
  to: m.to,
  subject: m.subject,
});

/**
 * Backs up the embedded database during checkouts (`npm run backup`, through the running site),
 * lets the original site finish and stops it, restores the backup into a new data directory
 * (`npm run restore`) and starts a site on it, with both sites on one courier simulator (in this
 * script, apart from the sites, behind the counting proxy), one card sandbox and one mail server.
 * The card sandbox keeps its records in the site's own database, so the restored database holds
 * the card provider as it was at the backup: before the restored site starts, its
 * `sandbox_payments` and `sandbox_refunds` are replaced with the original's at its stop, so the
 * restored site asks the one card provider as the original left it. A tap in each app process
 * (chaos-card-tap.ts) writes every capture asked, with the payment's state at the sandbox before.
 */
async function roundTrip(): Promise<RunResult> {
  const runStarted = Date.now();
  log('---- backup, restore, start (pglite) ----');
  const simulator = await startCourierSimulator({});
  const courier = await courierProxy(simulator.url);
  const smtp = new ChaosSmtpServer();
  await smtp.start();
  const work = mkdtempSync(join(tmpdir(), 'chaos-round-trip-'));
  const original = pgliteTarget();
  const restored = pgliteTarget(mkdtempSync(join(tmpdir(), 'chaos-restored-')));
  const env = appEnv(courier.url, smtp.url);
  const originalLog = join(work, 'original-captures.jsonl');
  const restoredLog = join(work, 'restored-captures.jsonl');
  const first = new Apps('original', [await freePort()], {
    ...original.env,
    ...env,
    CHAOS_CARD_LOG: originalLog,
  });
  const second = new Apps('restored', [await freePort()], {
    ...restored.env,
    ...env,
    CHAOS_CARD_LOG: restoredLog,
  });
  const latency = (ms: number) =>
    fetch(`${simulator.url}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: ms }),
    });
  try {
    await first.start(0);
    const operator = await signInOperator(first, original.env);
    const traffic = new Traffic(first, operator);
    // Bookings take a while, so the backup finds some waiting and some in flight.
    await latency(BOOKING_LATENCY_MS);
    let backupFile: string | undefined;
    let backupSaid = '';
    const trafficStarted = Date.now();
    const backup = (async () => {
      // Half paid, and a cover raise just confirmed (its courier call, a job, then in flight),
      // when the traffic has one (checkout 3): the backup then holds a raise being made too.
      const raises = CHECKOUTS > 3 ? 1 : 0;
      while (
        (traffic.paid.length < CHECKOUTS / 2 || traffic.coverRaisesConfirmed < raises) &&
        Date.now() - trafficStarted < TRAFFIC_MS
      )
        await sleep(100);
      // At once after the raise (its courier call takes BOOKING_LATENCY_MS); else with a booking
      // in flight (up to 10 s).
      if (raises === 0)
        for (let i = 0; i < 50 && courier.inFlight() === 0; i += 1) await sleep(200);
      const inFlight = courier.inFlight();
      backupSaid = await opsScript('backup', ['--dir', work], original.env.DATA_DIR ?? '');
      backupFile = readdirSync(work)
        .filter((name) => name.startsWith('boxabroad-') && !name.endsWith('.sha256'))
        .map((name) => join(work, name))[0];
      log(
        `backed up with ${traffic.paid.length} paid, ${inFlight} booking(s) in flight, ` +
          `${traffic.coverRaisesConfirmed} cover raise(s) confirmed`,
      );
    })();
    await traffic.run(() => backupFile !== undefined, Date.now());
    await backup;
    if (!backupFile) throw new Error(`the backup wrote no file: ${backupSaid}`);
    await latency(0);
    log(`original: traffic done (${traffic.started} checkouts); settling, then stopped`);
    const left = await settle('original', original, first);
    const [cards] = await left.query(`SELECT
        (SELECT coalesce(json_agg(p), '[]') FROM sandbox_payments p) AS payments,
        (SELECT coalesce(json_agg(r), '[]') FROM sandbox_refunds r) AS refunds`);
    const originalOrders = await left.query(
      `SELECT status AS k, count(*)::int AS n FROM orders GROUP BY 1 ORDER BY 1`,
    );
    await left.close();
    const bookedBefore = courier.bookings.filter((b) => b.success).map((b) => b.reference);
    const bookingsMark = courier.bookings.length;
    const mailBefore = smtp.received.map(receivedMail);

    const restoreSaid = await opsScript('restore', [backupFile], restored.env.DATA_DIR ?? '');
    log(`restored: ${restoreSaid.split('\n')[0]}`);
    const db = await restored.open();
    const pending = (
      await db.query(`SELECT id FROM orders WHERE status IN ('authorised', 'booking')
         UNION SELECT order_id FROM payments WHERE status IN ('capture_pending', 'cancel_pending')`)
    ).map((r) => String(r.id));
    // The one card provider, as the original left it (ON DELETE CASCADE takes the refunds).
    await db.query(`DELETE FROM sandbox_payments`);
    await db.query(
      `INSERT INTO sandbox_payments SELECT * FROM json_populate_recordset(NULL::sandbox_payments, $1::json)`,
      [JSON.stringify(cards?.payments ?? [])],
    );
    await db.query(
      `INSERT INTO sandbox_refunds SELECT * FROM json_populate_recordset(NULL::sandbox_refunds, $1::json)`,
      [JSON.stringify(cards?.refunds ?? [])],
    );
    await db.close();

    await second.start(0);
    log(`restored site started with ${pending.length} order(s) pending in the backup`);
    const after = await settle('restored', restored, second);
    if (INJECT === 'resend-after-restore' && smtp.received[0]) {
      await smtp.sendAgain(smtp.received[0]);
      log('injected: one message the original sent, sent to the mail server again');
    }
    const [mark] = await after.query(
      `SELECT restored_at, reconciled_at, outcome FROM site_restores ORDER BY restored_at DESC LIMIT 1`,
    );
    const outcome = (mark?.outcome ?? null) as {
      bookings: { orderId: string; outcome: string }[];
      payments: { orderId: string; outcome: string }[];
      changes?: { kind: string; outcome: string }[];
      refunds?: { outcome: string }[];
      heldEmails: number;
    } | null;
    const statusAfter = new Map(
      (await after.query(`SELECT id, status FROM orders`)).map((r) => [
        String(r.id),
        String(r.status),
      ]),
    );
    const held = Number(
      (await after.query(`SELECT count(*)::int AS n FROM mail WHERE status = 'held'`))[0]?.n ?? 0,
    );
    const capturesAsked = captures(restoredLog);
    // What each capture the restored site asked was for, as the restored site has it.
    const capturedFor = await after.query(
      `SELECT p.provider_payment_id AS id, p.kind, p.status, o.reference, o.status AS order_status
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.provider_payment_id = ANY($1::text[])`,
      [capturesAsked.map((c) => c.id)],
    );
    const mailWritten = await after.query(
      `SELECT kind, status, subject FROM mail WHERE created_at > $1 ORDER BY created_at`,
      [mark?.restored_at ?? new Date()],
    );
    await after.close();
    const counted = restoreHarms({
      bookedBefore,
      bookedAfter: courier.bookings
        .slice(bookingsMark)
        .filter((b) => b.success)
        .map((b) => b.reference),
      capturesAsked,
      mailBefore,
      mailAfter: smtp.received.slice(mailBefore.length).map(receivedMail),
      pending,
      statusAfter,
      listed: outcome
        ? new Set([...outcome.bookings, ...outcome.payments].map((x) => x.orderId))
        : null,
    });
    const count = (xs: string[]) =>
      Object.fromEntries([...new Set(xs)].sort().map((k) => [k, xs.filter((x) => x === k).length]));
    return {
      database: 'restore (pglite)',
      harms: { ...counted.harms, processesDied: first.died + second.died },
      noted: { ...counted.noted, restoreHeldEmails: held },
      detail: {
        checkoutsStarted: traffic.started,
        checkoutsPaid: traffic.paid.length,
        checkoutsNotCompletedByDriver: traffic.failed,
        backup: backupSaid,
        restore: restoreSaid,
        originalOrdersByStatus: Object.fromEntries(originalOrders.map((r) => [r.k, r.n])),
        originalCapturesAsked: captures(originalLog).length,
        courierBookShipmentCallsBefore: bookingsMark,
        courierBookShipmentCallsAfter: courier.bookings.length - bookingsMark,
        mailReceivedBefore: mailBefore.length,
        mailReceivedAfter: smtp.received.length - mailBefore.length,
        pendingInBackupNowByStatus: count(pending.map((id) => statusAfter.get(id) ?? 'missing')),
        reconciledAt: mark?.reconciled_at ?? null,
        reconciliation: outcome && {
          bookings: count(outcome.bookings.map((b) => b.outcome)),
          payments: count(outcome.payments.map((p) => p.outcome)),
          changes: count((outcome.changes ?? []).map((c) => `${c.kind}: ${c.outcome}`)),
          refunds: count((outcome.refunds ?? []).map((r) => r.outcome)),
          heldEmails: outcome.heldEmails,
        },
        restoredCapturesAsked: capturesAsked.map((c) => ({
          ...c,
          ...capturedFor.find((p) => p.id === c.id),
        })),
        restoredMailWritten: mailWritten,
        found: counted.found,
        seconds: Math.round((Date.now() - runStarted) / 1000),
      },
    };
  } finally {
    await first.stop(0, 'SIGTERM');
    await second.stop(0, 'SIGTERM');
    for (const target of [original, restored]) {
      await target.cleanup().catch((e: unknown) => log(`cleanup: ${String(e)}`));
    }
    rmSync(work, { recursive: true, force: true });
    await courier.close();
    await simulator.close();
    await smtp.stop();
  }
}

/**
 * A booking change not final when it should be: `checking` (asked of the courier every minute),
 * or `pending` longer than the product leaves a change whose process stopped during its courier
 * call before asking the courier (CALL_ABANDONED_MS, 5 minutes, booking-changes.service.ts).
 * One `pending` for less is counted apart (`changesPendingNotYetDue`).
 */
const CHANGE_OVERDUE = `(status = 'checking' OR (status = 'pending' AND updated_at < now() - interval '5 minutes'))`;

/** The jobs a run waits for: those that act on what the traffic did (not ticks or tracking). */
const SETTLING_JOBS = [
  'book-shipment',
  'capture-payment',
  'cancel-payment',
  'cancel-booking',
  'check-rebooking',
  'raise-cover',
  'refund-payment',
  'send-mail',
]
  .map((kind) => `'${kind}'`)
  .join(', ');

/** Until orders, jobs, mail, refunds and changes are final (or SETTLE_MS), then the database. */
async function settle(kind: string, target: Target, apps: Apps) {
  const open = `SELECT
      (SELECT count(*) FROM orders WHERE status IN ('authorised', 'booking', 'cancelling'))
    + (SELECT count(*) FROM jobs WHERE status IN ('pending', 'running') AND kind IN (${SETTLING_JOBS}) AND run_at < now() + interval '5 minutes')
    + (SELECT count(*) FROM mail WHERE status IN ('pending', 'sending') AND next_attempt_at < now() + interval '5 minutes')
    + (SELECT count(*) FROM payment_refunds WHERE status = 'pending')
    + (SELECT count(*) FROM booking_changes WHERE ${CHANGE_OVERDUE})
    + (SELECT count(*) FROM site_restores WHERE reconciled_at IS NULL) AS n`;
  const until = Date.now() + SETTLE_MS;
  if (target.live) {
    for (;;) {
      const n = await target.live(open).then(
        (r) => Number(r[0]?.n ?? 1),
        () => 1,
      );
      if (n === 0 || Date.now() > until) break;
      await sleep(1_000);
    }
    for (let i = 0; i < apps.ports.length; i++) await apps.stop(i, 'SIGTERM');
    return target.open();
  }
  // PGlite: one process owns the data directory; stop it to look, start it again if not settled.
  for (;;) {
    await sleep(15_000);
    await apps.stop(0, 'SIGTERM');
    const db = await target.open();
    const n = Number((await db.query(open))[0]?.n ?? 1);
    log(`${kind}: ${n} thing(s) still open`);
    if (n === 0 || Date.now() > until) return db;
    await db.close();
    await apps.start(0);
  }
}

// ---- the operator ---------------------------------------------------------------------------------
async function signInOperator(apps: Apps, env: Record<string, string>) {
  const email = `chaos.operator.${Date.now()}@example.com`;
  const password = 'chaos operator password';
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/admin.cli.ts', '--email', email, '--password', password],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    },
  );
  if (made.status !== 0) throw new Error('admin:create failed');
  const jar = new Map<string, string>();
  const port = apps.portFor(0);
  const signIn = await call(port, jar, 'POST', '/api/v1/session', { email, password });
  if (signIn.status !== 200) throw new Error(`operator sign-in: ${signIn.status}`);
  const enrol = await call(port, jar, 'POST', '/api/v1/account/two-factor', { password });
  if (enrol.status !== 201) throw new Error(`two-factor start: ${enrol.status}`);
  const confirmed = await call(port, jar, 'PUT', '/api/v1/account/two-factor', {
    code: await totpCode(String(enrol.json.secret)),
  });
  if (confirmed.status !== 200) throw new Error(`two-factor confirm: ${confirmed.status}`);
  log('operator signed in with two-step sign-in');
  return jar;
}

// ---- HTTP -----------------------------------------------------------------------------------------
const statusCounts = new Map<number, number>();
/** 5xx answers by cause: `500 INTERNAL`, `503 DATABASE_BUSY (Retry-After)`… (this run's). */
let fivexxByCause = new Map<string, number>();
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
    const retryAfter = res.headers.get('retry-after');
    const code = (json.error as { code?: string } | undefined)?.code ?? 'no error code';
    const cause = `${res.status} ${code}${retryAfter ? ' (Retry-After)' : ''} ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
    fivexxByCause.set(cause, (fivexxByCause.get(cause) ?? 0) + 1);
  }
  return { status: res.status, json };
}

// ---- the customers' and the operator's traffic ----------------------------------------------------
const address = (first: string, email: string, fr: boolean) => ({
  firstName: first,
  lastName: fr ? 'Curie' : 'Lovelace',
  street: fr ? '11 Rue Pierre et Marie Curie' : '12 St James’s Square',
  city: fr ? 'Paris' : 'London',
  state: fr ? 'Île-de-France' : 'Greater London',
  phoneNumber: fr ? '06 12 34 56 78' : '020 7946 0958',
  email,
});
const BILLING = {
  name: 'Ada Lovelace',
  line1: '12 St James’s Square',
  city: 'London',
  postcode: 'SW1A 1AA',
  country: 'United Kingdom',
};
/** What each checkout does after paying, by its number modulo 8 (6 and 7: nothing more). */
const FOLLOW_UPS = [
  'customer-cancel',
  'operator-refund',
  'date-change',
  'cover-raise',
  'operator-cancel-booking',
  'operator-cancel-before-booking',
] as const;

class Traffic {
  started = 0;
  paid: { id: string }[] = [];
  failed = 0;
  /** Follow-ups by kind and outcome: `cover-raise done`, `date-change 409`… */
  readonly followUps = new Map<string, number>();
  /** Cover raises the customer confirmed (the courier is asked by a job after that). */
  coverRaisesConfirmed = 0;
  /** Refunds the operator asked and the console accepted (200). */
  readonly refunds: { orderId: string; requestKey: string }[] = [];
  constructor(
    readonly apps: Apps,
    readonly operator: Map<string, string>,
  ) {}

  async run(faultsDone: () => boolean, since: number) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while ((this.started < CHECKOUTS || !faultsDone()) && Date.now() - since < TRAFFIC_MS) {
          const n = this.started++;
          try {
            await this.checkout(n);
          } catch (error) {
            this.failed += 1;
            log(`checkout ${n} stopped: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
  }

  /** A request retried through lost processes, 5xx and (when asked) 409, for up to 90 s. */
  async step(
    n: number,
    jar: Map<string, string>,
    method: string,
    path: string,
    body?: unknown,
    retry409 = true,
  ) {
    const until = Date.now() + 90_000;
    for (let i = 0; ; i += 1) {
      try {
        const res = await call(this.apps.portFor(n), jar, method, path, body);
        const again = res.status >= 500 || (retry409 && res.status === 409);
        if (!again || Date.now() > until) return res;
      } catch (error) {
        if (Date.now() > until) throw error;
      }
      await sleep(Math.min(1_000 * (i + 1), 5_000));
    }
  }

  async checkout(n: number) {
    const jar = new Map<string, string>();
    const need = async (method: string, path: string, body?: unknown) => {
      const res = await this.step(n, jar, method, path, body);
      if (res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json;
    };
    const order = await need('POST', '/api/v1/orders', {
      quote: {
        collection: { countryId: 231, postcode: 'SW1A 1AA' },
        destination: { countryId: 73, postcode: '75001' },
        smallBoxes: 1,
        largeBoxes: 0,
      },
      service: n % 3 === 0 ? 'economy' : 'express',
    });
    const id = String(order.id);
    const base = `/api/v1/orders/${id}`;
    await need('PUT', `${base}/addresses/collection`, address('Ada', `ada${n}@example.com`, false));
    await need('PUT', `${base}/addresses/delivery`, address('Marie', `marie${n}@example.fr`, true));
    const dates = await need('GET', `${base}/collection-dates`);
    await need('PUT', `${base}/collection-date`, { date: dates.earliest as string });
    const matches = await need('GET', `/api/v1/commodities?name=Books`);
    await need('POST', `${base}/parcels/small-1/items`, {
      name: 'Books',
      commodityCode: (matches.matches as { commodityCode: string }[])[0]?.commodityCode,
      numberOfUnits: 4,
      // Those that raise their cover declare more than the cover they start with.
      unitValue: FOLLOW_UPS[n % 8] === 'cover-raise' ? 150 : 12.5,
      unitWeight: 0.5,
    });
    await need('POST', `${base}/declaration`);
    await need('PUT', `${base}/terms-acceptance`, { accepted: true });
    const session = await need('POST', `${base}/payment`);
    await need('POST', '/api/v1/payment-sandbox/confirm', {
      clientSecret: session.clientSecret as string,
      number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
      billing: BILLING,
    });
    const followUp = FOLLOW_UPS[n % 8];
    // The operator's cancellation before the booking races the customer's last step (the
    // booking starts as soon as the payment is read): sent at the same time.
    const [, outcome] = await Promise.all([
      need('POST', `${base}/payment/confirm`).then(() => this.paid.push({ id })),
      followUp &&
        this.followUp(followUp, n, id, jar).catch((e: unknown) =>
          e instanceof Error ? e.message.slice(0, 60) : 'error',
        ),
    ]);
    if (followUp) {
      const key = `${followUp} ${outcome}`;
      this.followUps.set(key, (this.followUps.get(key) ?? 0) + 1);
    }
  }

  async followUp(
    kind: (typeof FOLLOW_UPS)[number],
    n: number,
    id: string,
    jar: Map<string, string>,
  ) {
    const base = `/api/v1/orders/${id}`;
    const admin = `/api/v1/admin/orders/${id}`;
    const requestKey = randomUUID();
    if (kind === 'operator-cancel-before-booking') {
      return (
        await this.step(
          n,
          this.operator,
          'POST',
          `${admin}/authorisation-cancellation`,
          { reason: REASON },
          false,
        )
      ).status;
    }
    // The rest need the booking: wait for it (the courier may be slow or the process killed).
    let changes: Json = {};
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(1_000)) {
      changes = (await this.step(n, jar, 'GET', `${base}/booking-changes`)).json;
      // `draft` until the customer's last step (sent at the same time) is read.
      if (!['draft', 'authorised', 'booking'].includes(String(changes.status))) break;
    }
    if (changes.status !== 'booked') return `not booked (${String(changes.status)})`;
    switch (kind) {
      case 'customer-cancel':
        return (
          await this.step(n, jar, 'POST', `${base}/booking-changes/cancellation`, { requestKey })
        ).status;
      case 'operator-cancel-booking':
        return (
          await this.step(n, this.operator, 'POST', `${admin}/booking-cancellation`, {
            requestKey,
            reason: REASON,
          })
        ).status;
      case 'date-change': {
        const day = (changes.change as { dates: string[] }).dates.at(-1);
        if (!day) return 'no other day';
        return (
          await this.step(n, jar, 'PUT', `${base}/booking-changes/collection-date`, {
            collectionDate: day,
            requestKey,
          })
        ).status;
      }
      case 'cover-raise': {
        const cover = changes.cover as { maxCoverPence: number; coverPence: number };
        if (cover.maxCoverPence <= cover.coverPence) return 'at most already';
        const raise = await this.step(n, jar, 'POST', `${base}/booking-changes/cover`, {
          cover: (cover.maxCoverPence / 100).toFixed(2),
          requestKey,
        });
        if (raise.status !== 200) return raise.status;
        const payment = raise.json.payment as { clientSecret: string } | null;
        if (payment) {
          await this.step(n, jar, 'POST', '/api/v1/payment-sandbox/confirm', {
            clientSecret: payment.clientSecret,
            number: '4242 4242 4242 4242',
            expiry: '12 / 30',
            cvc: '123',
            billing: BILLING,
          });
        }
        const confirmed = await this.step(
          n,
          jar,
          'POST',
          `${base}/booking-changes/cover/confirmation`,
          { changeId: raise.json.changeId },
        );
        if (confirmed.status === 200) this.coverRaisesConfirmed += 1;
        return confirmed.status;
      }
      case 'operator-refund': {
        // A refund needs the capture, which follows the booking: 409 until then.
        const res = await this.step(n, this.operator, 'POST', `${admin}/refunds`, {
          amount: '1.00',
          reason: REASON,
          requestKey,
        });
        if (res.status === 200) this.refunds.push({ orderId: id, requestKey });
        return res.status;
      }
    }
  }
}

// ---- counting ---------------------------------------------------------------------------------------
async function count(
  q: Query,
  seen: {
    traffic: Traffic;
    courier: Booking[];
    simulatorBookings: string[];
    received: string[];
    died: number;
  },
): Promise<{
  harms: Omit<HarmCounts, RestoreHarmName>;
  noted: Partial<Record<NotedName, number>>;
  detail: Json;
}> {
  const n = async (text: string, params?: unknown[]) => Number((await q(text, params))[0]?.n ?? 0);
  const orders = await q(`SELECT id, reference, status FROM orders`);
  const siteStatus = new Map(orders.map((r) => [String(r.reference), String(r.status)]));
  const statusById = new Map(orders.map((r) => [String(r.id), String(r.status)]));
  const courier = courierHarms({
    bookShipments: seen.courier,
    simulatorBookings: seen.simulatorBookings,
    siteStatus,
  });
  const outbox = (await q(`SELECT message_id, status FROM mail`)).map((r) => ({
    messageId: String(r.message_id),
    status: String(r.status),
  }));
  const mail = reconcileMail(outbox, seen.received);
  const doubleCaptures =
    (await n(`SELECT count(*)::int AS n FROM (SELECT 1 FROM payments WHERE status IN ('captured', 'refunded')
       GROUP BY order_id, kind, booking_change_id HAVING count(*) > 1) x`)) +
    (await n(`SELECT count(*)::int AS n FROM sandbox_payments s WHERE s.status = 'captured' AND NOT EXISTS
       (SELECT 1 FROM payments p WHERE p.provider_payment_id = s.id AND p.status IN ('captured', 'refunded'))`));
  // Refunds: what the card provider refunded per payment against what the site says it refunded.
  const perPayment = await q(`SELECT p.id,
       COALESCE((SELECT sum(r.amount_pence) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'succeeded'), 0)::int AS site,
       COALESCE((SELECT sum(s.amount_pence) FROM sandbox_refunds s WHERE s.payment_id = p.provider_payment_id), 0)::int AS provider
     FROM payments p`);
  const refundsTwice = perPayment.filter((r) => Number(r.provider) > Number(r.site)).length;
  const refundStatus = new Map(
    (await q(`SELECT request_key, status FROM payment_refunds`)).map((r) => [
      String(r.request_key),
      String(r.status),
    ]),
  );
  const refundsLost =
    perPayment.filter((r) => Number(r.provider) < Number(r.site)).length +
    seen.traffic.refunds.filter((r) => {
      const s = refundStatus.get(r.requestKey);
      return s === undefined || s === 'pending';
    }).length +
    // A cancelled order whose captured card was neither released nor refunded in full.
    (await n(`SELECT count(*)::int AS n FROM orders o JOIN payments p ON p.order_id = o.id AND p.kind = 'order'
       JOIN sandbox_payments s ON s.id = p.provider_payment_id
       WHERE o.status = 'cancelled' AND s.status = 'captured' AND s.amount_refunded_pence < s.amount_pence
       AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id AND r.status IN ('needs_action', 'refunded_outside'))`));
  const bookedWithoutSentConfirmation =
    await n(`SELECT count(*)::int AS n FROM orders o WHERE o.status = 'booked'
     AND NOT EXISTS (SELECT 1 FROM mail m WHERE m.order_id = o.id AND m.status IN ('sent', 'unknown'))`);
  const cardsHeldWithoutBooking =
    await n(`SELECT count(*)::int AS n FROM payments p JOIN orders o ON o.id = p.order_id
     WHERE p.status IN ('authorised', 'capture_pending') AND o.status NOT IN ('booked', 'needs_attention')
     AND NOT (p.kind = 'cover' AND o.status = 'cancelling')`);
  const cardsHeldForAnOperator =
    await n(`SELECT count(*)::int AS n FROM payments p JOIN orders o ON o.id = p.order_id
     WHERE p.status IN ('authorised', 'capture_pending') AND o.status = 'needs_attention'`);
  const ordersNotFinal =
    (await n(
      `SELECT count(*)::int AS n FROM orders WHERE status IN ('authorised', 'booking', 'cancelling')`,
    )) +
    (await n(`SELECT count(*)::int AS n FROM booking_changes WHERE ${CHANGE_OVERDUE}`)) +
    // Paid for (the site said so) and then lost: gone, or back to a draft.
    seen.traffic.paid.filter((o) => (statusById.get(o.id) ?? 'draft') === 'draft').length;
  const changesPendingNotYetDue = await n(
    `SELECT count(*)::int AS n FROM booking_changes WHERE status = 'pending' AND NOT ${CHANGE_OVERDUE}`,
  );
  const fivexx = [...fivexxByCause];
  const harms: Omit<HarmCounts, RestoreHarmName> = {
    doubleBookings: courier.doubleBookings,
    courierConfirmedNotBooked: courier.confirmedNotBooked,
    bookedAnswerLostNotBeforeAnOperator: courier.unheardNotBeforeAnOperator,
    bookedOnSiteNotAtCourier: courier.bookedOnSiteNotAtCourier,
    doubleCaptures,
    refundsTwice,
    refundsLost,
    mailReceivedTwice: mail.receivedTwice.length,
    mailSentNotReceived: mail.sentNotReceived.length,
    mailNeverSent: mail.neverSent.length,
    bookedWithoutSentConfirmation,
    cardsHeldWithoutBooking,
    ordersNotFinalAfterSettling: ordersNotFinal,
    processesDied: seen.died,
    http5xxWithoutRetryAfter: fivexx
      .filter(([c]) => !c.includes('(Retry-After)'))
      .reduce((s, [, k]) => s + k, 0),
  };
  const noted: Partial<Record<NotedName, number>> = {
    cardsHeldForAnOperator,
    mailUnknownReceived: mail.unknownReceived.length,
    mailUnknownNotReceived: mail.unknownNotReceived.length,
    mailReceivedNotInOutbox: mail.receivedNotInOutbox.length,
    bookedAnswerLost: courier.unheard,
    changesPendingNotYetDue,
    http5xxWithRetryAfter: fivexx
      .filter(([c]) => c.includes('(Retry-After)'))
      .reduce((s, [, k]) => s + k, 0),
  };
  const group = async (text: string) =>
    Object.fromEntries((await q(text)).map((r) => [String(r.k), Number(r.n)]));
  return {
    harms,
    noted,
    detail: {
      checkoutsStarted: seen.traffic.started,
      checkoutsPaid: seen.traffic.paid.length,
      checkoutsNotCompletedByDriver: seen.traffic.failed,
      followUps: Object.fromEntries([...seen.traffic.followUps].sort()),
      ordersByStatus: await group(
        `SELECT status AS k, count(*)::int AS n FROM orders GROUP BY 1 ORDER BY 1`,
      ),
      bookingChanges: await group(
        `SELECT kind || ' ' || status AS k, count(*)::int AS n FROM booking_changes GROUP BY 1 ORDER BY 1`,
      ),
      refundsByStatus: await group(
        `SELECT status AS k, count(*)::int AS n FROM payment_refunds GROUP BY 1 ORDER BY 1`,
      ),
      mailByStatus: await group(
        `SELECT status AS k, count(*)::int AS n FROM mail GROUP BY 1 ORDER BY 1`,
      ),
      mailReceived: seen.received.length,
      mailUnknownForAnOperator: [...mail.unknownReceived, ...mail.unknownNotReceived],
      courierBookShipmentCalls: seen.courier.length,
      http5xxByCause: Object.fromEntries(fivexx.sort((a, b) => b[1] - a[1])),
      httpStatusCounts: Object.fromEntries([...statusCounts].sort((a, b) => a[0] - b[0])),
    },
  };
}

// ---- the runs -----------------------------------------------------------------------------------------
const results: RunResult[] = [];
for (const kind of KINDS) {
  fivexxByCause = new Map();
  statusCounts.clear();
  const result = await runOn(kind);
  results.push(result);
  process.stdout.write(
    `\n${kind}: ${JSON.stringify({ harms: result.harms, noted: result.noted, ...result.detail }, null, 2)}\n`,
  );
}
if (ROUND_TRIP !== 'off') {
  fivexxByCause = new Map();
  statusCounts.clear();
  const result = await roundTrip();
  results.push(result);
  process.stdout.write(
    `\n${result.database}: ${JSON.stringify({ harms: result.harms, noted: result.noted, ...result.detail }, null, 2)}\n`,
  );
}
process.stdout.write(`\n${harmTable(results)}\n`);
const failed = results.filter((r) => exitCode(r.harms) !== 0);
process.stdout.write(
  failed.length === 0
    ? 'harm: none\n'
    : `harm: ${failed
        .map(
          (r) =>
            `${r.database}: ${Object.entries(r.harms)
              .filter(([, k]) => k > 0)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`,
        )
        .join('; ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);

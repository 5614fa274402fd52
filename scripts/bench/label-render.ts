// `npx tsx scripts/bench/label-render.ts`: how much a 5-box order's label PDFs hold up the event
// loop. The courier simulator renders them when it books (the A4 labels, the 4×6 in thermal
// labels and the commercial invoice, src/server/providers/courier/simulator/documents.pdf.ts);
// the real courier sends them ready-made, so the site only stores and mails them.
//
// 1. The renderer in this process: BENCH_RENDERS renders (default 20) of a 5-box order's
//    documents after an idle baseline: the first (cold: fonts and code loaded, the thread
//    started) alone, the others back to back, as a burst of bookings would. Once in this thread
//    (as the simulator rendered them before decision 094), once through the simulator's render
//    pool (render-pool.ts: a worker thread). Meanwhile this thread answers GET /healthz on
//    127.0.0.1, asked every 10 ms from a thread of its own, and node:perf_hooks'
//    monitorEventLoopDelay watches this thread's loop.
// 2. The whole site (the production build on a throw-away embedded database, sandbox card):
//    BENCH_ORDERS checkouts (default 5) of 5 boxes, Pay to `booked`, while /healthz is asked every
//    10 ms from another thread; once with the simulator in the site's process (`npm start`,
//    `npm run dev`), once with it in this process instead (the real courier's shape: the site
//    only receives the PDFs). With BENCH_DATABASE_URL (a PostgreSQL server) the same two again on
//    a database of their own there (created, then dropped), where the site's queries do not run
//    on its own thread as the embedded database's do. BENCH_COURIER=site or BENCH_COURIER=here
//    runs one placement of the simulator only.
//
// BENCH_PART=renderer or BENCH_PART=site runs one part.
//
// Event-loop delay is the excess over the 10 ms sampling interval (how late the loop's timer
// ran); a /healthz latency counts from when the probe was due, not when it was sent, so a
// probe held up behind a render counts its whole wait. Traffic goes to 127.0.0.1 only. A
// benchmark, not a test: it prints figures and exits 0 (1 if something broke on the way).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import {
  renderBookingDocuments,
  type PdfOrder,
} from '../../src/server/providers/courier/simulator/documents.pdf.js';
import { RenderPool } from '../../src/server/providers/courier/simulator/render-pool.js';
import { startCourierSimulator } from '../../src/server/providers/courier/simulator/simulator.server.js';
import { runCheckout, watchServerLog } from '../lib/checkout-flow.js';
import { median, percentile } from '../lib/percentile.js';
import { startSandboxServer, UNTHROTTLED } from '../lib/sandbox-server.js';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 20);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5);
const PART = process.env.BENCH_PART ?? 'all';
const SERVER_URL = process.env.BENCH_DATABASE_URL;
/** `site` or `here`: only that one of the two courier placements (default both). */
const COURIER = process.env.BENCH_COURIER ?? 'both';
const placements = [false, true].filter(
  (here) => COURIER === 'both' || COURIER === (here ? 'here' : 'site'),
);
const PROBE_EVERY_MS = 10;
const ELD_RESOLUTION_MS = 10;
const IDLE_MS = 2_000;
/** The site's start-up work (the courier route matrix's warm-up) left to finish first. */
const SETTLE_MS = 8_000;
const PAUSE_MS = 150;
/** The whole run's bound: past it the script stops with what it has not finished. */
const DEADLINE_MS = 15 * 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock ms with sub-ms precision, comparable between threads. */
const epochNow = () => performance.timeOrigin + performance.now();
const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 1 : 0) : '-');

const deadline = setTimeout(() => {
  say(`stopped: not finished within ${DEADLINE_MS / 60_000} min`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

// ---------------------------------------------------------------------------------------------
// The probe: GET <url> every 10 ms from a thread of its own (its timer is not held up by a
// render on the thread it asks), each answer's latency counted from when the probe was due.
// ---------------------------------------------------------------------------------------------

interface Sample {
  /** When the probe was due (epoch ms). */
  due: number;
  latencyMs: number;
  ok: boolean;
}

const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, everyMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const now = () => performance.timeOrigin + performance.now();
const samples = [];
let inFlight = 0;
let stopping = false;
const start = now();
let n = 0;
function probe() {
  if (stopping) return;
  const due = start + n * everyMs;
  n += 1;
  inFlight += 1;
  let settled = false;
  const done = (ok) => {
    if (settled) return;
    settled = true;
    samples.push({ due, latencyMs: now() - due, ok });
    inFlight -= 1;
    if (stopping && inFlight === 0) finish();
  };
  const request = http.get(url, { agent, timeout: 5000 }, (response) => {
    response.resume();
    response.on('end', () => done(response.statusCode === 200));
    response.on('error', () => done(false));
  });
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', () => done(false));
  setTimeout(probe, Math.max(0, start + n * everyMs - now()));
}
function finish() {
  agent.destroy();
  parentPort.postMessage(samples);
}
parentPort.on('message', () => {
  stopping = true;
  if (inFlight === 0) finish();
});
probe();
`;

function startProbe(url: string) {
  const worker = new Worker(PROBE_SOURCE, {
    eval: true,
    workerData: { url, everyMs: PROBE_EVERY_MS },
  });
  return {
    async stop(): Promise<Sample[]> {
      const samples = new Promise<Sample[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}

interface Window {
  from: number;
  to: number;
}

function during(samples: Sample[], windows: Window[]): Sample[] {
  return samples.filter((s) => windows.some((w) => s.due >= w.from && s.due <= w.to));
}

function probeLine(label: string, samples: Sample[]): string {
  const ms = samples.map((s) => s.latencyMs);
  const failed = samples.filter((s) => !s.ok).length;
  return (
    `${label.padEnd(36)} healthz p50 ${fmt(median(ms)).padStart(5)} ms, p99 ${fmt(percentile(ms, 99)).padStart(5)} ms, ` +
    `max ${fmt(percentile(ms, 100)).padStart(5)} ms (${samples.length} probes${failed ? `, ${failed} failed` : ''})`
  );
}

function eldLine(label: string, h: IntervalHistogram): string {
  const excess = (ns: number) => Math.max(0, ns / 1e6 - ELD_RESOLUTION_MS);
  return (
    `${label.padEnd(36)} loop delay  p50 ${fmt(excess(h.percentile(50))).padStart(5)} ms, ` +
    `p99 ${fmt(excess(h.percentile(99))).padStart(5)} ms, max ${fmt(excess(h.max)).padStart(5)} ms (${h.count} samples)`
  );
}

// ---------------------------------------------------------------------------------------------
// 1. The renderer, in this process.
// ---------------------------------------------------------------------------------------------

/** A 5-box order as the simulator would print it: 3 large boxes and 2 small ones, to France. */
function fiveBoxOrder(): PdfOrder {
  const item = (description: string, commodityCode: string, units: number) => ({
    description,
    commodityCode,
    countryOfOrigin: 'GB',
    units,
    unitValue: 12.5,
    unitWeightKg: 0.5,
  });
  const box = (large: boolean, n: number) => ({
    weightKg: large ? 30 : 20,
    lengthCm: large ? 50 : 46,
    widthCm: large ? 50 : 46,
    heightCm: large ? 60 : 46,
    items: [item('Paperback books', '490199', 4 + n), item('Cotton T-shirts', '610910', 6)],
  });
  return {
    orderReference: 'SIM-0000123456',
    airWaybill: '4812345678',
    yourReference: 'BA-7QK2M9',
    serviceName: 'TG Express Worldwide',
    carrierName: 'DHL Express',
    collectionDate: '2026-03-02',
    readyFrom: '09:00',
    bookedAt: new Date('2026-02-27T10:00:00Z'),
    from: {
      name: 'Ada Lovelace',
      lines: ['12 St James’s Square'],
      city: 'London',
      county: 'Greater London',
      postcode: 'SW1A 1AA',
      country: 'United Kingdom',
      telephone: '020 7946 0958',
      email: 'ada@example.com',
    },
    to: {
      name: 'Marie Curie',
      lines: ['11 Rue Pierre et Marie Curie'],
      city: 'Paris',
      county: 'Île-de-France',
      postcode: '75005',
      country: 'France',
      telephone: '06 12 34 56 78',
      email: 'marie@example.fr',
    },
    packages: [box(true, 1), box(true, 2), box(true, 3), box(false, 1), box(false, 2)],
    currency: 'GBP',
    reasonForExport: 'Personal effects',
    deliveryInstructions: 'Ring the bell twice',
  };
}

async function listenHealthz(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
    } else {
      response.writeHead(404).end();
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/healthz` };
}

async function rendererPart(where: 'thread' | 'pool') {
  const label =
    where === 'thread'
      ? 'in this thread (as the simulator rendered them before decision 094)'
      : 'on the render pool’s worker thread (as the simulator renders them now)';
  say(`\n1. ${RENDERS} renders of a 5-box order's documents, ${label}`);
  const order = fiveBoxOrder();
  const pool = where === 'pool' ? new RenderPool() : undefined;
  const renderDocuments = async (o: PdfOrder) =>
    pool ? (await pool.render(o)).documents : renderBookingDocuments(o);
  const { server, url } = await listenHealthz();
  const probe = startProbe(url);
  const histogram = (): IntervalHistogram =>
    monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
  const idleLoop = histogram();
  const coldLoop = histogram();
  const warmLoop = histogram();
  const idle: Window[] = [];
  const cold: Window[] = [];
  const warm: Window[] = [];
  const renderMs: number[] = [];
  let sizes = '';
  /**
   * Runs `work` with `loop` watching: a histogram records the time between two runs of its timer,
   * so it is enabled a few intervals before (its first run only starts the count) and disabled
   * two after (the run that ends the last stretch counts). Each histogram is enabled once.
   */
  const watched = async (loop: IntervalHistogram, work: () => Promise<void>) => {
    loop.enable();
    await sleep(ELD_RESOLUTION_MS * 3);
    await work();
    await sleep(ELD_RESOLUTION_MS * 2);
    loop.disable();
  };
  const render = async (windows: Window[]) => {
    const from = epochNow();
    const documents = await renderDocuments(order);
    const to = epochNow();
    renderMs.push(to - from);
    windows.push({ from, to });
    sizes ||= `A4 labels ${documents.labelA4.length} B, thermal ${documents.labelThermal.length} B, invoice ${documents.invoice.length} B`;
  };
  try {
    await sleep(300); // the probe's thread starting
    await watched(idleLoop, async () => {
      const from = epochNow();
      await sleep(IDLE_MS);
      idle.push({ from, to: epochNow() });
    });
    await watched(coldLoop, () => render(cold));
    await sleep(PAUSE_MS);
    // The other renders back to back (a burst of bookings): every sample is taken mid-render.
    await watched(warmLoop, async () => {
      for (let n = 1; n < RENDERS; n += 1) await render(warm);
    });
  } finally {
    const samples = await probe.stop();
    await new Promise((resolve) => server.close(resolve));
    await pool?.close();
    say(`  documents: ${sizes}`);
    say(
      `  render time (3 documents): cold ${fmt(renderMs[0] ?? NaN)} ms; warm median ${fmt(median(renderMs.slice(1)))} ms, ` +
        `p90 ${fmt(percentile(renderMs.slice(1), 90))} ms, max ${fmt(percentile(renderMs.slice(1), 100))} ms`,
    );
    say(`  ${eldLine('idle', idleLoop)}`);
    say(`  ${eldLine('first render (cold)', coldLoop)}`);
    say(`  ${eldLine(`renders 2-${RENDERS} (warm)`, warmLoop)}`);
    say(`  ${probeLine('idle', during(samples, idle))}`);
    say(`  ${probeLine('first render (cold)', during(samples, cold))}`);
    say(`  ${probeLine(`renders 2-${RENDERS} (warm)`, during(samples, warm))}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The whole site.
// ---------------------------------------------------------------------------------------------

async function sitePart(simulatorHere: boolean, databaseUrl?: string) {
  const label = simulatorHere
    ? 'simulator in this process (the real courier’s shape)'
    : 'simulator in the site’s process (npm start)';
  const database = databaseUrl ? 'PostgreSQL' : 'the embedded database';
  say(`\n2. The site on ${database}, ${label}: ${ORDERS} checkouts of 5 boxes`);
  const simulator = simulatorHere
    ? await startCourierSimulator({
        host: '127.0.0.1',
        credentials: { apiKey: 'bench', password: 'bench' },
      })
    : undefined;
  const courierEnv: Record<string, string> = simulator
    ? {
        COURIER_PROVIDER: 'transglobal',
        COURIER_BASE_URL: simulator.url,
        COURIER_API_KEY: 'bench',
        COURIER_PASSWORD: 'bench',
      }
    : {};
  const { base, server, stop } = await startSandboxServer({
    logLevel: 'info',
    stdout: 'pipe',
    env: {
      ...UNTHROTTLED,
      PAYMENT_PROVIDER: 'sandbox',
      ...courierEnv,
      // One process with its own courier, as `npm start` runs (not `databaseUrl`: the cluster).
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    if (!server.stdout) throw new Error('the server was started without a stdout pipe');
    const log = watchServerLog(server.stdout);
    const probe = startProbe(`${base}/healthz`);
    const idle: Window[] = [];
    const bookings: Window[] = [];
    const lines: string[] = [];
    try {
      await sleep(SETTLE_MS);
      const idleFrom = epochNow();
      await sleep(IDLE_MS);
      idle.push({ from: idleFrom, to: epochNow() });
      for (let n = 0; n < ORDERS; n += 1) {
        const run = await runCheckout(base, log, { boxes: { smallBoxes: 2, largeBoxes: 3 } });
        bookings.push({ from: run.paidAt, to: run.bookedAt });
        lines.push(
          `order ${n + 1}${n === 0 ? ' (cold)' : ''}: Pay to booked ${run.bookedAt - run.paidAt} ms, ` +
            `booking job ${run.booking.serverMs} ms + BookShipment ${run.booking.courierMs} ms`,
        );
        await sleep(PAUSE_MS);
      }
    } finally {
      const samples = await probe.stop();
      for (const line of lines) say(`  ${line}`);
      say(`  ${probeLine('idle', during(samples, idle))}`);
      say(`  ${probeLine('first order, Pay to booked', during(samples, bookings.slice(0, 1)))}`);
      if (bookings.length > 1) {
        say(
          `  ${probeLine(`orders 2-${bookings.length}, Pay to booked`, during(samples, bookings.slice(1)))}`,
        );
      }
    }
  } finally {
    await stop();
    await simulator?.close();
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
say(
  `label-render: Node ${process.version}, ${availableParallelism()} cores, load ${load()}; ` +
    `${RENDERS} renders, ${ORDERS} orders; /healthz every ${PROBE_EVERY_MS} ms`,
);
if (PART === 'all' || PART === 'renderer') {
  await rendererPart('thread');
  await rendererPart('pool');
}
if (PART === 'all' || PART === 'site') {
  for (const simulatorHere of placements) await sitePart(simulatorHere);
  if (SERVER_URL) {
    for (const simulatorHere of placements) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      const name = `bench_labels_${process.pid}_${simulatorHere ? 'here' : 'site'}`;
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(SERVER_URL);
        url.pathname = `/${name}`;
        await sitePart(simulatorHere, url.toString());
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  } else {
    say(
      '\n(BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres adds the site on PostgreSQL.)',
    );
  }
}
say(`\nload at the end: ${load()}`);

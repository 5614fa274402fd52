// `npm run bench:quote`: the production build with the courier simulator, driven by autocannon
// at 100 connections, in one run per database:
//   1. Get Quotes, `GET /api/v1/quotes` over 216 different questions, no validator: every answer
//      is worked out (the cache-miss mix);
//   2. the same questions with the `If-None-Match` of their answer: 304s (the cache-hit mix);
//   3. `GET /healthz`;
//   4. Select, `POST /api/v1/orders`: a draft order per request (this one writes).
// Prints requests/s, p50/p99 and each quote mix's ratio to `/healthz`, and checks with the
// loopback-only `/dev/row-counts` that the database has as many rows after the quote phases as
// before them. On the embedded database and, when BENCH_DATABASE_URL names a PostgreSQL server,
// on it with 1 and then 2 app processes (each run creates its own database there and drops it).
// BENCH_PROFILE_DIR=<dir> writes each app process's V8 CPU profile there.
// A benchmark, not a test: it prints figures and exits 0 (1 only if a quote phase wrote rows).
import autocannon from 'autocannon';
import pg from 'pg';
import {
  startSandboxServer,
  UNTHROTTLED,
  type SandboxServerOptions,
} from '../lib/sandbox-server.js';
import { SELECT_BODIES, VARIED_QUOTE_PATHS } from '../lib/quote-questions.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const serverUrl = process.env.BENCH_DATABASE_URL;

const results: string[] = [];
let wrote = false;
await measure('embedded (PGlite), 1 process', {});
if (serverUrl) {
  for (const processes of [1, 2]) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = `bench_quote_${process.pid}_${processes}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await measure(`PostgreSQL, ${processes} process${processes === 1 ? '' : 'es'}`, {
        databaseUrl: url.toString(),
        processes,
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} else {
  console.log(
    '\n(BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres adds PostgreSQL with 1 and 2 processes.)',
  );
}
console.log(`\nSummary (${connections} connections, ${seconds} s each):`);
for (const line of results) console.log(line);
if (wrote) process.exitCode = 1;

type Run = { title: string; result: autocannon.Result };

async function measure(label: string, serverOptions: SandboxServerOptions) {
  const { base, stop } = await startSandboxServer({ env: UNTHROTTLED, ...serverOptions });
  const rowCount = async () =>
    ((await (await fetch(`${base}/dev/row-counts`)).json()) as { total: number }).total;

  try {
    const paths = VARIED_QUOTE_PATHS;
    // Warm the courier route cache, as the background refresher keeps it in production, and keep
    // each answer's ETag for the cache-hit mix.
    const etags: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${base}${path}`);
      if (res.status !== 200)
        throw new Error(`warm-up quote failed: ${res.status} ${await res.text()}`);
      etags.push(res.headers.get('etag') ?? '');
    }

    const run = (title: string, options: Omit<autocannon.Options, 'url'>) =>
      new Promise<Run>((resolve, reject) => {
        autocannon({ url: base, connections, duration: seconds, ...options }, (err, result) =>
          err ? reject(err) : resolve({ title, result }),
        );
      });
    let next = 0;
    const rowsBefore = await rowCount();
    const misses = await run('GET quotes (200)', {
      requests: [
        { method: 'GET', setupRequest: (r) => ({ ...r, path: paths[next++ % paths.length] }) },
      ],
    });
    const hits = await run('GET quotes (304)', {
      requests: [
        {
          method: 'GET',
          setupRequest: (r) => {
            const i = next++ % paths.length;
            return { ...r, path: paths[i], headers: { 'if-none-match': etags[i] ?? '' } };
          },
        },
      ],
    });
    const rowsAfter = await rowCount();
    const health = await run('GET /healthz', { requests: [{ method: 'GET', path: '/healthz' }] });
    const selects = await run('POST orders (Select)', {
      requests: [
        {
          method: 'POST',
          path: '/api/v1/orders',
          headers: { 'content-type': 'application/json' },
          setupRequest: (r) => ({ ...r, body: SELECT_BODIES[next++ % SELECT_BODIES.length] }),
        },
      ],
    });

    const row = ({ title, result }: Run) =>
      `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
    console.log(`\n${label}: ${connections} connections, ${seconds} s each, on ${base}`);
    for (const r of [misses, hits, health, selects]) console.log(row(r));
    const ratio = (r: Run) =>
      (r.result.requests.average / health.result.requests.average).toFixed(2);
    const unchanged = rowsAfter === rowsBefore;
    if (!unchanged) wrote = true;
    console.log(
      `ratio to /healthz: quotes ${ratio(misses)}, 304s ${ratio(hits)}; rows before/after the quote phases: ${rowsBefore}/${rowsAfter} (${unchanged ? 'unchanged' : 'CHANGED'})`,
    );
    results.push(
      `${label.padEnd(30)} quotes ${misses.result.requests.average.toFixed(0)} req/s (p99 ${misses.result.latency.p99} ms, ratio ${ratio(misses)}); 304s ${hits.result.requests.average.toFixed(0)} req/s (p99 ${hits.result.latency.p99} ms, ratio ${ratio(hits)}); healthz ${health.result.requests.average.toFixed(0)} req/s; Select ${selects.result.requests.average.toFixed(0)} req/s (p99 ${selects.result.latency.p99} ms); rows ${unchanged ? 'unchanged' : 'CHANGED'}`,
    );
  } finally {
    await stop();
  }
}

// `npm run bench:quote`: the production build with the courier simulator, driven by autocannon:
// POST /api/v1/quotes (varied routes and box counts), then GET /healthz, each at 100
// connections. Prints requests/s, p50/p99 latency and the ratio, on the embedded database and,
// when BENCH_DATABASE_URL names a PostgreSQL server, on it with 1 and then 2 app processes
// (`npm run start:cluster`; each run creates its own database there and drops it after).
// A benchmark, not a test: it prints figures and exits 0.
import autocannon from 'autocannon';
import pg from 'pg';
import {
  startSandboxServer,
  UNTHROTTLED,
  type SandboxServerOptions,
} from '../lib/sandbox-server.js';
import { QUOTE_BODIES } from '../lib/quote-bodies.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const serverUrl = process.env.BENCH_DATABASE_URL;

const results: string[] = [];
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

async function measure(label: string, serverOptions: SandboxServerOptions) {
  const { base, stop } = await startSandboxServer({ env: UNTHROTTLED, ...serverOptions });

  try {
    const bodies = QUOTE_BODIES;
    // Warm the courier route cache, as the background refresher keeps it in production.
    for (const body of bodies) {
      const res = await fetch(`${base}/api/v1/quotes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (res.status !== 201)
        throw new Error(`warm-up quote failed: ${res.status} ${await res.text()}`);
    }

    let next = 0;
    const run = (title: string, options: Omit<autocannon.Options, 'url'>) =>
      new Promise<{ title: string; result: autocannon.Result }>((resolve, reject) => {
        autocannon({ url: base, connections, duration: seconds, ...options }, (err, result) =>
          err ? reject(err) : resolve({ title, result }),
        );
      });
    const quotes = await run('POST /api/v1/quotes', {
      requests: [
        {
          method: 'POST',
          path: '/api/v1/quotes',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    });
    const health = await run('GET /healthz', { requests: [{ method: 'GET', path: '/healthz' }] });

    const row = ({ title, result }: { title: string; result: autocannon.Result }) =>
      `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
    console.log(`\n${label}: ${connections} connections, ${seconds} s each, on ${base}`);
    console.log(row(quotes));
    console.log(row(health));
    const ratio = (quotes.result.requests.average / health.result.requests.average).toFixed(2);
    console.log(`ratio quotes/healthz: ${ratio}`);
    results.push(
      `${label.padEnd(30)} quotes ${quotes.result.requests.average.toFixed(0)} req/s, p99 ${quotes.result.latency.p99} ms; healthz ${health.result.requests.average.toFixed(0)} req/s; ratio ${ratio}`,
    );
  } finally {
    await stop();
  }
}

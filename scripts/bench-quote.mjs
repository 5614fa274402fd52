// `npm run bench:quote`: the production server on the embedded database with the courier
// simulator, driven by autocannon: POST /api/v1/quotes (varied routes and box counts), then
// GET /healthz, each at 100 connections. Prints requests/s, p50/p99 latency and the ratio.
// A benchmark, not a test: it prints figures and exits 0.
import autocannon from 'autocannon';
import { startSandboxServer } from './lib/sandbox-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);

const { base, stop } = await startSandboxServer();

try {
  const destinations = [
    [73, '75001'],
    [80, '10115'],
    [232, '10001'],
    [38, 'K1A 0B1'],
    [13, '2000'],
    [154, '1012 AB'],
  ];
  const mixes = [
    [1, 0],
    [0, 1],
    [2, 1],
    [1, 2],
    [3, 2],
    [0, 5],
  ];
  const bodies = destinations.flatMap(([countryId, postcode]) =>
    mixes.map(([smallBoxes, largeBoxes]) =>
      JSON.stringify({
        collection: { countryId: 231, postcode: 'SW1A 1AA' },
        destination: { countryId, postcode },
        smallBoxes,
        largeBoxes,
      }),
    ),
  );
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
  const run = (title, options) =>
    new Promise((resolve, reject) => {
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

  const row = ({ title, result }) =>
    `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
  console.log(`\n${connections} connections, ${seconds} s each, on ${base}`);
  console.log(row(quotes));
  console.log(row(health));
  console.log(
    `ratio quotes/healthz: ${(quotes.result.requests.average / health.result.requests.average).toFixed(2)}`,
  );
} finally {
  stop();
}

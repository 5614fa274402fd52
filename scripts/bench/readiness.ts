// `npm run bench:readiness`: how fast `/readyz` answers while the site is busy. Starts the
// production server on the embedded database with the courier simulator and the card sandbox,
// runs BENCH_LOOPS (8) checkout loops side by side for BENCH_SECONDS (30), and asks `/readyz`
// every 250 ms meanwhile (and `/healthz` after each, as the baseline), timing each answer from this side of the socket. Prints the probes'
// p50, p99 and max, how many took over 100 ms and over 5 s (a load balancer's usual timeout),
// and how many were not 200, with the checkouts done. A benchmark, not a test: it exits 0.
import { performance } from 'node:perf_hooks';
import { runCheckout, watchServerLog } from '../lib/checkout-flow.js';
import { percentile } from '../lib/percentile.js';
import { startSandboxServer, UNTHROTTLED } from '../lib/sandbox-server.js';

const loops = Number(process.env.BENCH_LOOPS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);

const { base, server, stop } = await startSandboxServer({
  logLevel: 'info',
  stdout: 'pipe',
  env: { ...UNTHROTTLED, PAYMENT_PROVIDER: 'sandbox' },
});
if (!server.stdout) throw new Error('the server was started without a stdout pipe');
const log = watchServerLog(server.stdout);

async function probe(path = '/readyz'): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const status = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
    (r) => r.status,
    () => 0,
  );
  return { ms: performance.now() - started, status };
}

try {
  for (let i = 0; i < 150 && (await probe()).status !== 200; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const until = Date.now() + seconds * 1000;
  let checkouts = 0;
  let failures = 0;
  const loop = async () => {
    while (Date.now() < until) {
      await runCheckout(base, log).then(
        () => (checkouts += 1),
        () => (failures += 1),
      );
    }
  };
  const probes: { ms: number; status: number }[] = [];
  // `/healthz` beside it: what any request waits on a busy event loop, readiness's own work apart.
  const live: { ms: number; status: number }[] = [];
  const probing = (async () => {
    while (Date.now() < until) {
      probes.push(await probe());
      live.push(await probe('/healthz'));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.all([...Array.from({ length: loops }, loop), probing]);
  const ms = probes.map((p) => Math.round(p.ms * 10) / 10);
  console.log(
    `${loops} checkout loops for ${seconds} s: ${checkouts} checkouts, ${failures} failed`,
  );
  console.log(
    `/readyz: ${probes.length} probes, p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms, max ${percentile(ms, 100)} ms`,
  );
  console.log(
    `  over 100 ms: ${ms.filter((m) => m > 100).length}, over 5 s: ${ms.filter((m) => m > 5000).length}, not 200: ${probes.filter((p) => p.status !== 200).length}`,
  );
  const liveMs = live.map((p) => Math.round(p.ms * 10) / 10);
  console.log(
    `/healthz (the event loop's own delay): p50 ${percentile(liveMs, 50)} ms, p99 ${percentile(liveMs, 99)} ms, max ${percentile(liveMs, 100)} ms`,
  );
} finally {
  await stop();
}

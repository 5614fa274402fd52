// `npm run bench:checkout`: the server time of a whole checkout, provider latency excluded.
// Starts the production server on the embedded database with the courier simulator (latency 0)
// and the card sandbox, runs BENCH_CHECKOUTS checkouts one after another through the API (Pay,
// the card step, confirm, then waiting for `booked`), and reads the server's own log: each
// request's `ms` (time inside the server) and each booking's `serverMs` (the booking job without
// BookShipment). Prints the medians and p90. A benchmark, not a test: it prints figures, exits 0.
import { runCheckout, watchServerLog } from '../lib/checkout-flow.js';
import { median, percentile } from '../lib/percentile.js';
import { startSandboxServer, UNTHROTTLED } from '../lib/sandbox-server.js';

const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 20);

const { base, server, stop } = await startSandboxServer({
  logLevel: 'info',
  stdout: 'pipe',
  env: { ...UNTHROTTLED, PAYMENT_PROVIDER: 'sandbox' },
});
if (!server.stdout) throw new Error('the server was started without a stdout pipe');
const log = watchServerLog(server.stdout);
const { bookings } = log;

try {
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const checkoutMs: number[] = [];
  for (let n = 0; n < checkouts; n += 1) {
    const { serverMs, requests: mine, booking } = await runCheckout(base, log);
    checkoutMs.push(serverMs);
    if (n === 0)
      console.log(
        'first checkout (cold):',
        mine.map((r) => `${r.url.split('/').pop()} ${r.ms} ms`).join(', '),
        `booking job ${booking.serverMs} ms + BookShipment ${booking.courierMs} ms`,
      );
  }
  console.log(`  each: ${checkoutMs.join(', ')} ms`);
  console.log(
    `${checkouts} checkouts: server time (Pay + card step + confirm + booking job, BookShipment excluded)`,
  );
  console.log(
    `  median ${median(checkoutMs)} ms, p90 ${percentile(checkoutMs, 90)} ms, max ${percentile(checkoutMs, 100)} ms`,
  );
  console.log(
    `  booking job alone: median ${median(bookings.map((b) => b.serverMs))} ms; BookShipment (simulator, excluded): median ${median(bookings.map((b) => b.courierMs))} ms`,
  );
} finally {
  await stop();
}

// `npm run bench:checkout`: the server time of a whole checkout, provider latency excluded.
// Starts the production server on the embedded database with the courier simulator (latency 0)
// and the card sandbox, runs BENCH_CHECKOUTS checkouts one after another through the API (Pay,
// the card step, confirm, then waiting for `booked`), and reads the server's own log: each
// request's `ms` (time inside the server) and each booking's `serverMs` (the booking job without
// BookShipment). Prints the medians and p90. A benchmark, not a test: it prints figures, exits 0.
import { createInterface } from 'node:readline';
import { startSandboxServer } from './lib/sandbox-server.mjs';

const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 20);

const { base, server, stop } = await startSandboxServer({
  logLevel: 'info',
  stdout: 'pipe',
  env: { PAYMENT_PROVIDER: 'sandbox' },
});
const requests = []; // { url, method, ms }
const bookings = []; // { serverMs, courierMs, orderId }
createInterface({ input: server.stdout }).on('line', (line) => {
  try {
    const entry = JSON.parse(line);
    if (entry.msg === 'request') requests.push(entry);
    if (entry.msg === 'order booked') bookings.push(entry);
  } catch {
    // not a log line
  }
});

async function call(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const address = (firstName, lastName, email, street, city) => ({
  firstName,
  lastName,
  street,
  city,
  state: firstName === 'Ada' ? 'Greater London' : 'Île-de-France',
  phoneNumber: firstName === 'Ada' ? '020 7946 0958' : '06 12 34 56 78',
  email,
});

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
  const checkoutMs = [];
  for (let n = 0; n < checkouts; n += 1) {
    const order = await call('POST', '/api/v1/quotes', {
      collection: { countryId: 231, postcode: 'SW1A 1AA' },
      destination: { countryId: 73, postcode: '75001' },
      smallBoxes: 1,
      largeBoxes: 1,
    });
    const o = `/api/v1/orders/${order.id}`;
    await call('PUT', `${o}/service`, { service: 'express' });
    await call(
      'PUT',
      `${o}/addresses/collection`,
      address('Ada', 'Lovelace', 'ada@example.com', '12 St James’s Square', 'London'),
    );
    await call(
      'PUT',
      `${o}/addresses/delivery`,
      address('Marie', 'Curie', 'marie@example.fr', '11 Rue Curie', 'Paris'),
    );
    const dates = await call('GET', `${o}/collection-dates`);
    await call('PUT', `${o}/collection-date`, { date: dates.earliest });
    for (const parcel of ['large-1', 'small-1']) {
      await call('POST', `${o}/parcels/${parcel}/items`, {
        name: 'Books',
        numberOfUnits: 4,
        unitValue: 12.5,
        unitWeight: 0.5,
      });
    }
    await call('POST', `${o}/declaration`);

    const first = requests.length;
    const session = await call('POST', `${o}/payment`);
    await call('POST', '/api/v1/payment-sandbox/confirm', {
      clientSecret: session.clientSecret,
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      billing: {
        name: 'Ada Lovelace',
        line1: '12 St James’s Square',
        city: 'London',
        postcode: 'SW1A 1AA',
        country: 'United Kingdom',
      },
    });
    await call('POST', `${o}/payment/confirm`);
    for (;;) {
      const status = await call('GET', `${o}/checkout`);
      if (status.status === 'booked') break;
      if (status.result === 'FAILED')
        throw new Error(`checkout failed: ${JSON.stringify(status.error)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = requests
      .slice(first)
      .filter((r) => /\/payment(\/confirm)?$|payment-sandbox\/confirm$/.test(r.url));
    const booking = bookings.find((b) => b.orderId === order.id);
    if (!booking) throw new Error('no booking log line');
    checkoutMs.push(mine.reduce((sum, r) => sum + r.ms, 0) + booking.serverMs);
    if (n === 0)
      console.log(
        'first checkout (cold):',
        mine.map((r) => `${r.url.split('/').pop()} ${r.ms} ms`).join(', '),
        `booking job ${booking.serverMs} ms + BookShipment ${booking.courierMs} ms`,
      );
  }
  console.log(`  each: ${checkoutMs.join(', ')} ms`);
  const sorted = [...checkoutMs].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const jobs = bookings.map((b) => b.serverMs).sort((a, b) => a - b);
  const courier = bookings.map((b) => b.courierMs).sort((a, b) => a - b);
  console.log(
    `${checkouts} checkouts: server time (Pay + card step + confirm + booking job, BookShipment excluded)`,
  );
  console.log(`  median ${pct(50)} ms, p90 ${pct(90)} ms, max ${sorted.at(-1)} ms`);
  console.log(
    `  booking job alone: median ${jobs[Math.floor(jobs.length / 2)]} ms; BookShipment (simulator, excluded): median ${courier[Math.floor(courier.length / 2)]} ms`,
  );
} finally {
  stop();
}

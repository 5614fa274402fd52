// One whole checkout through the API, as a browser makes it (the guest cookie from the quote is
// sent back on every call), and the server time it took according to the server's own log: the
// Pay, card-step and confirm requests' `ms` plus the booking job's `serverMs` (BookShipment
// excluded). For `npm run bench:checkout` and `npm run bench:growth`; the server must run with
// LOG_LEVEL=info and `stdout: 'pipe'` (scripts/lib/sandbox-server.ts).
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parcelsFor } from '../../src/domain/boxes.js';

/** A server `request` log line. */
export interface RequestLine {
  msg: 'request';
  url: string;
  ms: number;
}
/** A server `order booked` log line: the booking job's time and the courier's share of it. */
export interface BookingLine {
  msg: 'order booked';
  orderId: string;
  serverMs: number;
  courierMs: number;
}
export interface ServerLog {
  requests: RequestLine[];
  bookings: BookingLine[];
}

/** The fields of the API's answers that the flow reads (every answer read here has an id). */
export interface Answer {
  id: string;
  cookie?: string;
  earliest?: string;
  matches?: { commodityCode: string }[];
  clientSecret?: string;
  status?: string;
  result?: string;
  error?: unknown;
}

/** Collects the server's `request` and `order booked` log lines from its stdout. */
export function watchServerLog(stdout: Readable): ServerLog {
  const log: ServerLog = { requests: [], bookings: [] };
  createInterface({ input: stdout }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as RequestLine | BookingLine;
      if (entry.msg === 'request') log.requests.push(entry);
      if (entry.msg === 'order booked') log.bookings.push(entry);
    } catch {
      // not a log line
    }
  });
  return log;
}

/** A small API client that keeps the guest cookie the first quote sets, as a browser does. */
export function apiClient(base: string) {
  let cookie = '';
  return async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    const json = (await response.json()) as Answer;
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return Object.defineProperty(json, 'cookie', { value: cookie, enumerable: false });
  };
}

export const QUOTE = {
  collection: { countryId: 231, postcode: 'SW1A 1AA' },
  destination: { countryId: 73, postcode: '75001' },
  smallBoxes: 1,
  largeBoxes: 1,
};

const address = (
  firstName: string,
  lastName: string,
  email: string,
  street: string,
  city: string,
) => ({
  firstName,
  lastName,
  street,
  city,
  state: firstName === 'Ada' ? 'Greater London' : 'Île-de-France',
  phoneNumber: firstName === 'Ada' ? '020 7946 0958' : '06 12 34 56 78',
  email,
});

/**
 * Quote, fill in, pay and wait for `booked` (at most `timeoutMs`). Resolves to the server time
 * in ms and the parts it is made of, and `paidAt`/`bookedAt` (epoch ms: from the Pay request to
 * the first status that said `booked`). `boxes` changes the quote's boxes (at most 5 in all);
 * every parcel gets the same declared items.
 */
export async function runCheckout(
  base: string,
  log: ServerLog,
  {
    timeoutMs = 60_000,
    boxes = { smallBoxes: QUOTE.smallBoxes, largeBoxes: QUOTE.largeBoxes },
  }: { timeoutMs?: number; boxes?: { smallBoxes: number; largeBoxes: number } } = {},
) {
  const call = apiClient(base);
  const order = await call('POST', '/api/v1/orders', {
    quote: { ...QUOTE, ...boxes },
    service: 'express',
  });
  const o = `/api/v1/orders/${order.id}`;
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
  // The customer picks one of the commodity lookup's matches: here, the first.
  const { matches } = await call('GET', '/api/v1/commodities?name=Books');
  for (const { key: parcel } of parcelsFor(boxes.smallBoxes, boxes.largeBoxes)) {
    await call('POST', `${o}/parcels/${parcel}/items`, {
      name: 'Books',
      commodityCode: matches?.[0]?.commodityCode,
      numberOfUnits: 4,
      unitValue: 12.5,
      unitWeight: 0.5,
    });
  }
  await call('POST', `${o}/declaration`);
  await call('PUT', `${o}/terms-acceptance`, { accepted: true });

  const first = log.requests.length;
  const paidAt = Date.now();
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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call('GET', `${o}/checkout`);
    if (status.status === 'booked') break;
    if (status.result === 'FAILED')
      throw new Error(`checkout failed: ${JSON.stringify(status.error)}`);
    if (Date.now() > deadline) throw new Error(`not booked within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const bookedAt = Date.now();
  let booking: BookingLine | undefined;
  for (let i = 0; i < 100 && !booking; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    booking = log.bookings.find((b) => b.orderId === order.id);
  }
  if (!booking) throw new Error('no booking log line');
  const mine = log.requests
    .slice(first)
    .filter((r) => /\/payment(\/confirm)?$|payment-sandbox\/confirm$/.test(r.url));
  return {
    serverMs: mine.reduce((sum, r) => sum + r.ms, 0) + booking.serverMs,
    requests: mine,
    booking,
    paidAt,
    bookedAt,
    /** The browser's client, its guest cookie kept: the order's later calls. */
    call,
    orderPath: o,
  };
}

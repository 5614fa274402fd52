import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '#tests/support/test-app.js';
import { createLogger } from '../logging.js';
import { payWithCard, startPayment } from '#tests/support/checkout.js';
import { quoteBody, readyOrder } from '#tests/support/factories/orders.js';
import { quoteQueryOf } from '../../domain/quote.js';
import { createContactMessage } from '../../domain/api/contact.js';
import { createOrder, getQuotes } from '../../domain/api/orders.js';
import { call } from '#tests/support/call.js';
import type { ApiErrorBody } from '../../domain/api-error.js';
import { TEXT_INPUT_MESSAGES } from '../../domain/text-input.js';

const QUOTE = quoteBody();
/** Select on /quote: the order starts with the chosen service. */
const SELECT = { quote: QUOTE, service: 'express' } as const;
const CONTACT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  email: 'ada@example.com',
  phone: '',
  message: 'Hello',
  newsOptIn: false,
};

describe('rate limits (counted in the database, shared by every process)', () => {
  const rateLimits = {
    quotes: { max: 3, windowSeconds: 600 },
    orders: { max: 3, windowSeconds: 600 },
    contact: { max: 2, windowSeconds: 900 },
    lookups: { max: 2, windowSeconds: 60 },
  };
  const a = useTestApp({ rateLimits });
  // A second process on the same database (closed first: hooks after tests run in reverse).
  const b = useTestApp(() => ({ rateLimits, database: a.database }));
  /** Select on /quote from `remoteAddress`, at one process or the other. */
  const select = (on: TestApp, remoteAddress: string, headers?: Record<string, string>) =>
    call(on.app, createOrder, { body: SELECT, remoteAddress, ...(headers ? { headers } : {}) });
  const contact = (on: TestApp, remoteAddress: string) =>
    call(on.app, createContactMessage, { body: CONTACT, remoteAddress });

  it('answers Select past the limit 429 with Retry-After in the one error shape, across processes', async () => {
    const from = '203.0.113.10';
    for (const app of [a, b, a]) {
      const res = await select(app, from);
      expect(res.statusCode, res.body).toBe(201);
    }
    const limited = await select(b, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    expect(limited.json()).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts — try again in 10 minutes' },
    });
    // No draft order was created for the refused Select.
    const [{ n }] = (await a.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders`,
    )) as [{ n: number }];
    expect(n).toBe(3);
    // Another address is not affected, and a forged X-Forwarded-For changes nothing.
    expect((await select(a, '203.0.113.11')).statusCode).toBe(201);
    const forged = await select(a, from, { 'x-forwarded-for': '198.51.100.99' });
    expect(forged.statusCode).toBe(429);
    // Once the window has passed the address may start an order again.
    a.clock.set('2026-11-23T10:10:01Z');
    expect((await select(a, from)).statusCode).toBe(201);
    a.clock.set('2026-11-23T10:00:00Z');
  });

  it('counts Get Quotes in each process’s memory: 429 past the limit there, nothing written', async () => {
    const ask = (on: TestApp, remoteAddress: string) =>
      call(on.app, getQuotes, { query: quoteQueryOf(QUOTE), remoteAddress });
    for (let i = 0; i < 3; i += 1) {
      expect((await ask(a, '203.0.113.30')).statusCode).toBe(200);
    }
    const limited = await ask(a, '203.0.113.30');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(limited.json<ApiErrorBody>().error.code).toBe('TOO_MANY_ATTEMPTS');
    // Another address, and the same address at another process, are counted apart.
    expect((await ask(a, '203.0.113.31')).statusCode).toBe(200);
    expect((await ask(b, '203.0.113.30')).statusCode).toBe(200);
    // The count is in memory: no row for it.
    const rows = await a.database.query<{ key: string }>(
      `SELECT key FROM rate_limits WHERE key LIKE 'quotes:%'`,
    );
    expect(rows).toEqual([]);
    // A new window starts a new count.
    a.clock.set('2026-11-23T10:10:01Z');
    expect((await ask(a, '203.0.113.30')).statusCode).toBe(200);
    a.clock.set('2026-11-23T10:00:00Z');
  });

  it('limits contact messages, so a flood never reaches the sales mailbox', async () => {
    const from = '203.0.113.20';
    for (let i = 0; i < 2; i += 1) {
      const res = await contact(a, from);
      expect(res.statusCode, res.body).toBe(201);
    }
    const limited = await contact(b, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().error.message).toBe(
      'Too many attempts — try again in 15 minutes',
    );
    const [row] = await a.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_messages`,
    );
    expect(row?.n).toBe(2);
  });

  it('limits item look-ups (each calls the courier)', async () => {
    const from = { remoteAddress: '203.0.113.30' };
    const lookup = () => a.app.inject({ url: '/api/v1/commodities?name=Books', ...from });
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    const limited = await lookup();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
  });
});

describe('card attempts per order', () => {
  const t = useTestApp({ rateLimits: { cardDeclines: { max: 5, windowSeconds: 900 } } });

  it('after 5 declined cards the order waits: 429 on the next card and on Pay', async () => {
    const order = await readyOrder(t.app);
    const { clientSecret } = await startPayment(t.app, order.id);
    for (let i = 0; i < 5; i += 1) {
      const declined = await payWithCard(t.app, clientSecret, '4000 0000 0000 0002');
      expect(declined.error?.code).toBe('card_declined');
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-sandbox/confirm',
      payload: {
        clientSecret,
        number: '4242 4242 4242 4242',
        expiry: '12 / 30',
        cvc: '123',
        billing: { name: 'A', line1: '1', city: 'L', postcode: 'SW1A 1AA', country: 'UK' },
      },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts — try again in 15 minutes',
    });
    const pay = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment` });
    expect(pay.statusCode).toBe(429);
    expect(pay.headers['retry-after']).toBe('900');

    // After the cool-down the good card goes through.
    t.clock.set('2026-11-23T10:15:01Z');
    const paid = await payWithCard(t.app, clientSecret, '4242 4242 4242 4242');
    expect(paid.error).toBeNull();
    t.clock.set('2026-11-23T10:00:00Z');
  });
});

describe('hostile input never reaches the database', () => {
  const t = useTestApp();

  it('refuses NUL and other control characters with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: { ...CONTACT, firstName: 'Ada\u0000', email: 'ada\u0000@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'INVALID_CHARACTERS',
      message: 'Some text contains characters that cannot be used.',
      fields: {
        firstName: 'Remove the invisible control character from this field',
        email: 'Remove the invisible control character from this field',
      },
    });
    const secret = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-sandbox/confirm',
      payload: { clientSecret: 'x\u0000', number: '4242', expiry: '1', cvc: '1', billing: {} },
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.json().error.fields).toHaveProperty('clientSecret');
    const query = await t.app.inject({ url: '/api/v1/commodities?name=Bo%00oks' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toHaveProperty('name');
    // Line breaks and tabs in a message are still fine.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: { ...CONTACT, message: 'Line one\r\n\tLine two' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a line break or tab in a one-line field (names, streets, towns, phones) with the field’s message', async () => {
    const quote = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: SELECT });
    const order = quote.json() as { id: string };
    const address = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      street: '12 St James’s Square',
      city: 'London',
      phoneNumber: '020 7946 0958',
      email: 'ada@example.com',
      instructions: 'Ring twice.\nThe side door.',
    };
    const save = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.id}/addresses/collection`,
        payload: body,
      });
    const res = await save({
      ...address,
      firstName: 'Ada\nMallory',
      street: '12 St James’s Square\r\nLondon SW1Y 4JH',
      city: 'Lon\tdon',
      phoneNumber: '020 7946\u2028 0958',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'INVALID_CHARACTERS',
      message: 'Some text contains characters that cannot be used.',
      fields: {
        firstName: TEXT_INPUT_MESSAGES.lineBreak,
        street: TEXT_INPUT_MESSAGES.lineBreak,
        city: TEXT_INPUT_MESSAGES.lineBreak,
        phoneNumber: TEXT_INPUT_MESSAGES.lineBreak,
      },
    });
    // The driver's instructions are lines a person writes: kept as typed.
    expect((await save(address)).statusCode).toBe(200);
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: { ...CONTACT, firstName: 'Ada\nBcc: someone@example.com' },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.fields).toEqual({ firstName: TEXT_INPUT_MESSAGES.lineBreak });
  });

  it('refuses right-to-left overrides in names and in an item name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: { ...CONTACT, lastName: 'Love\u202Ecal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      lastName: 'Remove the text-direction character from this name',
    });
    const quote = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: SELECT });
    const order = quote.json() as { id: string; parcels: { key: string }[] };
    const item = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/parcels/${order.parcels[0]!.key}/items`,
      payload: {
        name: 'Books\u202Efdp.exe',
        commodityCode: '4901',
        numberOfUnits: 1,
        unitValue: 1,
        unitWeight: 1,
      },
    });
    expect(item.statusCode).toBe(400);
    expect(item.json().error.fields).toHaveProperty('name');
  });
});

/** A logger at info level whose lines are kept in `lines`. */
function capturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info' }, sink) };
}

describe('logs carry error codes, never what the customer typed', () => {
  const { lines, logger } = capturedLog();
  const t = useTestApp({ logger });

  it('a failing insert logs its code and constraint but no name, email or message', async () => {
    // Every insert now fails, as a broken database would, with the row in its detail.
    await t.database.query(
      `ALTER TABLE contact_messages ADD CONSTRAINT refuse_all CHECK (length(first_name) < 0)`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      payload: {
        ...CONTACT,
        firstName: 'Zebedee',
        email: 'zebedee.secret@example.com',
        message: 'my private words',
      },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('23514');
    expect(log).toContain('refuse_all');
    for (const typed of ['Zebedee', 'zebedee.secret@example.com', 'my private words']) {
      expect(log).not.toContain(typed);
    }
  });
});

describe('the request line', () => {
  const { lines, logger } = capturedLog();
  const t = useTestApp({ logger });

  it('logs the path that ran, and the path as sent when it was spelled otherwise or refused', async () => {
    await t.app.inject({ url: '/api/v1/%61dmin/orders' });
    await t.app.inject({ url: '/api/v1/admin%2Forders' });
    await t.app.inject({ url: '/api/v1/countries' });
    const requests = lines
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            url?: string;
            sentPath?: string;
            statusCode?: number;
          },
      )
      .filter((line) => line.msg === 'request');
    expect(
      requests.map(({ url, sentPath, statusCode }) => ({ url, sentPath, statusCode })),
    ).toEqual([
      { url: '/api/v1/admin/orders', sentPath: '/api/v1/%61dmin/orders', statusCode: 401 },
      { url: '/invalid-path', sentPath: '/api/v1/admin%2Forders', statusCode: 400 },
      { url: '/api/v1/countries', sentPath: undefined, statusCode: 200 },
    ]);
  });
});

describe('security headers', () => {
  const t = useTestApp();
  const https = useTestApp({ publicUrl: 'https://boxabroad.example' });

  it('keeps the CSP and adds Permissions-Policy, COOP and CORP; HSTS only on https', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self';img-src 'self' data:;style-src 'self' 'unsafe-inline';script-src 'self';connect-src 'self';font-src 'self';frame-ancestors 'none';base-uri 'self';form-action 'self'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject({ url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Errors carry them too.
    const missing = await t.app.inject({ url: '/api/v1/nothing' });
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('availability under load', () => {
  // A heap limit of one byte: saturated from the first sample.
  const pressure = { maxHeapUsedBytes: 1, maxEventLoopDelayMs: 0, sampleIntervalMs: 10 };
  const t = useTestApp({ pressure });
  // The pages and their files are still sent: a page whose scripts were refused would not
  // work at all (a browser spec once got 503 for half of a page's scripts).
  let dist: string;
  const web = useTestApp(() => {
    dist = mkdtempSync(join(tmpdir(), 'boxabroad-web-'));
    mkdirSync(join(dist, 'assets'), { mode: 0o700 });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log("BoxAbroad");');
    return { pressure, webDistDir: dist };
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers 503 with Retry-After in the error shape while the server is saturated', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await t.app.inject({ url: '/api/v1/countries' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_BUSY',
        message: 'The site is very busy right now. Please try again in a few seconds.',
      },
    });
  });

  it('still sends the pages and their files, and says it is busy on /readyz', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const page = await web.app.inject({ url: '/booking' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    expect((await web.app.inject({ url: script as string })).statusCode).toBe(200);
    expect((await web.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // Readiness says the server is busy, so a load balancer sends traffic elsewhere.
    expect((await web.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await web.app.inject({ url: '/api/v1/countries' })).statusCode).toBe(503);
    // However the path is spelled: the route that would run is the API's.
    expect((await web.app.inject({ url: '/%61pi/v1/countries' })).statusCode).toBe(503);
    expect((await web.app.inject({ url: '/api/v1/nothing-here' })).statusCode).toBe(503);
  });
});

describe('slow clients', () => {
  const t = useTestApp({
    logger: pino({ level: 'silent' }),
    timeouts: { requestMs: 800, connectionMs: 5_000, keepAliveMs: 5_000 },
  });

  it('cuts off a request whose body trickles in past the request timeout', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const started = Date.now();
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => resolve(Date.now() - started)),
    );
    socket.write(
      'POST /api/v1/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // One byte every 100 ms: never idle, never done.
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 100);
    const ms = await closed;
    clearInterval(trickle);
    expect(ms).toBeLessThan(4_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

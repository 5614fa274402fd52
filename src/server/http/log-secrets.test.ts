import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import { TestBrowser } from '#tests/support/browser-session.js';
import { signedInCustomer } from '#tests/support/operators.js';
import { useTestApp, type TestApp } from '#tests/support/test-app.js';
import { createLogger, loggedPath, loggedUrl } from '../logging.js';
import { createOrPromoteAdmin } from '../cli/create-admin.js';

import { bookedOrder } from '#tests/support/factories/payments.js';

describe('loggedUrl', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(loggedUrl('/api/v1/countries')).toBe('/api/v1/countries');
    expect(loggedUrl('/manage-booking?token=s3cr3t')).toBe('/manage-booking?token=[withheld]');
    expect(loggedUrl('/api/v1/admin/orders?q=ada%40example.com&page=2')).toBe(
      '/api/v1/admin/orders?q=[withheld]&page=[withheld]',
    );
  });

  it('reads a name as the query parser does: no spelling of it writes the value', () => {
    for (const url of [
      '/api/v1/orders/1?%61ccess=s3cr3t',
      '/api/v1/orders/1?ACCESS=s3cr3t',
      '/api/v1/orders/1?a=1&access=s3cr3t#x',
      '/api/v1/orders/1?access=s3cr3t&access=s3cr3t',
      '/api/v1/orders/1?;access=s3cr3t',
      '/api/v1/orders/1??access=s3cr3t',
    ]) {
      expect(loggedUrl(url), url).not.toContain('s3cr3t');
    }
    expect(loggedUrl('/x?%61ccess=s3cr3t')).toBe('/x?access=[withheld]');
    // A name that is not a plain word is itself withheld: a token pasted where a name goes.
    expect(loggedUrl('/x?eyJhbGciOiJIUzI1NiJ9.e30.abc')).toBe('/x?[withheld]');
    expect(loggedUrl(`/x?${'A'.repeat(43)}`)).toBe('/x?[withheld]');
  });

  it('withholds a path segment as long as a token, spelled plainly or escaped; keeps an order id', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';
    expect(loggedUrl(`/track/${token}`)).toBe('/track/[withheld]');
    expect(loggedUrl(`/api/v1/tracking/${token}/emails?x=1`)).toBe(
      '/api/v1/tracking/[withheld]/emails?x=[withheld]',
    );
    expect(loggedPath(`/track/%41${token.slice(1)}`)).toBe('/track/[withheld]');
    // Even past the 300 characters kept, a token is never cut to a part.
    expect(loggedPath(`/${'a/'.repeat(148)}${token}`)).not.toContain(token.slice(0, 4));
    const id = '6f1c3a5e-2b7d-4c9e-8a1f-0d2e3c4b5a6a';
    expect(loggedUrl(`/api/v1/orders/${id}/documents/${id}`)).toBe(
      `/api/v1/orders/${id}/documents/${id}`,
    );
    expect(loggedUrl('/assets/index-BxY7s2Qa.js')).toBe('/assets/index-BxY7s2Qa.js');
  });

  it('writes at most 300 characters of the path', () => {
    // (Short segments: one segment that long is withheld whole, as a token would be.)
    expect(loggedUrl('/ab'.repeat(500))).toHaveLength(300);
    expect(loggedUrl(`/${'a'.repeat(1_000)}`)).toBe('/[withheld]');
  });
});

/** The pages emailed links open (each with its token in the query). */
const PAGES_OF_LINKS = [
  '/manage-booking',
  '/login/reset-password',
  '/signup/confirm',
  '/account/verify-email',
  '/admin/accept',
];

/** Every token an email of the journey carried: the value of each `access=` or `token=`. */
async function emailedTokens(t: TestApp, kind?: string): Promise<string[]> {
  const mails = await t.database.query<{ text_body: string; html_body: string | null }>(
    `SELECT text_body, html_body FROM mail WHERE $1::text IS NULL OR kind = $1`,
    [kind ?? null],
  );
  const tokens = new Set<string>();
  for (const mail of mails) {
    const text = `${mail.text_body}\n${mail.html_body ?? ''}`;
    for (const match of text.matchAll(/[?&](?:amp;)?(?:access|token)=([^\s&"'<>]+)/g)) {
      tokens.add(decodeURIComponent(match[1]!));
    }
  }
  return [...tokens];
}

describe('a whole journey writes none of the tokens it issued to the log', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const t = useTestApp({ logger: createLogger({ level: 'debug' }, sink) });

  it('books, signs up, resets a password, invites an operator, and opens every emailed link however it is spelled', async () => {
    // A booked order: its confirmation email carries signed `?access=` links.
    const { order } = await bookedOrder(t);

    // "Manage my booking" emails a single-use `?token=` link.
    const elsewhere = new TestBrowser(t.app);
    const asked = await elsewhere.post('/api/v1/booking-links', {
      reference: order.reference,
      email: 'ada@example.com',
    });
    expect(asked.statusCode).toBe(202);

    // A customer signs up (an emailed `?token=` link finishes it), then asks for a password
    // reset: another `?token=`.
    const customer = await signedInCustomer(t);
    const account = (await customer.get('/api/v1/account')).json() as { email: string };
    expect(
      (await elsewhere.post('/api/v1/password-resets', { email: account.email })).statusCode,
    ).toBe(202);
    // The reset's email is decided and sent by a job.
    await t.app.services.jobs.drain();

    // The business runs admin:create on that customer's address: an invitation `?token=`.
    await createOrPromoteAdmin(
      { database: t.database, clock: t.clock, logger: pino({ level: 'silent' }) },
      { email: account.email },
    );

    const tokens = await emailedTokens(t);
    // An access link, "Manage my booking", sign-up, reset, invitation.
    expect(tokens.length).toBeGreaterThanOrEqual(5);
    const accessTokens = tokens.filter((token) => token.includes('.'));
    expect(accessTokens.length).toBeGreaterThanOrEqual(1);

    // Each link opened as the browser would (its page) and as the page's scripts then do (the
    // API), with the parameter's name spelled plainly and percent-encoded.
    let opened = 0;
    for (const token of tokens) {
      const value = encodeURIComponent(token);
      for (const name of ['access', '%61ccess', 'token', '%74oken']) {
        for (const page of PAGES_OF_LINKS) await elsewhere.get(`${page}?${name}=${value}`);
        const res = await elsewhere.get(`/api/v1/orders/${order.id}?${name}=${value}`);
        if (res.statusCode === 200) opened += 1;
      }
    }
    // The access link opened the order both ways it was spelled: the log saw it used.
    expect(opened).toBeGreaterThanOrEqual(2);
    const [manage, reset] = [
      (await emailedTokens(t, 'order-link'))[0],
      tokens.filter((token) => !token.includes('.')),
    ];
    expect(manage).toBeDefined();
    expect((await elsewhere.put('/api/v1/booking-links', { token: manage })).statusCode).toBe(200);
    for (const token of reset) {
      await elsewhere.put('/api/v1/password-resets', { token, password: 'a new long password 7' });
      await elsewhere.put('/api/v1/operator-invitations', {
        token,
        password: 'a new long password 7',
      });
    }

    // The tracking page's token is in its path: the page and its API, plainly and escaped.
    const tracking = (await t.app.services.tracking.view(order.id))!.token;
    const escaped = `%${tracking.charCodeAt(0).toString(16).toUpperCase()}${tracking.slice(1)}`;
    for (const path of [`/track/${tracking}`, `/track/${escaped}`]) {
      await elsewhere.get(path);
      expect(
        (await elsewhere.get(`/api/v1${path.replace('/track/', '/tracking/')}`)).statusCode,
      ).toBe(200);
    }

    const log = lines.join('');
    expect(log).toContain('"url":"/track/[withheld]"');
    expect(log).toContain('"url":"/api/v1/tracking/[withheld]"');
    expect(log).not.toContain(tracking);
    expect(log).not.toContain(tracking.slice(1));
    expect(log).toContain('"url":"/manage-booking?token=[withheld]"');
    expect(log).toContain(`"url":"/api/v1/orders/${order.id}?access=[withheld]"`);
    for (const token of tokens) {
      expect(log, `the log holds an issued token`).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }
  });
});

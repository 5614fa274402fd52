import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { ScriptedCourier } from '#tests/support/scripted-courier.js';
import { useTestApp } from '#tests/support/test-app.js';
import { createMail } from '../modules/email/mail.js';
import { buildApp } from '../app.js';
import { pino } from 'pino';

const t = useTestApp();

describe('/dev/mail (local mailbox)', () => {
  it('shows a sample booking confirmation once the worker delivered it, with its label', async () => {
    const empty = await t.app.inject('/dev/mail');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No messages yet.');

    const sent = await t.app.inject({
      method: 'POST',
      url: '/dev/mail/sample',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/dev\/mail\?sent=BA-SAMPLE-[0-9A-F]{6}$/);

    // Enqueued, not yet delivered: the outbox shows it pending.
    const pending = await t.app.inject(sent.headers.location!);
    expect(pending.body).toMatch(/<p role="status">Sample BA-SAMPLE-[0-9A-F]{6} is in the outbox/);
    expect(pending.body).toContain('No messages yet.');
    expect(pending.body).toMatch(/class="status-pending">pending/);

    expect(await t.mail.worker.runOnce()).toMatchObject({ sent: 1 });
    const list = await t.app.inject('/dev/mail');
    const link =
      /<a href="\/dev\/mail\/(\d+)">(Your booking was successful: BA-SAMPLE-[0-9A-F]{6})<\/a>/.exec(
        list.body,
      );
    expect(link, list.body).not.toBeNull();
    const [, id, subject] = link!;

    const page = await t.app.inject(`/dev/mail/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${subject}</h1>`);
    expect(page.body).toContain('jane.smith@example.com');
    expect(page.body).toContain(`src="/dev/mail/${id}/html"`);
    expect(page.body).toContain('between 9:00am and 5:30pm'); // the plain-text part
    expect(page.body).toContain('labels-a4.pdf');

    const rendered = await t.app.inject(`/dev/mail/${id}/html`);
    expect(rendered.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(rendered.headers['content-security-policy']).toContain("script-src 'none'");
    expect(rendered.headers['content-security-policy']).toContain("default-src 'none'");
    expect(rendered.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(rendered.body).toContain('Track your parcels');

    const pdf = await t.app.inject(`/dev/mail/${id}/attachments/0`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="labels-a4.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const raw = await t.app.inject(`/dev/mail/${id}/raw`);
    const parsed = await simpleParser(raw.rawPayload);
    expect(parsed.subject).toBe(subject);
    expect(parsed.attachments).toHaveLength(1);

    expect((await t.app.inject(`/dev/mail/${id}/attachments/9`)).statusCode).toBe(404);
    expect((await t.app.inject('/dev/mail/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/dev/mail/abc')).statusCode).toBe(404);
  });

  it('escapes what it shows', async () => {
    await t.database.transaction((tx) =>
      t.mail.emails.sendTo(tx, 'contact-message', {
        id: 'dev-xss',
        firstName: '<script>alert(1)</script>',
        lastName: 'X',
        email: 'x@example.org',
        message: 'hi',
        receivedAt: t.clock.now(),
      }),
    );
    await t.mail.worker.runOnce();
    const list = await t.app.inject('/dev/mail');
    expect(list.body).not.toContain('<script>alert(1)</script>');
    expect(list.body).toContain('Contact form: &lt;script&gt;alert(1)&lt;/script&gt; X');
  });

  it('answers loopback clients only, whatever X-Forwarded-For says', async () => {
    for (const url of [
      '/dev/mail',
      '/dev/mail/1',
      '/dev/mail/1/raw',
      '/dev/mail/1/attachments/0',
    ]) {
      const remote = await t.app.inject({ url, remoteAddress: '192.0.2.7' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('BA-');
      const spoofed = await t.app.inject({
        url,
        remoteAddress: '192.0.2.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode, url).toBe(404);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/dev/mail/sample',
      remoteAddress: '10.1.2.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(post.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/dev/mail', remoteAddress: '::ffff:127.0.0.1' })).statusCode,
    ).toBe(200);
  });

  it('refuses a form posted from another site', async () => {
    const before = (await t.app.inject('/dev/mail')).body;
    for (const headers of [
      { origin: 'https://evil.example', host: 'localhost:3000' },
      { 'sec-fetch-site': 'cross-site', host: 'localhost:3000' },
    ]) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/dev/mail/sample',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: '',
      });
      expect(sent.statusCode).toBe(403);
    }
    // Nothing was queued: the outbox is as it was.
    expect((await t.app.inject('/dev/mail')).body).toBe(before);
    const same = await t.app.inject({
      method: 'POST',
      url: '/dev/mail/sample',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: '',
    });
    expect(same.statusCode).toBe(303);
  });

  it('does not exist when mail goes out by SMTP', async () => {
    const logger = pino({ level: 'silent' });
    const mail = createMail(
      { database: t.database, clock: t.clock, logger },
      {
        smtpUrl: 'smtp://127.0.0.1:1',
        from: 'BoxAbroad <no-reply@boxabroad.test>',
        salesEmail: 'sales@boxabroad.test',
        siteUrl: 'http://localhost:3000',
      },
    );
    const app = await buildApp({
      database: t.database,
      clock: t.clock,
      logger,
      mail,
      courier: new ScriptedCourier(),
    });
    try {
      expect((await app.inject('/dev/mail')).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/dev/mail/sample' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

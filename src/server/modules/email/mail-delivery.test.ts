// On PostgreSQL too: deliveries claim outbox rows and trip the breaker side by side.
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.js';
import { TestSmtpServer } from '#tests/support/test-smtp-server.js';
import { fixedClock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { sampleBooking, samplePdf } from '../../dev/sample-mail.js';
import { JobQueue, type JobQueueOptions } from '../../jobs/job-queue.js';
import { createMail, type MailDeps } from './mail.js';
import type { MailTransport } from '../../providers/email/email-provider.js';
import {
  createSmtpTransport,
  type SmtpTransportOptions,
} from '../../providers/email/smtp-transport.js';
import { ProviderError } from '../../providers/provider-error.js';
import type { MailDeliveryOptions } from './mail-delivery.js';
import type { EmailData } from './registry.js';
import { sendMailJob } from './jobs/send-mail.job.js';
import type { BookingConfirmationInput } from './templates/booking-confirmation.js';

const START = '2026-11-23T10:00:00.000Z';
const clock = fixedClock(START);
const logger = pino({ level: 'silent' });
const LEASE_MS = 10 * 60_000;

let database: TestDatabase;
let smtp: TestSmtpServer;
let labelPdfs: Buffer[];
/** One process's mail: its deps, and the job queue its `send-mail` jobs run on. */
type MailProcess = MailDeps & { jobs: JobQueue };
const opened: MailProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  labelPdfs = await Promise.all([
    samplePdf('Label 1', ['Large parcel 1']),
    samplePdf('Label 2', ['Small parcel 1']),
  ]);
});
afterAll(() => database.dispose());

beforeEach(async () => {
  clock.set(START);
  await database.query('DELETE FROM mail');
  await database.query('DELETE FROM jobs');
  smtp = new TestSmtpServer();
  await smtp.start();
});

afterEach(async () => {
  for (const mail of opened.splice(0)) await mail.jobs.stop({ graceMs: 0 });
  await smtp.stop();
});

/**
 * The mail of one process: the outbox and the delivery, attached to a job queue of its own on
 * `database` (a killable one stands for a process that dies).
 */
function mailDeps(
  options: {
    database?: Database;
    smtpUrl?: string;
    smtp?: Omit<SmtpTransportOptions, 'url'>;
    transport?: MailTransport;
    delivery?: Partial<MailDeliveryOptions>;
    jobs?: Partial<JobQueueOptions>;
  } = {},
): MailProcess {
  const db = options.database ?? database;
  const mail = createMail(
    { database: db, clock, logger },
    {
      smtpUrl: options.smtpUrl ?? smtp.url,
      ...(options.smtp ? { smtp: options.smtp } : {}),
      from: 'BoxAbroad <no-reply@boxabroad.test>',
      salesEmail: 'sales@boxabroad.test',
      siteUrl: 'https://boxabroad.test',
      delivery: { retryBaseMs: 30_000, maxAttempts: 4, ...options.delivery },
    },
    ...(options.transport ? [options.transport] : []),
  );
  const jobs = new JobQueue(
    { database: db, clock, logger },
    // A dead process's outcome is tried once: no waiting on a database that will not answer.
    { leaseMs: LEASE_MS, recordRetryDelaysMs: [0], ...options.jobs },
  );
  jobs.define(sendMailJob, mail.worker);
  mail.worker.wakes(jobs);
  const mailProcess = Object.assign(mail, { jobs });
  opened.push(mailProcess);
  return mailProcess;
}

/** The sample booking with one label and a customs invoice, for a second small box. */
function booking(overrides: Partial<BookingConfirmationInput> = {}): BookingConfirmationInput {
  const sample = sampleBooking();
  return sampleBooking({
    receipt: {
      ...sample.receipt,
      description:
        'Express collection of 1 large box and 1 small box from the United Kingdom to Germany',
    },
    labels: [
      {
        title: 'Labels for A4 paper',
        filename: 'labels-a4.pdf',
        url: 'https://boxabroad.test/labels/1.pdf',
        pdf: labelPdfs[0]!,
      },
    ],
    documents: [
      {
        title: 'Commercial invoice',
        filename: 'commercial-invoice.pdf',
        url: 'https://boxabroad.test/labels/2.pdf',
        pdf: labelPdfs[1]!,
      },
    ],
    parcels: { large: 1, small: 1 },
    ...overrides,
  });
}

async function enqueueBooking(mail: MailDeps, overrides: Partial<BookingConfirmationInput> = {}) {
  return database.transaction((tx) => mail.emails.sendTo(tx, 'dev-sample', booking(overrides)));
}

async function row(id: string) {
  const rows = await database.query<{
    status: string;
    attempts: number;
    next_attempt_at: Date | string;
    committed_at: Date | string | null;
    last_error: string | null;
  }>(`SELECT status, attempts, next_attempt_at, committed_at, last_error FROM mail WHERE id = $1`, [
    id,
  ]);
  return rows[0]!;
}

/** A contact-form message enqueued for the sales mailbox in a transaction of its own. */
function enqueueContact(mail: MailDeps, message: EmailData<'contact-message'>) {
  return database.transaction((tx) => mail.emails.sendTo(tx, 'contact-message', message));
}

/** A contact-form message sent by a worker: what the SMTP server received, for sales alone. */
async function deliveredContact(message: EmailData<'contact-message'>) {
  const mail = mailDeps();
  await enqueueContact(mail, message);
  await mail.worker.runOnce();
  const received = (await smtp.waitForMessages(1))[0]!;
  expect(received.envelope.to).toEqual(['sales@boxabroad.test']);
  return received;
}

/** The worker's database, made unusable at once: what a killed process leaves behind. */
function killable(inner: Database) {
  let dead = false;
  const check = () => {
    if (dead) throw new Error('the process was killed');
  };
  const database: Database = {
    ...inner,
    query: async (text, params) => {
      check();
      const rows = await inner.query(text, params);
      check();
      return rows as never;
    },
    transaction: (fn) => {
      check();
      return inner.transaction(fn);
    },
  };
  return { database, kill: () => (dead = true) };
}

/**
 * A booking confirmation whose worker is killed while the SMTP server holds the send at `stage`
 * (before RCPT is answered, or with the whole message received and its reply held); the
 * server then carries on. Answers the message's id.
 */
async function killedWhileSending(
  stage: 'rcpt' | 'data-reply',
  delivery?: Partial<MailDeliveryOptions>,
) {
  const doomed = killable(database);
  const a = mailDeps({ database: doomed.database, ...(delivery ? { delivery } : {}) });
  const { id } = await enqueueBooking(a);
  const held = stage === 'rcpt' ? smtp.holdRcpt() : smtp.holdDataReply();
  void a.worker.runOnce().catch(() => undefined);
  await held.reached;
  doomed.kill();
  await a.jobs.stop({ graceMs: 0 }); // its connection drops, as when the process dies
  held.open();
  return id;
}

function advance(ms: number) {
  clock.set(new Date(clock.now().getTime() + ms));
}

describe('delivery over SMTP', () => {
  it('sends the booking confirmation: subject, recipients, HTML, text and label PDFs', async () => {
    const mail = mailDeps();
    const { id, messageId } = await enqueueBooking(mail);

    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });

    expect(smtp.received).toHaveLength(1);
    const { envelope, parsed } = smtp.received[0]!;
    expect(envelope).toEqual({ from: 'no-reply@boxabroad.test', to: ['jane@example.com'] });
    expect(parsed.subject).toBe('Your booking was successful: BA-7K2M9Q');
    expect(parsed.from?.value).toEqual([{ name: 'BoxAbroad', address: 'no-reply@boxabroad.test' }]);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('jane@example.com');
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.html).toContain('Tuesday 24 November 2026');
    expect(parsed.html).toContain('between 9:00am and 5:30pm');
    expect(parsed.html).toContain('href="https://track.example.com/BA-7K2M9Q"');
    expect(parsed.html).toContain('href="https://boxabroad.test/labels/2.pdf"');
    expect(parsed.text).toContain('Large parcels: 1');
    expect(parsed.text).toContain('Small parcels: 1');
    expect(parsed.text).toContain('Invalidenstraße 1');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['labels-a4.pdf', 'application/pdf'],
      ['commercial-invoice.pdf', 'application/pdf'],
    ]);
    expect(Buffer.compare(parsed.attachments[0]!.content, labelPdfs[0]!)).toBe(0);
    expect(Buffer.compare(parsed.attachments[1]!.content, labelPdfs[1]!)).toBe(0);

    const entry = await mail.outbox.get(id);
    expect(entry).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(entry?.sentAt?.toISOString()).toBe(START);
    expect(entry?.transportResponse).toMatch(/^250/);
  });

  it('sends a contact message to the sales mailbox with Reply-To the visitor', async () => {
    const { parsed } = await deliveredContact({
      id: 'c-1',
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Lee & Co',
      email: 'ann@example.org',
      phone: '+44 7700 900123',
      message: 'Can you collect from Leeds?\nThanks',
      receivedAt: new Date(START),
    });
    expect(parsed.replyTo?.value[0]?.address).toBe('ann@example.org');
    expect(parsed.subject).toBe('Contact form: Ann Lee');
    expect(parsed.html).toContain('Lee &amp; Co');
    expect(parsed.html).toContain('+44 7700 900123');
    expect(parsed.html).toContain('Can you collect from Leeds?<br>Thanks');
    expect(parsed.text).toContain('Email: ann@example.org');
  });

  it('never sends a message whose transaction rolled back', async () => {
    const mail = mailDeps();
    await expect(
      database.transaction(async (tx) => {
        await mail.emails.sendTo(tx, 'dev-sample', booking());
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(await mail.outbox.list()).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it('enqueues through a Drizzle transaction too, and rolls back with it', async () => {
    const mail = mailDeps();
    await expect(
      database.db.transaction(async (tx) => {
        await mail.emails.sendTo(tx, 'dev-sample', booking({ orderReference: 'BA-ROLLED' }));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { created } = await database.db.transaction((tx) =>
      mail.emails.sendTo(tx, 'dev-sample', booking()),
    );
    expect(created).toBe(true);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      'Your booking was successful: BA-7K2M9Q',
    ]);
    expect(smtp.received[0]!.parsed.attachments).toHaveLength(2);
  });

  it('enqueues one message per business event', async () => {
    const mail = mailDeps();
    const first = await enqueueBooking(mail);
    const again = await enqueueBooking(mail);
    expect(again).toEqual({ ...first, created: false });
    await mail.worker.runOnce();
    await mail.worker.runOnce();
    expect(smtp.received).toHaveLength(1);
  });
});

describe('retries', () => {
  it('keeps messages while the SMTP server is down and sends them once it is back', async () => {
    // The backoff of each message, on its own: the breaker (below) would hold them sooner.
    const mail = mailDeps({ delivery: { breaker: { failures: 100, cooldownMs: 60_000 } } });
    await smtp.stop();
    const a = await enqueueBooking(mail, { orderReference: 'BA-AAAAAA' });
    const b = await enqueueBooking(mail, { orderReference: 'BA-BBBBBB' });

    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 2, retrying: 2 });
    expect(await row(a.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row(a.id)).last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(new Date((await row(a.id)).next_attempt_at).getTime()).toBe(Date.parse(START) + 30_000);

    // Not due yet: nothing is attempted.
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });

    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 2, retrying: 2 });
    // The backoff doubles.
    expect(new Date((await row(b.id)).next_attempt_at).getTime()).toBe(
      clock.now().getTime() + 60_000,
    );

    await smtp.start();
    advance(60_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual([
      'Your booking was successful: BA-AAAAAA',
      'Your booking was successful: BA-BBBBBB',
    ]);
    expect(await row(a.id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('marks a message failed after the last attempt, and it stays visible', async () => {
    const mail = mailDeps({ delivery: { maxAttempts: 3 } });
    smtp.dataReply = () => ({ code: 451, message: 'Try again later' });
    const { id } = await enqueueBooking(mail);

    expect(await mail.worker.runOnce()).toMatchObject({ retrying: 1 });
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ retrying: 1 });
    advance(60_000);
    expect(await mail.worker.runOnce()).toMatchObject({ failed: 1 });
    advance(24 * 3600_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });

    expect(smtp.rejected).toHaveLength(3);
    expect(smtp.received).toHaveLength(0);
    const failed = await mail.outbox.list({ status: 'failed' });
    expect(failed.map((m) => m.id)).toEqual([id]);
    expect(failed[0]).toMatchObject({ attempts: 3 });
    expect(failed[0]?.lastError).toContain('451');

    // An operator can send it again.
    smtp.dataReply = undefined;
    expect(await mail.outbox.retry(id)).toBe(true);
    expect(await mail.worker.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('fails at once on a permanent rejection (5xx)', async () => {
    const mail = mailDeps();
    smtp.dataReply = () => ({ code: 550, message: 'No such user' });
    const { id } = await enqueueBooking(mail);
    expect(await mail.worker.runOnce()).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).last_error).toContain('550');
  });

  it('refuses wrong SMTP credentials and retries (the URL carries them)', async () => {
    const mail = mailDeps({ smtpUrl: smtp.url.replace('s3cret', 'wrong'), delivery: {} });
    const { id } = await enqueueBooking(mail);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 1, sent: 0 });
    expect((await row(id)).last_error).toMatch(/Invalid username or password/);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('the running worker', () => {
  it('delivers after wake() and keeps going while batches are full', async () => {
    const mail = mailDeps({ jobs: { mailConcurrency: 2, pollIntervalMs: 3_600_000 } });
    mail.jobs.start();
    for (let i = 0; i < 5; i++) await enqueueBooking(mail, { orderReference: `BA-RUN00${i}` });
    mail.worker.wake();
    // Only wake() and the full batches can get all five out before the hour-long poll.
    await smtp.waitForMessages(5);
    await mail.jobs.stop();
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Your booking was successful: BA-RUN00${i}`),
    );
  });
});

describe('exactly once, as far as SMTP allows', () => {
  it('a second worker never claims a message being sent', async () => {
    const a = mailDeps();
    const b = mailDeps();
    await enqueueBooking(a);
    const held = smtp.holdDataReply();
    const sending = a.worker.runOnce();
    await held.reached;
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 0 });
    held.open();
    expect(await sending).toMatchObject({ sent: 1 });
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a lease that runs out mid-send does not send the message again', async () => {
    const a = mailDeps();
    const b = mailDeps();
    const { id } = await enqueueBooking(a);
    const held = smtp.holdDataReply();
    const sending = a.worker.runOnce();
    await held.reached;
    advance(LEASE_MS + 1);
    // The message was committed: B cannot know whether it arrived, so it does not resend.
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 1 });
    held.open();
    // A's success still counts: the message is recorded as sent.
    expect(await sending).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent' });
    expect(smtp.received).toHaveLength(1);
  });

  it('a message claimed by a worker that lost its job meanwhile is still sent, once', async () => {
    // A worker whose job lease ran out (its connection was cut) claimed the message just after
    // this job read it, then could record nothing: the job must look again, not leave it.
    const vanished = Object.assign({}, database, {
      query: async (text: string, params?: unknown[]) => {
        if (text.includes("SET status = 'sending', attempts = attempts + 1")) {
          await database.query(
            `UPDATE mail SET status = 'sending', attempts = attempts + 1,
               claim_token = gen_random_uuid() WHERE id = $1`,
            [params?.[0]],
          );
        }
        return database.query(text, params as never);
      },
    }) as Database;
    const b = mailDeps({ database: vanished });
    const { id } = await enqueueBooking(b);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    // Once the other worker's attempt must have ended, a fresh process finds the job due again.
    advance(LEASE_MS + 1);
    const c = mailDeps();
    expect(await c.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a worker stopped mid-send finishes that message; nothing is sent twice', async () => {
    const a = mailDeps();
    const { id } = await enqueueBooking(a);
    const held = smtp.holdDataReply();
    const sending = a.worker.runOnce();
    await held.reached;
    const stopped = a.jobs.stop({ graceMs: 60_000 });
    held.open();
    await stopped;
    expect(await sending).toMatchObject({ sent: 1 });

    const b = mailDeps();
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a worker killed before DATA: the next worker sends the message, once', async () => {
    const id = await killedWhileSending('rcpt');
    expect(await row(id)).toMatchObject({ status: 'sending', committed_at: null });

    const b = mailDeps();
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0 }); // still leased
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a message whose every attempt was killed before sending ends failed', async () => {
    const id = await killedWhileSending('rcpt', { maxAttempts: 1 });

    const b = mailDeps({ delivery: { maxAttempts: 1 } });
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a worker killed after the final dot: not resent, marked unknown for an operator', async () => {
    const id = await killedWhileSending('data-reply'); // the server has the whole message

    const b = mailDeps();
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 1 });
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 0 });
    const entry = await b.outbox.get(id);
    expect(entry?.status).toBe('unknown');
    expect(entry?.lastError).toMatch(/may or may not have arrived/);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('hostile input', () => {
  it('escapes user text in HTML and keeps it out of the headers', async () => {
    const { parsed, raw } = await deliveredContact({
      id: 'c-evil',
      firstName: '<img src=x onerror=alert(1)>',
      lastName: 'Evil\r\nBcc: victim@example.net',
      email: 'ann@example.org\r\nBcc: victim@example.net',
      message: '</div><script>alert(1)</script>',
      receivedAt: new Date(START),
    });
    expect(parsed.headers.has('bcc')).toBe(false);
    const headerBlock = raw.toString('latin1').split('\r\n\r\n')[0]!;
    expect(headerBlock).not.toMatch(/^bcc:/im);
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.subject).toBe(
      'Contact form: <img src=x onerror=alert(1)> Evil Bcc: victim@example.net',
    );
    expect(parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parsed.html).not.toContain('<img src=x');
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).toContain('&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses a recipient that is not one address', async () => {
    const mail = mailDeps();
    for (const email of [
      'jane@example.com\r\nBcc: x@example.net',
      'a@example.com, b@example.com',
    ]) {
      await expect(
        database.transaction((tx) =>
          mail.emails.sendTo(tx, 'dev-sample', booking({ recipient: { name: 'Jane', email } })),
        ),
      ).rejects.toThrow(/not a single email address/);
    }
    expect(await mail.outbox.list()).toEqual([]);
  });
});

describe('the send-mail job', () => {
  async function sendMailJobs() {
    return database.query<{ key: string; status: string; payload: { mailId: string } }>(
      `SELECT key, status, payload FROM jobs WHERE kind = 'send-mail' ORDER BY created_at, key`,
    );
  }

  /** An order written in `tx`, as the booking journey writes one. */
  async function insertOrder(tx: { query: Database['query'] }, reference: string) {
    const [order] = await tx.query<{ id: string }>(
      `INSERT INTO orders (id, reference, status, collection_country_id, collection_postcode,
         destination_country_id, destination_postcode, small_boxes, large_boxes, total_weight_kg,
         offered_services, selected_service, price_pence, collection_address, created_at,
         updated_at)
       VALUES (gen_random_uuid(), $1, 'draft', 231, 'SW1A 1AA', 80, '10115', 1, 1, 50,
         '[]'::jsonb, 'economy', 9399, '{}'::jsonb, $2, $2)
       RETURNING id`,
      [reference, clock.now()],
    );
    return order!.id;
  }

  it('is written in the transaction of the order that causes the email: both or neither', async () => {
    const mail = mailDeps();
    await expect(
      database.transaction(async (tx) => {
        await insertOrder(tx, 'BA-ROLLBK');
        await mail.emails.sendTo(tx, 'dev-sample', booking({ orderReference: 'BA-ROLLBK' }));
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    expect(
      await database.query(`SELECT id FROM orders WHERE reference = 'BA-ROLLBK'`),
    ).toHaveLength(0);
    expect(await mail.outbox.list()).toEqual([]);
    expect(await sendMailJobs()).toEqual([]);

    const { orderId, id } = await database.transaction(async (tx) => ({
      orderId: await insertOrder(tx, 'BA-COMMIT'),
      ...(await mail.emails.sendTo(tx, 'dev-sample', booking({ orderReference: 'BA-COMMIT' }))),
    }));
    expect(await database.query(`SELECT id FROM orders WHERE id = $1`, [orderId])).toHaveLength(1);
    expect(await sendMailJobs()).toEqual([
      { key: `send-mail:${id}`, status: 'pending', payload: { mailId: id } },
    ]);
    // The same email asked for again (a retried request) adds no second job.
    await database.transaction((tx) =>
      mail.emails.sendTo(tx, 'dev-sample', booking({ orderReference: 'BA-COMMIT' })),
    );
    expect(await sendMailJobs()).toHaveLength(1);

    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await sendMailJobs()).toEqual([
      { key: `send-mail:${id}`, status: 'done', payload: { mailId: id } },
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it('a send killed after the final dot ends unknown, its job done: no further attempt, until an operator asks', async () => {
    const id = await killedWhileSending('data-reply'); // the whole message is with the server
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect((await row(id)).committed_at).not.toBeNull();

    // Another process takes the job over once its lease has run out, and a started queue keeps
    // polling for a day: the message is never attempted again.
    const b = mailDeps({ jobs: { pollIntervalMs: 10 } });
    advance(LEASE_MS + 1);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 0, unknown: 1 });
    b.jobs.start();
    for (let hour = 0; hour < 24; hour++) {
      advance(3600_000);
      b.jobs.wake();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await b.jobs.stop();
    expect(await row(id)).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(await sendMailJobs()).toEqual([
      { key: `send-mail:${id}`, status: 'done', payload: { mailId: id } },
    ]);
    expect(smtp.received).toHaveLength(1);

    // An operator's "send again" makes the same job due, and it sends the message once more.
    await database.transaction((tx) => b.outbox.retryLocked(tx, id, 'unknown'));
    expect(await sendMailJobs()).toEqual([
      { key: `send-mail:${id}`, status: 'pending', payload: { mailId: id } },
    ]);
    expect(await b.worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(2);
  });
});

/**
 * A hung or failing mail server (decision 081). Timeouts are made small through the transport's
 * options (1 s: the test server itself greets after 0.1 s, its guard against early talkers); the
 * cool-down is moved with the clock: nothing sleeps.
 */
describe('mail isolation', () => {
  const QUICK = { connectionTimeoutMs: 1_000, greetingTimeoutMs: 1_000, socketTimeoutMs: 1_000 };

  async function enqueueMany(mail: MailDeps, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await enqueueBooking(mail, { orderReference: `BA-HUNG0${i}` })).id);
    }
    return ids;
  }

  it('a hung server is fed two messages, not every one: the rest wait pending with no attempt spent, one probe tests it after the cool-down, then all go once', async () => {
    const mail = mailDeps({
      smtp: QUICK,
      delivery: { breaker: { failures: 2, cooldownMs: 60_000 } },
    });
    smtp.hang();
    const ids = await enqueueMany(mail, 5);

    const started = performance.now();
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 2, retrying: 2, held: 3 });
    // Two greeting timeouts side by side, then the breaker holds the rest at once: the round
    // costs one timeout (1 s here), not one per message (60 s each before).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(smtp.connections).toBe(2);
    expect(mail.worker.breaker.state).toBe('open');
    const waiting = await Promise.all(ids.map(row));
    expect(waiting.map((r) => r.status)).toEqual(Array(5).fill('pending'));
    expect(waiting.map((r) => r.attempts).sort()).toEqual([0, 0, 0, 1, 1]);
    for (const r of waiting.filter((w) => w.attempts === 0)) {
      expect(new Date(r.next_attempt_at).getTime()).toBe(Date.parse(START) + 60_000);
    }
    // Still cooling down: nothing is attempted, the server is left alone.
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.connections).toBe(2);

    // The cool-down ends; the server still hangs: one probe, and the breaker opens again.
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 1, retrying: 1, held: 4 });
    expect(smtp.connections).toBe(3);

    // The server recovers: the next probe gets through and every message follows it, once.
    smtp.recover();
    advance(60_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 5, sent: 5 });
    expect(mail.worker.breaker.state).toBe('closed');
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(
      ids.map((_, i) => `Your booking was successful: BA-HUNG0${i}`),
    );
    // Each records the queue id the server named in its reply.
    for (const id of ids) {
      const entry = await mail.outbox.get(id);
      expect(entry?.serverQueueId).toMatch(/^TQ\d{6}$/);
      expect(entry?.transportResponse).toContain(`queued as ${entry?.serverQueueId}`);
    }
    expect(new Set(smtp.received.map((m) => m.queueId)).size).toBe(5);
  });

  it('a hung server does not delay mail to another transport', async () => {
    // One delivery at a time there, so the hung process holds the booking only.
    const hung = mailDeps({ smtp: QUICK, jobs: { mailConcurrency: 1 } });
    smtp.hang();
    const healthy = new TestSmtpServer();
    await healthy.start();
    try {
      const other = mailDeps({ smtp: QUICK, smtpUrl: healthy.url });
      await enqueueBooking(hung, { orderReference: 'BA-HUNG01' });
      const hanging = hung.worker.runOnce();
      await smtp.waitForConnections(1); // the booking is stuck waiting for a greeting
      const started = performance.now();
      await enqueueContact(other, {
        id: '00000000-0000-4000-8000-0000000000c1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        message: 'Hello',
        receivedAt: clock.now(),
      });
      // The other transport's job runs while the hung one still waits on its greeting.
      const delivered = await other.worker.runOnce();
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(delivered).toMatchObject({ sent: 1 });
      expect(healthy.received).toHaveLength(1);
      expect(await hanging).toMatchObject({ retrying: 1 });
    } finally {
      await healthy.stop();
    }
  });

  it('a message cut before DATA (no greeting) is retried and delivered exactly once', async () => {
    const mail = mailDeps({ smtp: QUICK });
    smtp.hang();
    const { id } = await enqueueBooking(mail);
    expect(await mail.worker.runOnce()).toMatchObject({ retrying: 1, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, committed_at: null });
    expect((await row(id)).last_error).toMatch(/greeting|timeout/i);
    smtp.recover();
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ sent: 1 });
    advance(24 * 3600_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a connection lost after the commit was recorded but before the final dot was written: retried, not unknown', async () => {
    const real = createSmtpTransport({ url: smtp.url });
    let cut = true;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(message) {
        if (!cut) return real.send(message);
        cut = false;
        await message.commit(); // recorded, but the dot never goes out
        throw new ProviderError('email', 'UNAVAILABLE', true, 'ECONNECTION: connection lost');
      },
      close: () => real.close(),
    };
    const mail = mailDeps({ transport });
    const { id } = await enqueueBooking(mail);
    expect(await mail.worker.runOnce()).toMatchObject({ retrying: 1, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', committed_at: null });
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a final dot written whose answer never came stays unknown, and is not resent', async () => {
    const mail = mailDeps({ smtp: QUICK });
    const { id } = await enqueueBooking(mail);
    const held = smtp.holdDataReply(); // the server has the message and never answers in time
    expect(await mail.worker.runOnce()).toMatchObject({ unknown: 1 });
    held.open();
    const entry = await mail.outbox.get(id);
    expect(entry).toMatchObject({ status: 'unknown', serverQueueId: null });
    expect(entry?.lastError).toMatch(/may or may not have arrived/);
    advance(24 * 3600_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
    // (An operator's resend of it needs an explicit "it may arrive twice": admin-inbox.test.ts.)
  });

  it('a database cut after the server said 250: recorded sent with its queue id once the database is back, never unknown', async () => {
    let down = false;
    const cuttable: Database = {
      ...database,
      query: async (text, params) => {
        if (down) throw new Error('connection to the database lost');
        return database.query(text, params) as never;
      },
      transaction: (fn) => {
        if (down) throw new Error('connection to the database lost');
        return database.transaction(fn);
      },
    };
    const mail = mailDeps({ database: cuttable });
    const { id } = await enqueueBooking(mail);
    const held = smtp.holdDataReply();
    const sending = mail.worker.runOnce().catch(() => undefined);
    await held.reached;
    down = true; // the database goes away while the server holds its "250"
    held.open();
    await sending;
    expect(await row(id)).toMatchObject({ status: 'sending' });
    expect((await row(id)).committed_at).not.toBeNull();

    down = false;
    advance(LEASE_MS + 1); // the job's outcome was never written: its lease runs out
    expect(await mail.worker.runOnce()).toMatchObject({ sent: 1, unknown: 0 });
    const entry = await mail.outbox.get(id);
    expect(entry).toMatchObject({ status: 'sent', attempts: 1 });
    expect(entry?.serverQueueId).toBe(smtp.received[0]?.queueId);
    expect(smtp.received).toHaveLength(1);
  });

  it('a database cut on the job’s last attempt: the message is looked at again, never left sending', async () => {
    let cuts = 0;
    const cuttable: Database = {
      ...database,
      query: async (text, params) => {
        // One statement fails: the one after the server's "250" (recording it sent).
        if (cuts > 0 && /status = 'sent'/.test(text)) {
          cuts--;
          throw new Error('connection to the database lost');
        }
        return database.query(text, params) as never;
      },
    };
    const mail = mailDeps({ database: cuttable, jobs: { maxAttempts: 3 } });
    const { id } = await enqueueBooking(mail);
    // Its job has spent every attempt but this one (leases lost to dead processes, say).
    await database.query(`UPDATE jobs SET attempts = 2 WHERE key = $1`, [`send-mail:${id}`]);
    cuts = 1;
    await mail.worker.runOnce();
    expect(smtp.received).toHaveLength(1);
    const [job] = await database.query<{ status: string }>(
      `SELECT status FROM jobs WHERE key = $1`,
      [`send-mail:${id}`],
    );
    expect(job?.status).toBe('pending');

    advance(60_000);
    await mail.worker.runOnce();
    expect(await mail.outbox.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a server that answers (4xx, 5xx) is alive: the breaker stays closed', async () => {
    const mail = mailDeps({ delivery: { breaker: { failures: 2, cooldownMs: 60_000 } } });
    smtp.dataReply = () => ({ code: 451, message: 'Try again later' });
    await enqueueMany(mail, 3);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 3, retrying: 3, held: 0 });
    expect(mail.worker.breaker.state).toBe('closed');
    smtp.dataReply = () => ({ code: 550, message: 'No such user' });
    advance(30_000);
    expect(await mail.worker.runOnce()).toMatchObject({ claimed: 3, failed: 3, held: 0 });
    expect(mail.worker.breaker.state).toBe('closed');
  });
});

// On PostgreSQL too: a delivery's rows found out after a process died mid-write.
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.js';
import { fixedClock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { LocalMailbox } from '../../providers/email/local-mailbox.js';
import { sendMailJob } from './jobs/send-mail.job.js';
import { createMail, type MailDeps } from './mail.js';

/**
 * The local mailbox is a table of our own database, so a delivery that a crash interrupted is
 * found out there, never left `unknown` (docs/email.md): a message whose row never arrived is
 * sent again, one whose row did is recorded `sent`; either way it is in the mailbox once.
 */
const START = '2026-11-23T10:00:00.000Z';
const clock = fixedClock(START);
const logger = pino({ level: 'silent' });
const LEASE_MS = 10 * 60_000;

let database: TestDatabase;
type MailProcess = MailDeps & { jobs: JobQueue };
const opened: MailProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  clock.set(START);
  await database.query('DELETE FROM mail');
  await database.query('DELETE FROM jobs');
  await database.query('DELETE FROM mailbox_messages');
});
afterEach(async () => {
  for (const mail of opened.splice(0)) await mail.jobs.stop({ graceMs: 0 });
});

/** One process's mail on the local mailbox, on `db`. */
function mailProcess(db: Database): MailProcess {
  const mail = createMail(
    { database: db, clock, logger },
    {
      smtpUrl: undefined,
      from: 'BoxAbroad <no-reply@boxabroad.test>',
      salesEmail: 'sales@boxabroad.test',
      siteUrl: 'https://boxabroad.test',
    },
    new LocalMailbox(db, clock),
  );
  const jobs = new JobQueue(
    { database: db, clock, logger },
    { leaseMs: LEASE_MS, recordRetryDelaysMs: [0] },
  );
  jobs.define(sendMailJob, mail.worker);
  mail.worker.wakes(jobs);
  const process = Object.assign(mail, { jobs });
  opened.push(process);
  return process;
}

/** A database that dies, as its process would, just before the first statement matching `at`. */
function dyingBefore(inner: Database, at: RegExp) {
  let dead = false;
  const check = (text?: string) => {
    if (!dead && text && at.test(text)) dead = true;
    if (dead) throw new Error('the process was killed');
  };
  const db: Database = {
    ...inner,
    query: async (text, params) => {
      check(text);
      return (await inner.query(text, params)) as never;
    },
    transaction: (fn) => {
      check();
      return inner.transaction(fn);
    },
  };
  return db;
}

async function enqueueContact(mail: MailDeps): Promise<string> {
  const { id } = await database.transaction((tx) =>
    mail.emails.sendTo(tx, 'contact-message', {
      id: crypto.randomUUID(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Can I send books to Paris?',
      receivedAt: clock.now(),
    }),
  );
  return id;
}

async function state(id: string) {
  const [mail] = await database.query<{ status: string; attempts: number; message_id: string }>(
    'SELECT status, attempts, message_id FROM mail WHERE id = $1',
    [id],
  );
  const [copies] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mailbox_messages WHERE message_id = $1',
    [mail!.message_id],
  );
  return { status: mail!.status, attempts: mail!.attempts, copies: copies!.n };
}

describe('the local mailbox after a crash', () => {
  it.each([
    {
      name: 'a process killed between the commit and the mailbox row: sent again, once, never unknown',
      killedBefore: /^\s*INSERT INTO mailbox_messages/,
      crashed: { status: 'sending', attempts: 1, copies: 0 },
      run: { claimed: 1, sent: 1, unknown: 0 },
      after: { status: 'sent', attempts: 2, copies: 1 },
    },
    {
      name: 'a process killed after the mailbox row, before it recorded sent: found there, recorded sent, not sent again',
      killedBefore: /^\s*UPDATE mail SET status = 'sent'/,
      crashed: { status: 'sending', attempts: 1, copies: 1 },
      run: { claimed: 0, sent: 1, unknown: 0 },
      after: { status: 'sent', attempts: 1, copies: 1 },
    },
  ])('$name', async ({ killedBefore, crashed, run, after }) => {
    const a = mailProcess(dyingBefore(database, killedBefore));
    const id = await enqueueContact(a);
    await a.worker.runOnce().catch(() => undefined);
    await a.jobs.stop({ graceMs: 0 });
    expect(await state(id)).toEqual(crashed);

    const b = mailProcess(database);
    clock.set(new Date(clock.now().getTime() + LEASE_MS + 1));
    expect(await b.worker.runOnce()).toMatchObject(run);
    expect(await state(id)).toEqual(after);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { useTestApp } from '../../tests/support/test-app.js';
import { call } from '../../tests/support/call.js';
import { createContactMessage } from '../domain/api/contact.js';
import { startBackgroundWork } from './background.js';
import { defineJob } from './jobs/define-job.js';
import { z } from 'zod';

const t = useTestApp();

/** Enqueues a job of a new kind; `ran()` tells whether the queue has run it. */
async function testJob(kind: string) {
  let ran = false;
  const job = defineJob({
    kind,
    payload: z.object({}),
    key: () => kind,
    lane: 'default',
    afterRestore: 'runs',
    handle: async () => {
      ran = true;
      return { result: 'done' };
    },
  });
  t.app.services.jobs.define(job, undefined);
  await t.database.transaction((tx) => t.app.services.jobs.enqueue(tx, job, {}));
  t.app.services.jobs.wake();
  return { ran: () => ran };
}
beforeAll(async () => {
  // The courier route matrix already warm (as after a restart), so the recurring refresh the
  // started work runs has nothing to ask and these tests time only the job queue (and the email deliveries it runs).
  await t.app.services.courierRoutes.warmMatrix({ concurrency: 4 });
});

describe('background work', () => {
  it('starts the job queue, which delivers the email too, in one place, and stops it', async () => {
    const background = startBackgroundWork(t.app.services, pino({ level: 'silent' }));
    try {
      // A contact message's email is delivered by the started worker, with no round run by hand.
      const res = await call(t.app, createContactMessage, {
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          company: '',
          email: 'ada@example.com',
          phone: '',
          message: 'Hello from the background test',
          newsOptIn: false,
        },
      });
      expect(res.statusCode).toBeLessThan(300);
      const deadline = Date.now() + 10_000;
      let delivered = false;
      while (!delivered && Date.now() < deadline) {
        delivered = ((await t.mail.mailbox?.list()) ?? []).length > 0;
        if (!delivered) await new Promise((r) => setTimeout(r, 50));
      }
      expect(delivered).toBe(true);
      // And a job enqueued now is run by the started queue.
      const job = await testJob('background-test');
      while (!job.ran() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(job.ran()).toBe(true);
    } finally {
      await background.stop();
    }
    // Stopped: a new job waits until a round is run by hand.
    const late = await testJob('after-stop');
    await new Promise((r) => setTimeout(r, 200));
    expect(late.ran()).toBe(false);
    await t.app.services.jobs.drain();
    expect(late.ran()).toBe(true);
  });

  it('keeps the route refresher and the reconciliation as recurring job rows, one each across processes', async () => {
    const first = startBackgroundWork(t.app.services, pino({ level: 'silent' }));
    const second = startBackgroundWork(t.app.services, pino({ level: 'silent' }));
    await first.stop();
    await second.stop();
    const rows = await t.database.query<{ key: string; status: string }>(
      `SELECT key, status FROM jobs WHERE kind IN ('refresh-courier-routes', 'reconcile-payments')
       ORDER BY key`,
    );
    expect(rows.map((r) => r.key)).toEqual(['reconcile-payments', 'refresh-courier-routes']);
    // Each ran (or waits to run) and is due again: never done for good.
    for (const row of rows) expect(row.status).toBe('pending');
  });

  it('on the embedded database, resumes at start the jobs the last process left running', async () => {
    const job = await testJob('left-by-a-crash');
    // The previous process claimed it, leased it for an hour, and died.
    await t.database.query(
      `UPDATE jobs SET status = 'running', locked_until = $1, claim_token = gen_random_uuid()
       WHERE key = 'left-by-a-crash'`,
      [new Date(Date.now() + 60 * 60_000)],
    );
    const background = startBackgroundWork(t.app.services, pino({ level: 'silent' }));
    // Half a second is many polls: enough to see that PostgreSQL's lease is left alone.
    const deadline = Date.now() + (t.app.services.databaseKind === 'pglite' ? 5_000 : 500);
    try {
      while (!job.ran() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await background.stop();
    }
    // PostgreSQL may be shared by several processes: a lease there is never cut short.
    expect(job.ran()).toBe(t.app.services.databaseKind === 'pglite');
  });
});

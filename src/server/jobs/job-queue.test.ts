// On PostgreSQL too: workers claim jobs side by side (SKIP LOCKED).
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { systemClock } from '../clock.js';
import { z } from 'zod';
import { defineJob } from './define-job.js';
import {
  JobQueue,
  type JobContext,
  type JobLane,
  type JobOutcome,
  type JobQueueOptions,
} from './job-queue.js';

/** The job queue on a real database with the real clock: leases, lanes, takeovers, recurrence. */
const database = useTestDatabase();
beforeEach(async () => {
  await database.query('DELETE FROM jobs');
});

const logger = pino({ level: 'silent' });
const queue = (options: Partial<JobQueueOptions> = {}) =>
  new JobQueue({ database, clock: systemClock, logger }, { pollIntervalMs: 20, ...options });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Handler = (payload: { key: string }, ctx: JobContext) => Promise<JobOutcome>;
/** A job kind of these tests: its payload carries its key. */
const testJob = (
  kind: string,
  handle: Handler = async () => ({ result: 'done' }),
  lane: JobLane = 'default',
) =>
  defineJob({
    kind,
    payload: z.object({ key: z.string() }),
    key: ({ key }) => key,
    lane,
    afterRestore: 'runs',
    handle: (payload, ctx) => handle(payload, ctx),
  });
function register(q: JobQueue, kind: string, handle: Handler, lane?: JobLane) {
  q.define(testJob(kind, handle, lane), undefined);
}
async function add(q: JobQueue, kind: string, key: string) {
  await database.transaction((tx) => q.enqueue(tx, testJob(kind), { key }));
}
async function job(key: string) {
  const [row] = await database.query<{ status: string; attempts: number; run_at: Date }>(
    'SELECT status, attempts, run_at FROM jobs WHERE key = $1',
    [key],
  );
  return row!;
}
/** A gate a handler waits on until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

describe('leases', () => {
  it('a job that runs longer than its lease keeps it: no other worker takes it over', async () => {
    // The lease is long enough that a renewal (every third of it) delayed by a busy machine still
    // lands in time; the job runs for well over two leases.
    const a = queue({ leaseMs: 1_500 });
    const b = queue({ leaseMs: 1_500 });
    let runs = 0;
    for (const q of [a, b]) {
      register(q, 'slow', async () => {
        runs += 1;
        await sleep(4_000);
        return { result: 'done' };
      });
    }
    await add(a, 'slow', 'slow-1');
    const first = a.runOnce();
    await until(async () => (await job('slow-1')).status === 'running');
    // Another process polls all the while the first one works, well past the lease.
    for (let i = 0; i < 12; i += 1) {
      expect(await b.runOnce()).toBe(0);
      await sleep(250);
    }
    await first;
    expect(runs).toBe(1);
    expect(await job('slow-1')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a worker whose job was taken over finishes, learns it, and records nothing over the new owner', async () => {
    const a = queue({ leaseMs: 90 });
    const b = queue({ leaseMs: 90 });
    const release = gate();
    let lostSeen = false;
    register(a, 'takeover', async (_payload, ctx) => {
      await release.opened;
      lostSeen = !ctx.stillMine();
      return { result: 'failed', error: 'late' };
    });
    register(b, 'takeover', async () => ({ result: 'done' }));
    await add(a, 'takeover', 'takeover-1');
    const first = a.runOnce();
    await until(async () => (await job('takeover-1')).status === 'running');
    // As if the first worker had been cut off for longer than its lease.
    await database.query(
      `UPDATE jobs SET locked_until = now() - interval '1 second', claim_token = gen_random_uuid()
       WHERE key = 'takeover-1'`,
    );
    expect(await b.runOnce()).toBe(1);
    expect((await job('takeover-1')).status).toBe('done');
    await sleep(100);
    release.open();
    await first;
    expect(lostSeen).toBe(true);
    expect((await job('takeover-1')).status).toBe('done');
  });
});

describe('a restart of the only process (the embedded database)', () => {
  it('reclaims the jobs the last process left running: they run now, not after their lease', async () => {
    const q = queue({ leaseMs: 60 * 60_000 });
    let runs = 0;
    register(q, 'left-running', async () => {
      runs += 1;
      return { result: 'done' };
    });
    await add(q, 'left-running', 'left-1');
    await add(q, 'left-running', 'left-2');
    // As a process killed mid-job leaves them: running, leased for an hour yet.
    await database.query(
      `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 hour',
         claim_token = gen_random_uuid()`,
    );
    expect(await q.runOnce()).toBe(0);
    expect(await q.reclaimLeases()).toBe(2);
    await q.drain();
    expect(runs).toBe(2);
    expect(await job('left-1')).toMatchObject({ status: 'done' });
    // Nothing left to reclaim: a job done or pending is never touched.
    expect(await q.reclaimLeases()).toBe(0);
  });
});

describe('several jobs at once', () => {
  it('runs bookings in their own lane: captures and cancels never wait behind a hanging booking', async () => {
    const q = queue({ concurrency: 2, bookingConcurrency: 2 });
    const courier = gate();
    let bookingsRunning = 0;
    let mostBookings = 0;
    const settled: string[] = [];
    register(
      q,
      'book',
      async () => {
        bookingsRunning += 1;
        mostBookings = Math.max(mostBookings, bookingsRunning);
        await courier.opened;
        bookingsRunning -= 1;
        return { result: 'done' };
      },
      'booking',
    );
    register(q, 'capture', async (payload) => {
      settled.push(String(payload.key));
      return { result: 'done' };
    });
    for (let i = 0; i < 4; i += 1) await add(q, 'book', `book-${i}`);
    for (let i = 0; i < 3; i += 1) await add(q, 'capture', `capture-${i}`);
    q.start();
    try {
      // Every capture is done while the courier still hangs, and two bookings run at once.
      await until(() => settled.length === 3);
      expect(bookingsRunning).toBe(2);
      expect(q.inFlight.booking).toBe(2);
      courier.open();
      await until(async () => {
        const rows = await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`,
        );
        return rows[0]!.n === 7;
      });
      expect(mostBookings).toBe(2);
    } finally {
      await q.stop();
    }
  });
});

describe('emails in their own lane', () => {
  it('a hanging mail server holds neither captures nor more than the mail slots', async () => {
    const q = queue({ concurrency: 1, mailConcurrency: 2 });
    const smtp = gate();
    const settled: string[] = [];
    register(
      q,
      'send-mail',
      async () => {
        await smtp.opened;
        return { result: 'done' };
      },
      'mail',
    );
    register(q, 'capture', async (payload) => {
      settled.push(String(payload.key));
      return { result: 'done' };
    });
    for (let i = 0; i < 5; i += 1) await add(q, 'send-mail', `mail-${i}`);
    for (let i = 0; i < 3; i += 1) await add(q, 'capture', `capture-${i}`);
    q.start();
    try {
      // Every capture is done while the mail server still hangs, and two emails wait on it.
      await until(() => settled.length === 3 && q.inFlight.default === 0);
      expect(q.inFlight).toEqual({ booking: 0, mail: 2, default: 0 });
      smtp.open();
      await until(async () => (await job('mail-4')).status === 'done');
    } finally {
      smtp.open();
      await q.stop();
    }
  });

  it('aborts ctx.signal of a job still running when the stop grace has passed', async () => {
    const q = queue();
    const reasons: string[] = [];
    register(
      q,
      'send-mail',
      async (_payload, ctx) => {
        await new Promise<void>((resolve) =>
          ctx.signal.addEventListener('abort', () => {
            reasons.push(String((ctx.signal.reason as Error).message));
            resolve();
          }),
        );
        return { result: 'retry', delayMs: 0, error: 'aborted' };
      },
      'mail',
    );
    await add(q, 'send-mail', 'mail-stopped');
    q.start();
    await until(() => q.inFlight.mail === 1);
    await q.stop({ graceMs: 50 });
    expect(reasons).toEqual(['job queue stopping']);
    expect(await job('mail-stopped')).toMatchObject({ status: 'pending' });
  });
});

describe('recurring jobs', () => {
  it('a job that answers `again` is due again later, counted from zero, and scheduling it twice keeps one row', async () => {
    const q = queue();
    let runs = 0;
    const tick = defineJob({
      kind: 'tick',
      payload: z.object({}),
      key: () => 'tick',
      lane: 'default',
      afterRestore: 'runs',
      handle: async () => {
        runs += 1;
        return { result: 'again', delayMs: 60_000 };
      },
    });
    q.define(tick, undefined);
    await q.schedule(tick);
    await q.schedule(tick);
    await q.drain();
    expect(runs).toBe(1);
    const row = await job('tick');
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(new Date(row.run_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: a second round runs nothing; a new start does not make it due early either.
    await q.schedule(tick);
    expect(await q.runOnce()).toBe(0);
    const rows = await database.query(`SELECT id FROM jobs WHERE key = 'tick'`);
    expect(rows).toHaveLength(1);
  });
});

describe('retries', () => {
  it('tells the handler which attempt is its last, and fails the job after it', async () => {
    const q = queue({ maxAttempts: 3, retryBaseMs: 1 });
    const seen: [number, boolean][] = [];
    register(q, 'flaky', async (_payload, ctx) => {
      seen.push([ctx.attempts, ctx.lastAttempt]);
      throw new Error('still down');
    });
    await add(q, 'flaky', 'flaky');
    await until(async () => {
      await q.runOnce();
      await q.drain();
      return (await job('flaky')).status === 'failed';
    });
    expect(seen).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});

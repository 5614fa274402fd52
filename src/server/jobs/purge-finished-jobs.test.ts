// On PostgreSQL too: deletes rows of the job table other workers claim from side by side.
import { describe, expect, it } from 'vitest';
import { useTestApp, runRecurringJobNow } from '#tests/support/test-app.js';
import { purgeFinishedJobsJob } from './purge-finished-jobs.job.js';

const t = useTestApp();

const DAY = 86_400_000;

async function addJob(key: string, status: 'done' | 'failed' | 'pending', finishedDaysAgo: number) {
  const at = new Date(t.clock.now().getTime() - finishedDaysAgo * DAY);
  await t.database.query(
    `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
     VALUES (gen_random_uuid(), 'send-mail', $1, '{}', $2, 1, $4, $3, $3)`,
    // A pending one is due next year, so draining the queue does not run it.
    [key, status, at, status === 'pending' ? new Date(at.getTime() + 400 * DAY) : at],
  );
}

describe('purge-finished-jobs', () => {
  it('deletes finished jobs older than the retention, keeps newer ones, failed and pending ones', async () => {
    await addJob('purge-test:old-done', 'done', 31);
    await addJob('purge-test:new-done', 'done', 29);
    await addJob('purge-test:old-failed', 'failed', 400);
    await addJob('purge-test:old-pending', 'pending', 40);
    await runRecurringJobNow(t, purgeFinishedJobsJob);
    const rows = await t.database.query<{ key: string }>(
      `SELECT key FROM jobs WHERE key LIKE 'purge-test:%' ORDER BY key`,
    );
    expect(rows.map((r) => r.key)).toEqual([
      'purge-test:new-done',
      'purge-test:old-failed',
      'purge-test:old-pending',
    ]);
  });

  it('deletes in batches until none is left', async () => {
    for (let i = 0; i < 5; i++) await addJob(`purge-batch:${i}`, 'done', 60);
    expect(
      await t.app.services.jobs.purgeFinished(new Date(t.clock.now().getTime() - 30 * DAY), 2),
    ).toBe(2);
    expect(
      await t.app.services.jobs.purgeFinished(new Date(t.clock.now().getTime() - 30 * DAY), 10),
    ).toBe(3);
    const [left] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE key LIKE 'purge-batch:%'`,
    );
    expect(left!.n).toBe(0);
  });
});

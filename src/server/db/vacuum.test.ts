// On PostgreSQL too: the server's own autovacuum is left alone.
/**
 * The embedded database's VACUUM and ANALYZE (decision 067): the recurring job makes the space of
 * deleted rows usable again and gives the planner statistics, on PGlite only; a PostgreSQL
 * server's autovacuum does both there.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, expectDueAgainIn, runRecurringJobNow } from '#tests/support/test-app.js';
import { recurringJobs } from '../background.js';
import { vacuumEmbeddedDatabaseJob } from '../jobs/vacuum-embedded-database.job.js';
import { VACUUM_EMBEDDED_DATABASE_JOB, vacuumEmbeddedDatabase } from './vacuum.js';

const onPglite = process.env.TEST_DATABASE_KIND !== 'postgres';
const t = useTestApp();

const runVacuumJob = () => runRecurringJobNow(t, vacuumEmbeddedDatabaseJob);

const ROWS = 3000;
async function addRateLimitRows(prefix: string) {
  await t.database.query(
    `INSERT INTO rate_limits (key, window_start, attempts)
     SELECT $1 || g, now(), 1 FROM generate_series(1, $2::int) g`,
    [prefix, ROWS],
  );
}
async function rateLimitsBytes(): Promise<number> {
  const [row] = await t.database.query<{ bytes: number | string }>(
    `SELECT pg_relation_size('rate_limits') AS bytes`,
  );
  return Number(row!.bytes);
}

describe.skipIf(!onPglite)('on the embedded database', () => {
  it('is one of the recurring jobs, due again ten minutes after each round', async () => {
    expect(recurringJobs(t.app.services)).toContain(vacuumEmbeddedDatabaseJob);
    expect(vacuumEmbeddedDatabaseJob.kind).toBe(VACUUM_EMBEDDED_DATABASE_JOB);
    expect(vacuumEmbeddedDatabaseJob.key({})).toBe(VACUUM_EMBEDDED_DATABASE_JOB);
    await runVacuumJob();
    await expectDueAgainIn(t, VACUUM_EMBEDDED_DATABASE_JOB, 10 * 60_000);
  });

  it('a round makes the space of deleted rows usable again and takes the statistics', async () => {
    await runVacuumJob();
    await addRateLimitRows('first:');
    const filled = await rateLimitsBytes();
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'first:%'`);

    await runVacuumJob();
    await addRateLimitRows('second:');
    // The second rows took the first ones' place: without the VACUUM the table doubles.
    expect(await rateLimitsBytes()).toBeLessThanOrEqual(filled);

    await runVacuumJob();
    const [stats] = await t.database.query<{ rows: number }>(
      `SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'rate_limits'`,
    );
    expect(stats!.rows).toBeGreaterThanOrEqual(ROWS);
    const [columns] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'rate_limits'`,
    );
    expect(columns!.n).toBeGreaterThan(0);
  });

  it('vacuums every table that holds rows and stops between tables when asked', async () => {
    const [expected] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables
       WHERE schemaname = 'public' AND pg_relation_size(format('%I.%I', schemaname, tablename)) > 0`,
    );
    const all = await vacuumEmbeddedDatabase(t.database.query);
    expect(all.map((table) => table.table)).toContain('countries');
    expect(all).toHaveLength(expected!.n);

    let asked = 0;
    const stopped = await vacuumEmbeddedDatabase(t.database.query, { stopped: () => ++asked > 2 });
    expect(stopped).toHaveLength(2);
  });

  it('leaves an empty table unknown to the planner, which then still finds rows by index', async () => {
    // Recorded as empty, a table's plans made before it fills read it whole (decision 067).
    const reltuples = async () => {
      const [row] = await t.database.query<{ n: number }>(
        `SELECT reltuples::int AS n FROM pg_class WHERE relname = 'order_notes'`,
      );
      return row!.n;
    };
    expect(await reltuples()).toBe(-1);
    await runVacuumJob();
    expect(await reltuples()).toBe(-1);
  });
});

describe.skipIf(onPglite)('on a PostgreSQL server', () => {
  it('is not scheduled: the server’s autovacuum does the work', () => {
    expect(recurringJobs(t.app.services).map((job) => job.kind)).not.toContain(
      VACUUM_EMBEDDED_DATABASE_JOB,
    );
  });
});

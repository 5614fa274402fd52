// On PostgreSQL too: connections cut under the pool, which only a server has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.js';
import { isConnectionLost } from './client.js';

/**
 * A database connection can be cut at any moment (a failover, an administrator, a restart of
 * the server). The process lives on and the pool opens a new one; a plain read is asked again
 * once, read-only; anything else that was using the connection fails (decision 059). Only a
 * Postgres server has connections to lose.
 */
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

describe.runIf(onPostgres)('a lost connection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('fails that transaction only; the next queries and transactions succeed', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUnhandled);
    try {
      const attempt = database.transaction(async (tx) => {
        const [me] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Another connection ends this one between two statements of the transaction.
        await database.query('SELECT pg_terminate_backend($1)', [me!.pid]);
        // Let the socket's close reach the client before the next statement.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await tx.query('SELECT 1');
      });
      await expect(attempt).rejects.toThrow();

      for (let i = 0; i < 12; i++) {
        const rows = await database.transaction((tx) => tx.query<{ n: number }>('SELECT 1 AS n'));
        expect(rows).toEqual([{ n: 1 }]);
      }
      expect(await database.query<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUnhandled);
    }
  });

  it('the same through a Drizzle transaction', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUnhandled);
    try {
      const attempt = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await database.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise<void>((resolve) => setImmediate(resolve));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(attempt).rejects.toThrow();
      for (let i = 0; i < 12; i++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
        });
      }
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUnhandled);
    }
  });

  it('an idle pooled connection that is cut is replaced without an error', async () => {
    await database.query('SELECT 1');
    await database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    for (let i = 0; i < 12; i++) {
      expect(await database.query<{ n: number }>('SELECT 3 AS n')).toEqual([{ n: 3 }]);
    }
  });

  it('a plain read whose connection is cut is asked again once, read-only, on a new connection', async () => {
    // The read ends its own connection when it runs outside a read-only transaction, so only
    // the second try, which is read-only, answers.
    const cutOnce = `SELECT CASE WHEN current_setting('transaction_read_only') = 'off'
      THEN pg_terminate_backend(pg_backend_pid()) ELSE true END AS answered`;
    expect(await database.query<{ answered: boolean }>(cutOnce)).toEqual([{ answered: true }]);

    // The same through Drizzle, which the repositories use.
    const { rows } = (await database.db.execute(sql.raw(cutOnce))) as unknown as {
      rows: { answered: boolean }[];
    };
    expect(rows).toEqual([{ answered: true }]);

    // A read cut on every try fails after its second one, with the connection's error.
    await expect(
      database.query('SELECT pg_terminate_backend(pg_backend_pid())'),
    ).rejects.toMatchObject({ code: '57P01' });
    expect(await database.query<{ n: number }>('SELECT 4 AS n')).toEqual([{ n: 4 }]);
  });

  it('a statement that writes is never sent again when its connection is cut', async () => {
    await database.query('CREATE SEQUENCE IF NOT EXISTS cut_write');
    const write = `DO $$ BEGIN PERFORM nextval('cut_write');
      PERFORM pg_terminate_backend(pg_backend_pid()); END $$`;
    await expect(database.query(write)).rejects.toMatchObject({ code: '57P01' });
    await expect(database.db.execute(sql.raw(write))).rejects.toThrow();
    // Each attempt ran exactly once: two calls, two numbers taken.
    expect(
      await database.query<{ last_value: string }>('SELECT last_value FROM cut_write'),
    ).toEqual([{ last_value: '2' }]);

    // A SELECT that writes looks like a read: its second try is read-only and refuses to write.
    await database.query('CREATE SEQUENCE IF NOT EXISTS cut_select_write');
    await expect(
      database.query(`SELECT nextval('cut_select_write'), pg_terminate_backend(pg_backend_pid())`),
    ).rejects.toMatchObject({ code: '25006' });
    expect(
      await database.query<{ last_value: string }>('SELECT last_value FROM cut_select_write'),
    ).toEqual([{ last_value: '1' }]);
  });
});

describe.runIf(onPostgres)('a retryable transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query('CREATE TABLE retry_probe (attempt int NOT NULL)');
  });
  afterAll(() => database.dispose());

  /** Ends the connection of the transaction `tx` from another connection. */
  async function cutUnder(tx: Parameters<Parameters<TestDatabase['retryable']>[0]>[0]) {
    const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
      rows: { pid: number }[];
    };
    await database.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  it('survives one killed connection before COMMIT: run again, its writes land once', async () => {
    let attempts = 0;
    const result = await database.retryable(async (tx) => {
      attempts++;
      await tx.execute(sql`INSERT INTO retry_probe (attempt) VALUES (${attempts})`);
      if (attempts === 1) await cutUnder(tx);
      await tx.execute(sql`SELECT 1`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    // The first try's insert went with its connection; the second's committed.
    expect(await database.query('SELECT attempt FROM retry_probe ORDER BY attempt')).toEqual([
      { attempt: 2 },
    ]);
  });

  it('gives up after three tries, and never retries an error that is not a lost connection', async () => {
    let attempts = 0;
    await expect(
      database.retryable(async (tx) => {
        attempts++;
        await cutUnder(tx);
        await tx.execute(sql`SELECT 1`);
      }),
    ).rejects.toSatisfy(isConnectionLost);
    expect(attempts).toBe(3);

    let failures = 0;
    await expect(
      database.retryable(async (tx) => {
        failures++;
        await tx.execute(sql`SELECT 1/0`);
      }),
    ).rejects.toThrow();
    expect(failures).toBe(1);
  });
});

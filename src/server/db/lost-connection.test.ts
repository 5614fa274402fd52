import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.js';

/**
 * A database connection can be cut at any moment (a failover, an administrator, a restart of
 * the server). The requests using it fail; the process lives on and the pool opens a new one.
 * Only a Postgres server has connections to lose.
 */
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';

describe.runIf(onPostgres)('a connection lost in the middle of a transaction', () => {
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
});

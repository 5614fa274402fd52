// On PostgreSQL too: lock and statement timeouts, which only a server has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.js';
import { call } from '#tests/support/call.js';
import { newOrder } from '#tests/support/factories/orders.js';
import { getOrder } from '../../domain/api/orders.js';
import { DATABASE_BUSY_MESSAGE } from '../http/errors.js';
import {
  BoundedGate,
  DatabaseWaitError,
  isWaitBoundHit,
  sqlStateOf,
  statementName,
} from './wait-bounds.js';

/**
 * Nothing waits on the database forever (docs/operations.md, "Bounded waits"): a statement
 * that waits for a lock, a transaction left idle and (on PostgreSQL) a statement that runs too
 * long each end with an error a request turns into 503 with Retry-After.
 */
const onPostgres = process.env.TEST_DATABASE_KIND === 'postgres';
const BOUNDS = { statementMs: 400, lockMs: 300, idleInTransactionMs: 300 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a lock on `orders` (on PGlite: the one connection) until `release` is called. */
function holdOrders(database: TestDatabase) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = database.transaction(
    async (tx) => {
      await tx.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      locked();
      await released;
    },
    { lockMs: 0, idleInTransactionMs: 0 },
  );
  return { isLocked, release: () => (release(), holder) };
}

describe('the gate in front of the embedded database', () => {
  it('serves callers in turn and sends away one that waited past its bound, unrun', async () => {
    const gate = new BoundedGate();
    const order: string[] = [];
    let open!: () => void;
    const first = gate.run(1_000, async () => {
      order.push('first');
      await new Promise<void>((resolve) => (open = resolve));
    });
    let ranLate = false;
    const late = gate.run(50, async () => {
      ranLate = true;
    });
    const second = gate.run(1_000, async () => {
      order.push('second');
    });
    await expect(late).rejects.toMatchObject({ code: '55P03' });
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(ranLate).toBe(false);
    await gate.run(10, async () => order.push('third'));
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('names a statement by its verb and table, never its values', () => {
    expect(statementName('update "orders" set "status" = $1 where "orders"."id" = $2')).toBe(
      'update orders',
    );
    expect(statementName(`select "id" from "orders" where email = 'a@b.c'`)).toBe(
      'select from orders',
    );
    expect(statementName('insert into "jobs" ("kind") values ($1)')).toBe('insert into jobs');
    expect(isWaitBoundHit({ message: 'Failed query', cause: { code: '55P03' } })).toBe(true);
    expect(isWaitBoundHit({ code: '23505' })).toBe(false);
    expect(sqlStateOf(new DatabaseWaitError('25P03', 'idle'))).toBe('25P03');
  });
});

describe('bounded waits on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ timeouts: BOUNDS });
  });
  afterAll(() => database.dispose());

  it('a statement waiting for a lock past the bound fails with 55P03 within the bound', async () => {
    const hold = holdOrders(database);
    await hold.isLocked;
    const started = Date.now();
    const waiting = database.query('SELECT count(*) FROM orders');
    await expect(waiting).rejects.toSatisfy(isWaitBoundHit);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(BOUNDS.lockMs - 20);
    expect(waited).toBeLessThan(BOUNDS.lockMs + 2_000);
    await hold.release();
    // The holder finished; the database answers again at once.
    expect(await database.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('the same through Drizzle (its error wraps the driver’s)', async () => {
    const hold = holdOrders(database);
    await hold.isLocked;
    const waiting = database.db.query.orders.findFirst();
    await expect(waiting).rejects.toSatisfy(isWaitBoundHit);
    await hold.release();
  });

  it('a transaction idle past its bound is rolled back; nothing of it stays', async () => {
    const attempt = database.transaction(async (tx) => {
      await tx.query(`CREATE TABLE idle_probe (n int)`);
      await sleep(BOUNDS.idleInTransactionMs + 300);
      await tx.query('SELECT 1');
    });
    await expect(attempt).rejects.toThrow();
    const probe = await database.query<{ t: string | null }>(
      `SELECT to_regclass('idle_probe')::text AS t`,
    );
    expect(probe).toEqual([{ t: null }]);
  });

  it.runIf(onPostgres)('a statement running past its bound is cancelled (57014)', async () => {
    const started = Date.now();
    await expect(database.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a transaction may lift the lock bound for itself (the migrations do)', async () => {
    const hold = holdOrders(database);
    await hold.isLocked;
    const patient = database.transaction(
      (tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE false'),
      { statementMs: 0, lockMs: 0 },
    );
    await sleep(BOUNDS.lockMs + 200);
    await hold.release();
    expect(await patient).toEqual([{ n: 0 }]);
  });
});

describe('a request that hits a bound', () => {
  let database: TestDatabase;
  // Registered before the app's: hooks after the tests run in reverse, so the app closes first.
  afterAll(() => database.dispose());
  const t = useTestApp(async () => {
    database = await createTestDatabase({ timeouts: BOUNDS });
    return { database };
  });

  it('answers 503 with Retry-After and a sentence within the bound, then works again', async () => {
    const { id } = await newOrder(t.app);

    const hold = holdOrders(database);
    await hold.isLocked;
    const started = Date.now();
    const res = await call(t.app, getOrder, { params: { id } });
    const waited = Date.now() - started;
    await hold.release();

    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: { code: 'DATABASE_BUSY', message: DATABASE_BUSY_MESSAGE },
    });
    expect(waited).toBeLessThan(BOUNDS.lockMs + 2_000);

    const again = await call(t.app, getOrder, { params: { id } });
    expect(again.statusCode).toBe(200);
  });
});

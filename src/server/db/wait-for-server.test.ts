// On PostgreSQL too: the wait at start belongs to a PostgreSQL site (a refused connection read through the real driver).
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { DatabaseUnreachableError, waitForServer } from './wait-for-server.js';

const logger = pino({ level: 'silent' });

/** A database whose first `misses` queries fail with `error`. */
function flakyDatabase(misses: number, error: object): Database & { tries: number } {
  const database = {
    kind: 'postgres',
    tries: 0,
    query: async () => {
      database.tries += 1;
      if (database.tries <= misses) throw Object.assign(new Error('not yet'), error);
      return [{ '?column?': 1 }];
    },
  };
  return database as never;
}

/** A clock that only moves when the wait sleeps. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('waiting for PostgreSQL at start', () => {
  it('tries again after 0.5, 1, 2, 4, then every 5 s until the server answers', async () => {
    const database = flakyDatabase(6, { code: 'ECONNREFUSED' });
    const time = fakeTime();
    await waitForServer(database, { seconds: 60, logger, ...time });
    expect(database.tries).toBe(7);
    expect(time.slept).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('waits while the server says it is starting up (57P03)', async () => {
    const database = flakyDatabase(2, { code: '57P03' });
    await waitForServer(database, { seconds: 60, logger, ...fakeTime() });
    expect(database.tries).toBe(3);
  });

  it('gives up after the bound with one sentence', async () => {
    const database = flakyDatabase(1_000, { code: 'ECONNREFUSED' });
    const time = fakeTime();
    const failure = waitForServer(database, { seconds: 10, logger, ...time });
    await expect(failure).rejects.toThrow(DatabaseUnreachableError);
    await expect(failure).rejects.toThrow(
      'PostgreSQL did not answer within 10 s (ECONNREFUSED, 5 tries). Check DATABASE_URL and that the server is running.',
    );
    expect(time.slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
  });

  it('does not wait on what waiting cannot mend: a wrong password fails at once', async () => {
    const database = flakyDatabase(1, { code: '28P01' });
    const time = fakeTime();
    await expect(waitForServer(database, { seconds: 60, logger, ...time })).rejects.toMatchObject({
      code: '28P01',
    });
    expect(time.slept).toEqual([]);
  });

  it('reads a real refused connection as "not up yet"', async () => {
    // Nothing listens on the discard port.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://u@127.0.0.1:9/x' });
    try {
      await expect(
        waitForServer(database, { seconds: 1, logger, sleep: async () => undefined }),
      ).rejects.toThrow(/PostgreSQL did not answer within 1 s \(ECONNREFUSED/);
    } finally {
      await database.close();
    }
  });
});

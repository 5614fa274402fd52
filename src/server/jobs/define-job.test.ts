import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.js';
import { systemClock } from '../clock.js';
import { defineJob, InvalidJobError } from './define-job.js';
import { enqueueJob, JobQueue } from './job-queue.js';

/** A job kind is one definition: the queue refuses what it could not run (docs/jobs.md). */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.query('DELETE FROM jobs');
});

const shipJob = defineJob({
  kind: 'ship-parcel',
  payload: z.object({ parcelId: z.string().min(1) }),
  lane: 'default',
  handle: async ({ parcelId }, _ctx, deps: { shipped: string[] }) => {
    deps.shipped.push(parcelId);
    return { result: 'done' };
  },
});

function queueWithShipJob() {
  const queue = new JobQueue({ database, clock: systemClock, logger: pino({ level: 'silent' }) });
  const shipped: string[] = [];
  queue.define(shipJob, { shipped });
  return { queue, shipped };
}

async function jobRows() {
  return database.query<{ kind: string; status: string; last_error: string | null }>(
    'SELECT kind, status, last_error FROM jobs ORDER BY created_at',
  );
}

describe('job definitions', () => {
  it('a defined job runs with its payload parsed', async () => {
    const { queue, shipped } = queueWithShipJob();
    await database.transaction((tx) =>
      queue.enqueue(tx, { kind: 'ship-parcel', key: 'ship:1', payload: { parcelId: 'p-1' } }),
    );
    await queue.drain();
    expect(shipped).toEqual(['p-1']);
    expect(await jobRows()).toMatchObject([{ kind: 'ship-parcel', status: 'done' }]);
  });

  it('refuses to add a job of a kind it does not handle, naming the kind, and writes nothing', async () => {
    const { queue } = queueWithShipJob();
    const adding = database.transaction((tx) =>
      queue.enqueue(tx, { kind: 'ship-parcels', key: 'ship:2', payload: { parcelId: 'p-2' } }),
    );
    await expect(adding).rejects.toBeInstanceOf(InvalidJobError);
    await expect(adding).rejects.toThrow('Job "ship-parcels" refused: no such job kind');
    await expect(queue.schedule({ kind: 'tidy-up', key: 'tidy-up' })).rejects.toThrow(
      'Job "tidy-up" refused: no such job kind',
    );
    expect(await jobRows()).toEqual([]);
  });

  it('refuses to add a job whose payload does not parse, saying what is wrong', async () => {
    const { queue } = queueWithShipJob();
    await expect(
      database.transaction((tx) =>
        queue.enqueue(tx, { kind: 'ship-parcel', key: 'ship:3', payload: { parcel: 'p-3' } }),
      ),
    ).rejects.toThrow(/^Job "ship-parcel" refused: parcelId: /);
    await expect(
      queue.schedule({ kind: 'ship-parcel', key: 'ship:4', payload: { parcelId: '' } }),
    ).rejects.toThrow(/^Job "ship-parcel" refused: parcelId: /);
    expect(await jobRows()).toEqual([]);
  });

  it('fails, visibly and without running it, a stored job whose payload does not parse', async () => {
    const { queue, shipped } = queueWithShipJob();
    // Written past the queue's checks (by hand, or before the schema changed).
    await enqueueJob(
      database,
      { kind: 'ship-parcel', key: 'ship:5', payload: { parcelId: 5 } },
      systemClock.now(),
    );
    await queue.drain();
    expect(shipped).toEqual([]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.last_error).toMatch(/^Stored payload does not parse: parcelId: /);
  });
});

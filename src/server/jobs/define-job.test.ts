import { pino } from 'pino';
import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { systemClock } from '../clock.js';
import { defineJob, InvalidJobError } from './define-job.js';
import { JobQueue } from './job-queue.js';

/** A job kind is one definition: the queue refuses what it could not run (docs/jobs.md). */
const database = useTestDatabase();
beforeEach(async () => {
  await database.query('DELETE FROM jobs');
});

const shipJob = defineJob({
  kind: 'ship-parcel',
  payload: z.object({ parcelId: z.string().min(1) }),
  key: ({ parcelId }) => `ship:${parcelId}`,
  lane: 'default',
  afterRestore: 'runs',
  handle: async ({ parcelId }, _ctx, deps: { shipped: string[] }) => {
    deps.shipped.push(parcelId);
    return { result: 'done' };
  },
});

/** Defined, but registered on no queue of these tests. */
const shipParcelsJob = defineJob({
  ...shipJob,
  kind: 'ship-parcels',
});
const tidyUpJob = defineJob({
  kind: 'tidy-up',
  payload: z.object({}),
  key: () => 'tidy-up',
  lane: 'default',
  afterRestore: 'runs',
  handle: async () => ({ result: 'again', delayMs: 60_000 }),
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
    await database.transaction((tx) => queue.enqueue(tx, shipJob, { parcelId: 'p-1' }));
    await queue.drain();
    expect(shipped).toEqual(['p-1']);
    expect(await jobRows()).toMatchObject([{ kind: 'ship-parcel', status: 'done' }]);
  });

  it('refuses to add a job of a kind it does not handle, naming the kind, and writes nothing', async () => {
    const { queue } = queueWithShipJob();
    const adding = database.transaction((tx) =>
      queue.enqueue(tx, shipParcelsJob, { parcelId: 'p-2' }),
    );
    await expect(adding).rejects.toBeInstanceOf(InvalidJobError);
    await expect(adding).rejects.toThrow('Job "ship-parcels" refused: no such job kind');
    await expect(queue.schedule(tidyUpJob)).rejects.toThrow(
      'Job "tidy-up" refused: no such job kind',
    );
    expect(await jobRows()).toEqual([]);
  });

  it('refuses to add a job whose payload does not parse, saying what is wrong', async () => {
    const { queue } = queueWithShipJob();
    await expect(
      database.transaction((tx) =>
        // A payload of another shape fails `tsc` (job-registry.test-d.ts); one built from
        // untyped data is refused here.
        // @ts-expect-error `parcel` is not `parcelId`
        queue.enqueue(tx, shipJob, { parcel: 'p-3' }),
      ),
    ).rejects.toThrow(/^Job "ship-parcel" refused: parcelId: /);
    await expect(queue.schedule(shipJob, { parcelId: '' })).rejects.toThrow(
      /^Job "ship-parcel" refused: parcelId: /,
    );
    expect(await jobRows()).toEqual([]);
  });

  it('fails, visibly and without running it, a stored job whose payload does not parse', async () => {
    const { queue, shipped } = queueWithShipJob();
    // Written past the queue's checks (by hand, or before the schema changed).
    await database.query(
      `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
       VALUES (gen_random_uuid(), 'ship-parcel', 'ship:5', '{"parcelId": 5}', 'pending', 0,
         now(), now(), now())`,
    );
    await queue.drain();
    expect(shipped).toEqual([]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.last_error).toMatch(/^Stored payload does not parse: parcelId: /);
  });
});

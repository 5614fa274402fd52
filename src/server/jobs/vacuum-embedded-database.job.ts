import { z } from 'zod';
import type { Database } from '../db/client.js';
import {
  EMBEDDED_VACUUM_INTERVAL_MS,
  VACUUM_EMBEDDED_DATABASE_JOB,
  vacuumEmbeddedDatabase,
} from '../db/vacuum.js';
import { defineJob } from './define-job.js';

/**
 * Recurring, on the embedded database only (it has no autovacuum): VACUUM and ANALYZE
 * (decision 067).
 */
export const vacuumEmbeddedDatabaseJob = defineJob({
  kind: VACUUM_EMBEDDED_DATABASE_JOB,
  payload: z.object({}),
  key: () => VACUUM_EMBEDDED_DATABASE_JOB,
  lane: 'default',
  afterRestore: 'runs',
  handle: async (_payload, ctx, deps: { database: Database }) => {
    const started = performance.now();
    const tables = await vacuumEmbeddedDatabase(deps.database.query, {
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    ctx.log.info(
      {
        ms: Math.round(performance.now() - started),
        tables: tables.length,
        analyzed: tables.filter((table) => table.analyzed).map((table) => table.table),
        slowest: [...tables].sort((a, b) => b.ms - a.ms)[0],
      },
      'embedded database vacuumed',
    );
    return { result: 'again', delayMs: EMBEDDED_VACUUM_INTERVAL_MS };
  },
});

import type { Database } from '../db/client.js';
import {
  EMBEDDED_VACUUM_INTERVAL_MS,
  VACUUM_EMBEDDED_DATABASE_JOB,
  vacuumEmbeddedDatabase,
} from '../db/vacuum.js';
import { defineRecurringJob, jobStopped } from './define-job.js';

/**
 * Recurring, on the embedded database only (it has no autovacuum): VACUUM and ANALYZE
 * (decision 067).
 */
export const vacuumEmbeddedDatabaseJob = defineRecurringJob({
  kind: VACUUM_EMBEDDED_DATABASE_JOB,
  afterRestore: 'runs',
  handle: async (ctx, deps: { database: Database }) => {
    const started = performance.now();
    const tables = await vacuumEmbeddedDatabase(deps.database.query, {
      stopped: jobStopped(ctx),
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

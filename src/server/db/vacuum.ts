import type { RawQuery } from './client.js';

/**
 * The embedded database's stand-in for autovacuum (docs/decisions/067-vacuum-the-embedded-database.md).
 * PGlite is PostgreSQL without its background processes: nothing removes the dead row versions
 * that updates and deletes leave, and nothing refreshes the planner's statistics. A PostgreSQL
 * server's own autovacuum does both, so this job runs on the embedded database only.
 */
export const VACUUM_EMBEDDED_DATABASE_JOB = 'vacuum-embedded-database';
/** How often the job runs. */
export const EMBEDDED_VACUUM_INTERVAL_MS = 10 * 60_000;

/**
 * ANALYZE a table once this many rows have changed since its statistics were taken, plus this
 * share of its rows: autovacuum's own defaults (autovacuum_analyze_threshold, _scale_factor).
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

export interface VacuumedTable {
  table: string;
  analyzed: boolean;
  ms: number;
}

/**
 * VACUUMs every table of the site that holds any rows, one statement per table so `stopped()` is
 * heard between them, and ANALYZEs in the same statement the tables whose rows changed enough
 * since their last statistics. A VACUUM with nothing to do reads only the pages written since the
 * last one (the visibility map), so every such table is vacuumed every round: the count of dead
 * rows is not kept across a restart of the embedded database, the rows themselves are.
 *
 * An empty table is left alone. Until a table is first vacuumed or analyzed, the planner assumes
 * it holds at least ten pages and finds rows by their indexes. A VACUUM of an empty table
 * records it as empty; the plans made then (some kept for the connection's life) read the whole
 * table, and went on doing so as Get Quotes filled it: a fresh embedded database answered 1,400
 * quotes a second instead of 5,000 (decision 067).
 */
export async function vacuumEmbeddedDatabase(
  query: RawQuery,
  options: { stopped?: () => boolean } = {},
): Promise<VacuumedTable[]> {
  // The counts of changed rows wait in this connection until it has been idle for a while, which
  // a busy site may never be: handed over now, so the statement below reads all of them.
  await query('SELECT pg_stat_force_next_flush()');
  const tables = await query<{ table: string; rows: number; changed: number | string }>(
    `SELECT c.relname AS table, c.reltuples::float8 AS rows,
            COALESCE(s.n_mod_since_analyze, 0) AS changed
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0
     ORDER BY c.relname`,
  );
  const done: VacuumedTable[] = [];
  for (const { table, rows, changed } of tables) {
    if (options.stopped?.()) break;
    // reltuples is -1 until a table's first VACUUM or ANALYZE.
    const analyze = Number(changed) > ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * Math.max(rows, 0);
    const started = performance.now();
    const name = `"${table.replaceAll('"', '""')}"`;
    await query(analyze ? `VACUUM (ANALYZE) ${name}` : `VACUUM ${name}`);
    done.push({ table, analyzed: analyze, ms: Math.round(performance.now() - started) });
  }
  return done;
}

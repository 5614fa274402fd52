import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * `GET /dev/row-counts`: the number of rows in each of the site's tables (`{ tables: { name: n },
 * total }`), so a benchmark can show that a phase wrote nothing (`npm run bench:quote` checks the
 * quote phase with it). Exact counts, one query per table: for a development database, not a
 * large one. Loopback clients only, with the other development tools.
 */
export function devRowCounts(database: Database) {
  return async function register(app: FastifyInstance) {
    app.get('/dev/row-counts', async (_request, reply) => {
      const names = await database.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      const tables: Record<string, number> = {};
      for (const { name } of names) {
        // The names come from the catalogue itself; quoted as identifiers all the same.
        const [row] = await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}"`,
        );
        tables[name] = row?.n ?? 0;
      }
      const total = Object.values(tables).reduce((sum, n) => sum + n, 0);
      return reply.header('cache-control', 'no-store').send({ tables, total });
    });
  };
}

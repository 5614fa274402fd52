import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { pendingMigrations } from '../../db/migrate.js';
import { errorBody } from '../../http/errors.js';

export function healthRoutes(database: Database) {
  return async function register(app: FastifyInstance) {
    /** Liveness: the process answers. */
    app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

    /** Readiness: the database answers and every migration of this build is applied. */
    app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
      try {
        await database.query('SELECT 1');
        const pending = await pendingMigrations(database);
        if (pending.length > 0) {
          return reply
            .status(503)
            .send(errorBody('NOT_READY', `Database migrations pending: ${pending.join(', ')}`));
        }
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send(errorBody('NOT_READY', 'The database is not reachable.'));
      }
    });
  };
}

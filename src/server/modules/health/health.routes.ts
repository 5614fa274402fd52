import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { errorBody } from '../../http/errors.js';
import { Readiness, type ReadinessOptions } from './readiness.js';

export function healthRoutes(database: Database, options: ReadinessOptions = {}) {
  const readiness = new Readiness(database, options);
  return async function register(app: FastifyInstance) {
    /** Liveness: the process answers. */
    app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

    /**
     * Readiness: the database answers, every migration of this build is applied, and the
     * embedded database's folder can be written (readiness.ts).
     */
    app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
      const answer = await readiness.check();
      if (answer.ready) return { status: 'ready' };
      request.log.warn({ reason: answer.reason }, 'not ready');
      return reply.status(503).send(errorBody('NOT_READY', answer.reason));
    });
  };
}

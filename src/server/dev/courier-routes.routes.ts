import type { FastifyInstance } from 'fastify';
import type { CourierRoutesService } from '../modules/courier-routes/index.js';

/**
 * `GET /dev/courier-routes`: how many routes of the matrix have a fresh answer
 * (`{ routes, warm }`), to see when the warm-up is done.
 *
 * `POST /dev/courier-routes/forget`: forgets every cached courier route answer, so the next
 * quote of each route asks the courier (the recurring matrix refresh fills it again on its next
 * round, within a minute).
 * For the person at this machine trying the courier simulator's switches, and the browser tests
 * that do; registered with the other development pages only, for loopback clients (the `loopback`
 * access rule) and refused from another site's page like every state-changing request.
 */
export function devCourierRoutes(routes: CourierRoutesService) {
  return async function register(app: FastifyInstance) {
    app.get('/dev/courier-routes', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await routes.matrixStatus()),
    );

    app.post('/dev/courier-routes/forget', async (_request, reply) => {
      const forgotten = await routes.forgetAll();
      return reply.header('cache-control', 'no-store').send({ forgotten });
    });
  };
}

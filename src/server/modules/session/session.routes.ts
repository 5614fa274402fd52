import type { FastifyInstance } from 'fastify';

/**
 * Who is signed in. Accounts come with their own issue; until then every visitor is a guest,
 * which is exactly what the web app needs to leave its loading screen.
 */
export async function sessionRoutes(app: FastifyInstance) {
  app.get('/session', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ user: null }),
  );
}

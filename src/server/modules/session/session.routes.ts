import type { FastifyInstance } from 'fastify';
import { getSession } from '../../../domain/api/session.js';
import { addRoute, NO_STORE } from '../../http/route.js';

/**
 * Who is signed in. Accounts come with their own change; until then every visitor is a guest,
 * which is exactly what the web app needs to leave its loading screen.
 */
export async function sessionRoutes(app: FastifyInstance) {
  addRoute(app, getSession, async () => ({ user: null }), NO_STORE);
}

import type { FastifyInstance } from 'fastify';
import { createContactMessage } from '#src/domain/api/contact.js';
import { addRoute, NO_STORE } from '../../http/route.js';
import type { ContactService } from './contact.service.js';

export function contactRoutes(contact: ContactService) {
  return async function register(app: FastifyInstance) {
    /** Stores a "Contact us" message; 422 with a message per field when the input is not valid. */
    addRoute(app, createContactMessage, async ({ body }) => contact.receive(body), {
      ...NO_STORE,
      rateLimit: 'contact',
    });
  };
}

import type { FastifyInstance } from 'fastify';
import { ContactMessageInputSchema } from '../../../domain/contact.js';
import { parseInput } from '../../http/errors.js';
import type { ContactService } from './contact.service.js';

export function contactRoutes(contact: ContactService) {
  return async function register(app: FastifyInstance) {
    /** Stores a "Contact us" message; 422 with a message per field when the input is not valid. */
    app.post('/contact-messages', async (request, reply) => {
      const input = parseInput(ContactMessageInputSchema, request.body);
      const receipt = await contact.receive(input);
      return reply.status(201).header('cache-control', 'no-store').send(receipt);
    });
  };
}

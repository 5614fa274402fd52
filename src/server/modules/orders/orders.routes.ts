import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SelectServiceInputSchema } from '../../../domain/order.js';
import { ApiError, parseInput } from '../../http/errors.js';
import type { OrdersService } from './orders.service.js';

const OrderIdSchema = z.object({ id: z.uuid() });

function orderId(params: unknown): string {
  const parsed = OrderIdSchema.safeParse(params);
  if (!parsed.success) {
    throw new ApiError(
      404,
      'ORDER_NOT_FOUND',
      'We could not find that order. Please start again with a new quote.',
    );
  }
  return parsed.data.id;
}

export function ordersRoutes(orders: OrdersService) {
  return async function register(app: FastifyInstance) {
    app.get('/orders/:id', async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await orders.get(orderId(request.params))),
    );

    /** Choose Express or Economy; the price is the server's own. */
    app.put('/orders/:id/service', async (request, reply) => {
      const id = orderId(request.params);
      const input = parseInput(SelectServiceInputSchema, request.body);
      return reply
        .header('cache-control', 'no-store')
        .send(await orders.selectService(id, input.service));
    });
  };
}

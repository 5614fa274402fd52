import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AddressInputSchema } from '../../../domain/address.js';
import { ItemInputSchema } from '../../../domain/items.js';
import { SelectServiceInputSchema } from '../../../domain/order.js';
import { ApiError, parseInput } from '../../http/errors.js';
import type { DeclarationService } from './declaration.service.js';
import { ORDER_NOT_FOUND_MESSAGE, type OrdersService } from './orders.service.js';

const OrderParams = z.object({ id: z.uuid() });
const AddressParams = OrderParams.extend({ role: z.enum(['collection', 'delivery']) });
const ParcelParams = OrderParams.extend({ parcelKey: z.string().regex(/^(small|large)-[1-5]$/) });
const ItemParams = ParcelParams.extend({ itemId: z.uuid() });
const CollectionDateInput = z.object({ date: z.string().default('') });

/** Path parameters that do not parse name nothing that exists: 404, never a 500. */
function params<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return parsed.data;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function ordersRoutes(orders: OrdersService, declaration: DeclarationService) {
  return async function register(app: FastifyInstance) {
    app.get('/orders/:id', async (request, reply) =>
      noStore(reply).send(await orders.get(params(OrderParams, request.params).id)),
    );

    /** Choose Express or Economy; the price is the server's own. */
    app.put('/orders/:id/service', async (request, reply) => {
      const { id } = params(OrderParams, request.params);
      const input = parseInput(SelectServiceInputSchema, request.body);
      return noStore(reply).send(await orders.selectService(id, input.service));
    });

    /** Wizard steps 1 and 2. */
    app.put('/orders/:id/addresses/:role', async (request, reply) => {
      const { id, role } = params(AddressParams, request.params);
      const input = parseInput(AddressInputSchema, request.body);
      return noStore(reply).send(await orders.saveAddress(id, role, input));
    });

    /** Wizard step 3: the dates that can be chosen, and the choice. */
    app.get('/orders/:id/collection-dates', async (request, reply) =>
      noStore(reply).send(await orders.collectionDates(params(OrderParams, request.params).id)),
    );
    app.put('/orders/:id/collection-date', async (request, reply) => {
      const { id } = params(OrderParams, request.params);
      const input = parseInput(CollectionDateInput, request.body);
      return noStore(reply).send(await orders.setCollectionDate(id, input.date));
    });

    /** Declare Items. */
    app.post('/orders/:id/parcels/:parcelKey/items', async (request, reply) => {
      const { id, parcelKey } = params(ParcelParams, request.params);
      const input = parseInput(ItemInputSchema, request.body);
      return noStore(reply)
        .status(201)
        .send(await declaration.addItem(id, parcelKey, input));
    });
    app.delete('/orders/:id/parcels/:parcelKey/items/:itemId', async (request, reply) => {
      const { id, parcelKey, itemId } = params(ItemParams, request.params);
      return noStore(reply).send(await declaration.deleteItem(id, parcelKey, itemId));
    });
    app.get('/orders/:id/declaration', async (request, reply) =>
      noStore(reply).send({
        warnings: await declaration.warnings(params(OrderParams, request.params).id),
      }),
    );
    app.post('/orders/:id/declaration', async (request, reply) =>
      noStore(reply).send(await declaration.confirm(params(OrderParams, request.params).id)),
    );
  };
}

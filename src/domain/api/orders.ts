import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';
import { z } from '../zod.js';
import { ORDER_NOT_FOUND, OrderViewSchema, SelectServiceInputSchema } from '../order.js';
import { QuoteRequestSchema } from '../quote.js';
import { apiError, defineRoute } from './define-route.js';

/** The path parameters of every route under `/api/v1/orders/:id`. */
export const OrderParams = z.object({ id: z.uuid() });

/** What the routes that change an order answer. */
export const UpdatedOrder = OrderViewSchema.describe('The updated order');

export const createQuote = defineRoute({
  method: 'POST',
  path: '/api/v1/quotes',
  access: 'public',
  tag: 'Quotes and orders',
  summary: 'Get quotes and create a draft order',
  description:
    'Prices come from our rate tables for the total weight (20 kg per small box, 30 kg per large box). A service is offered only when the courier runs it on the route and the rate table has a price. Any price sent by the client is ignored. The reply’s `Location` is the order’s URL.',
  body: QuoteRequestSchema,
  responses: {
    201: OrderViewSchema.describe('The draft order with its offered services'),
    422: apiError('Invalid input (VALIDATION_FAILED) or no service on the route (NO_QUOTES)'),
    503: apiError('The courier cannot confirm the route right now (COURIER_UNAVAILABLE)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const getOrder = defineRoute({
  method: 'GET',
  path: '/api/v1/orders/:id',
  access: 'order',
  tag: 'Quotes and orders',
  summary: 'Read an order',
  params: OrderParams,
  responses: {
    200: OrderViewSchema.describe('The order'),
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
  notFound: ORDER_NOT_FOUND,
});

export const selectService = defineRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/service',
  access: 'order',
  tag: 'Quotes and orders',
  summary: 'Choose Express or Economy',
  description: 'The price stored is the server’s own, from the current rate table.',
  params: OrderParams,
  body: SelectServiceInputSchema,
  responses: {
    200: UpdatedOrder,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: apiError(
      'The order can no longer be changed (ORDER_LOCKED), or the service is not offered for it (SERVICE_UNAVAILABLE)',
    ),
    422: apiError('Unknown service (VALIDATION_FAILED)'),
  },
  notFound: ORDER_NOT_FOUND,
});

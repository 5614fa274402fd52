import { z } from 'zod';
import { ApiErrorBodySchema } from '../../../domain/api-error.js';
import { OrderViewSchema, SelectServiceInputSchema } from '../../../domain/order.js';
import { QuoteRequestShape } from '../../../domain/quote.js';

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});

const error = (description: string) => ({ description, content: json(ApiErrorBodySchema) });

/**
 * The public API contract, generated from the same zod schemas the server validates with and the
 * web app uses, so it cannot drift from the code.
 */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'BoxAbroad API',
      version: '1.0.0',
      description:
        'Instant prices for sending 1–5 boxes abroad from the UK, and the orders they create. Money is in integer pence (GBP). Every error has the shape { error: { code, message, fields? } }.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/v1/quotes': {
        post: {
          summary: 'Get quotes and create a draft order',
          description:
            'Prices come from our rate tables for the total weight (20 kg per small box, 30 kg per large box). A service is offered only when the courier runs it on the route and the rate table has a price. Any price sent by the client is ignored.',
          requestBody: { required: true, content: json(QuoteRequestShape) },
          responses: {
            201: {
              description: 'The draft order with its offered services',
              content: json(OrderViewSchema),
            },
            422: error('Invalid input (VALIDATION_FAILED) or no service on the route (NO_QUOTES)'),
            503: error('The courier cannot confirm the route right now (COURIER_UNAVAILABLE)'),
          },
        },
      },
      '/api/v1/orders/{id}': {
        get: {
          summary: 'Read an order',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          responses: {
            200: { description: 'The order', content: json(OrderViewSchema) },
            404: error('No such order (ORDER_NOT_FOUND)'),
          },
        },
      },
      '/api/v1/orders/{id}/service': {
        put: {
          summary: 'Choose Express or Economy',
          description: 'The price stored is the server’s own, from the current rate table.',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          requestBody: { required: true, content: json(SelectServiceInputSchema) },
          responses: {
            200: { description: 'The updated order', content: json(OrderViewSchema) },
            404: error('No such order (ORDER_NOT_FOUND)'),
            409: error('The order can no longer be changed (ORDER_LOCKED)'),
            422: error('Unknown service, or not offered for this order (SERVICE_NOT_OFFERED)'),
          },
        },
      },
      '/api/v1/rates': {
        get: {
          summary: 'Both public rate tables, with each destination’s from-price',
          responses: { 200: { description: 'Rate tables in pence by destination and weight' } },
        },
      },
      '/api/v1/countries': {
        get: {
          summary: 'Collection regions and destinations, in display order',
          responses: { 200: { description: 'Country options with their courier CountryIDs' } },
        },
      },
    },
  };
}

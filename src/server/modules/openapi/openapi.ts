import { z } from 'zod';
import { ApiErrorBodySchema } from '../../../domain/api-error.js';
import { AddressInputSchema } from '../../../domain/address.js';
import { ItemInputSchema } from '../../../domain/items.js';
import { OrderViewSchema, SelectServiceInputSchema } from '../../../domain/order.js';
import { QuoteRequestShape } from '../../../domain/quote.js';

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});

const error = (description: string) => ({ description, content: json(ApiErrorBodySchema) });

const orderIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};
const parcelKeyParameter = {
  name: 'parcelKey',
  in: 'path',
  required: true,
  description: 'One parcel per box: large-1 … large-5, small-1 … small-5',
  schema: { type: 'string', pattern: '^(small|large)-[1-5]$' },
};

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
      '/api/v1/orders/{id}/addresses/{role}': {
        put: {
          summary: 'Save the collection or delivery address (booking steps 1 and 2)',
          description:
            'Country and post code come from the order. The collection phone must be a UK (+44) number; the delivery phone one of the destination. Any missing required field answers "Required field is missing." with a message per field.',
          parameters: [
            orderIdParameter,
            {
              name: 'role',
              in: 'path',
              required: true,
              schema: { enum: ['collection', 'delivery'] },
            },
          ],
          requestBody: { required: true, content: json(AddressInputSchema) },
          responses: {
            200: { description: 'The updated order', content: json(OrderViewSchema) },
            404: error('No such order (ORDER_NOT_FOUND)'),
            409: error('The order has been paid for (ORDER_LOCKED)'),
            422: error('Invalid address (VALIDATION_FAILED)'),
          },
        },
      },
      '/api/v1/orders/{id}/collection-dates': {
        get: {
          summary: 'The dates the collection can be booked for',
          description:
            'From the next working day to the fifth, in Europe/London; weekends and the bank holidays of the collection address’s part of the UK are listed but not selectable.',
          parameters: [orderIdParameter],
          responses: { 200: { description: 'The collection window' }, 404: error('No such order') },
        },
      },
      '/api/v1/orders/{id}/collection-date': {
        put: {
          summary: 'Choose the collection date (booking step 3)',
          parameters: [orderIdParameter],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { date: { type: 'string', format: 'date' } },
                },
              },
            },
          },
          responses: {
            200: { description: 'The updated order', content: json(OrderViewSchema) },
            409: error(
              'No service chosen yet (SERVICE_NOT_SELECTED), or it no longer runs (SERVICE_UNAVAILABLE)',
            ),
            422: error(
              'A date outside the window, a weekend or a bank holiday (VALIDATION_FAILED)',
            ),
          },
        },
      },
      '/api/v1/orders/{id}/parcels/{parcelKey}/items': {
        post: {
          summary: 'Declare an item in a parcel',
          description:
            'The name is looked up in the courier’s commodity list; the item is stored with the code padded to 8 characters, the lookup’s description and origin GB.',
          parameters: [orderIdParameter, parcelKeyParameter],
          requestBody: { required: true, content: json(ItemInputSchema) },
          responses: {
            201: { description: 'The updated order', content: json(OrderViewSchema) },
            422: error('Invalid item (VALIDATION_FAILED) or not found (COMMODITY_NOT_FOUND)'),
            503: error('The courier could not be asked (COMMODITY_LOOKUP_UNAVAILABLE)'),
          },
        },
      },
      '/api/v1/orders/{id}/parcels/{parcelKey}/items/{itemId}': {
        delete: {
          summary: 'Remove a declared item',
          parameters: [
            orderIdParameter,
            parcelKeyParameter,
            {
              name: 'itemId',
              in: 'path',
              required: true,
              schema: { type: 'string', format: 'uuid' },
            },
          ],
          responses: {
            200: { description: 'The updated order', content: json(OrderViewSchema) },
            404: error('No such item (ITEM_NOT_FOUND)'),
          },
        },
      },
      '/api/v1/orders/{id}/declaration': {
        get: {
          summary: 'Warnings about restricted items in the declaration',
          parameters: [orderIdParameter],
          responses: { 200: { description: '{ warnings: [...] }' } },
        },
        post: {
          summary: 'Continue: check the whole declaration before payment',
          parameters: [orderIdParameter],
          responses: {
            200: { description: '{ order, warnings }' },
            422: error(
              'An empty parcel, a parcel over its weight, more than 2 devices in a box, or over £5,000 (DECLARATION_INVALID)',
            ),
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

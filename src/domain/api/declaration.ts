import { ItemInputSchema } from '../items.js';
import { ORDER_NOT_FOUND, OrderViewSchema } from '../order.js';
import { z } from '../zod.js';
import { apiError, defineRoute } from './define-route.js';
import { OrderParams, UpdatedOrder } from './orders.js';

/** Declare Items: what is in each box, and the check before payment. */

const ParcelParams = OrderParams.extend({
  parcelKey: z
    .string()
    .regex(/^(small|large)-[1-5]$/)
    .describe('One parcel per box: large-1 … large-5, small-1 … small-5'),
});

/** Items the courier may refuse: shown before payment, never blocking. */
export const DeclarationWarningsSchema = z.array(
  z.object({ parcelKey: z.string(), itemId: z.string(), message: z.string() }),
);

export const addItem = defineRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/parcels/:parcelKey/items',
  tag: 'Declared items',
  summary: 'Declare an item in a parcel',
  description:
    'The name is looked up in the courier’s commodity list; the item is stored with the code padded to 8 characters, the lookup’s description and origin GB.',
  params: ParcelParams,
  body: ItemInputSchema,
  responses: {
    201: UpdatedOrder,
    404: apiError('No such order (ORDER_NOT_FOUND) or parcel (PARCEL_NOT_FOUND)'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: apiError('Invalid item (VALIDATION_FAILED) or not found (COMMODITY_NOT_FOUND)'),
    503: apiError('The courier could not be asked (COMMODITY_LOOKUP_UNAVAILABLE)'),
  },
  notFound: ORDER_NOT_FOUND,
});

export const deleteItem = defineRoute({
  method: 'DELETE',
  path: '/api/v1/orders/:id/parcels/:parcelKey/items/:itemId',
  tag: 'Declared items',
  summary: 'Remove a declared item',
  params: ParcelParams.extend({ itemId: z.uuid() }),
  responses: {
    200: UpdatedOrder,
    404: apiError('No such order (ORDER_NOT_FOUND) or item (ITEM_NOT_FOUND)'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
  },
  notFound: ORDER_NOT_FOUND,
});

export const getDeclarationWarnings = defineRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/declaration',
  tag: 'Declared items',
  summary: 'Warnings about restricted items in the declaration',
  params: OrderParams,
  responses: {
    200: z.object({ warnings: DeclarationWarningsSchema }).describe('The current warnings'),
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
  notFound: ORDER_NOT_FOUND,
});

export const confirmDeclaration = defineRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/declaration',
  tag: 'Declared items',
  summary: 'Continue: check the whole declaration before payment',
  params: OrderParams,
  responses: {
    200: z
      .object({ order: OrderViewSchema, warnings: DeclarationWarningsSchema })
      .describe('The order, ready for payment, and any warnings'),
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: apiError(
      'An empty parcel, a parcel over its weight, more than 2 devices in a box, or over £5,000 (DECLARATION_INVALID)',
    ),
  },
  notFound: ORDER_NOT_FOUND,
});

import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';
import { AcceptTermsInputSchema } from '../checkout.js';
import { AddItemInputSchema } from '../items.js';
import { OrderViewSchema } from '../order.js';
import { z } from '../zod.js';
import { apiError, defineRoute } from './define-route.js';
import { OrderParams, orderRoute, UpdatedOrder } from './orders.js';

/** Declare Items: what is in each box, and the check before payment. */

const ParcelParams = OrderParams.extend({
  parcelKey: z
    .string()
    .regex(/^(small|large)-[1-5]$/)
    .describe('One parcel per box: large-1 … large-5, small-1 … small-5'),
});

/** The limits declared items are under (jewellery, devices…): shown before payment. */
export const DeclarationWarningsSchema = z.array(
  z.object({ parcelKey: z.string(), itemId: z.string(), message: z.string() }),
);

export const CommodityMatchSchema = z.object({
  /** Padded with zeros to 8 characters. */
  commodityCode: z.string(),
  commodityDescription: z.string(),
});

export const lookupCommodities = defineRoute({
  method: 'GET',
  path: '/api/v1/commodities',
  access: 'public',
  tag: 'Declared items',
  summary: 'The courier’s commodity matches for an item’s name, for the customer to pick one',
  description:
    'Up to 5 matches, best first. Nothing is stored: the item is added with the code picked.',
  query: z.object({
    name: z.string().trim().min(2, 'Enter what the item is, like "wool jumper"').max(100),
  }),
  responses: {
    200: z.object({ matches: z.array(CommodityMatchSchema) }).describe('The matches'),
    422: apiError('Invalid name (VALIDATION_FAILED) or nothing found (COMMODITY_NOT_FOUND)'),
    503: apiError('The courier could not be asked (COMMODITY_LOOKUP_UNAVAILABLE)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const addItem = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/parcels/:parcelKey/items',
  tag: 'Declared items',
  summary: 'Declare an item in a parcel',
  description:
    'The code is one of the lookup’s matches for the name, picked by the customer; the item is stored with the code padded to 8 characters, the match’s description and origin GB. Prohibited goods, goods over a limit and items that take the parcel over its weight are refused (ITEM_NOT_ALLOWED), naming the category or the excess.',
  params: ParcelParams,
  body: AddItemInputSchema,
  responses: {
    201: UpdatedOrder,
    404: apiError('No such order (ORDER_NOT_FOUND) or parcel (PARCEL_NOT_FOUND)'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: apiError(
      'Invalid item (VALIDATION_FAILED), not found (COMMODITY_NOT_FOUND), a code that is not a match for the name (COMMODITY_NOT_MATCHED), or not allowed (ITEM_NOT_ALLOWED)',
    ),
    503: apiError('The courier could not be asked (COMMODITY_LOOKUP_UNAVAILABLE)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const deleteItem = orderRoute({
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
});

export const getDeclarationWarnings = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/declaration',
  tag: 'Declared items',
  summary: 'The limits the declared items are under',
  responses: {
    200: z.object({ warnings: DeclarationWarningsSchema }).describe('The current warnings'),
  },
});

export const acceptTerms = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/terms-acceptance',
  tag: 'Declared items',
  summary: 'The payment step’s tick: the Terms accepted and nothing prohibited inside',
  description:
    'Recorded for the declaration as it is now; changing the items afterwards needs a new tick. An authorisation for an order without a current acceptance is cancelled (TERMS_NOT_ACCEPTED).',
  body: AcceptTermsInputSchema,
  responses: {
    200: UpdatedOrder,
    409: apiError(
      'The order has been paid for (ORDER_LOCKED) or its items are not declared (ORDER_INCOMPLETE)',
    ),
    422: apiError('The box was not ticked (VALIDATION_FAILED)'),
  },
});

export const confirmDeclaration = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/declaration',
  tag: 'Declared items',
  summary: 'Continue: check the whole declaration before payment',
  responses: {
    200: z
      .object({ order: OrderViewSchema, warnings: DeclarationWarningsSchema })
      .describe('The order, ready for payment, and any warnings'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: apiError(
      'An empty parcel, a parcel over its weight, prohibited goods, goods over a limit, or over £5,000 (DECLARATION_INVALID)',
    ),
  },
});

export const PersonalEffectsInputSchema = z.object({
  /** The boxes hold the recipient's own used belongings (moving home). */
  personalEffects: z.boolean({ message: 'Say whether these are your own used belongings' }),
});
export type PersonalEffectsInput = z.input<typeof PersonalEffectsInputSchema>;

export const setPersonalEffects = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/personal-effects',
  tag: 'Declared items',
  summary: 'The declaration’s switch: these are the recipient’s own used belongings',
  description:
    'When on, the booking declares the goods to customs as personal effects (the reason for export and the goods description say so), the import charges estimate assumes the destination’s relief, and the confirmation email lists the documents the destination asks for. A change clears the declaration’s check (Continue again). Only while the order may be changed.',
  body: PersonalEffectsInputSchema,
  responses: {
    200: UpdatedOrder,
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
  },
});

import { z } from '../zod.js';
import { ItemFieldsSchema } from '../order.js';
import { apiError, defineRoute } from './define-route.js';
import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';

/** Saved items: declared items an account keeps to reuse in later declarations. */

const SIGNED_OUT = apiError('Not signed in (SIGNED_OUT)');

/** At most this many saved items per account. */
export const SAVED_ITEMS_MAX = 100;

export const SAVED_ITEM_NOT_FOUND = {
  code: 'SAVED_ITEM_NOT_FOUND',
  message: 'We could not find that saved item.',
} as const;

/** A declared item's fields, as the order had them when the item was saved. */
export const SavedItemSchema = z.object({
  id: z.string(),
  ...ItemFieldsSchema.shape,
  createdAt: z.string(),
});
export type SavedItem = z.infer<typeof SavedItemSchema>;

const SavedItems = z
  .object({ items: z.array(SavedItemSchema) })
  .describe('The account’s saved items, newest first');

export const listSavedItems = defineRoute({
  method: 'GET',
  path: '/api/v1/account/saved-items',
  access: 'account',
  tag: 'Accounts',
  summary: 'The signed-in customer’s saved items',
  responses: { 200: SavedItems, 401: SIGNED_OUT },
});

export const saveItem = defineRoute({
  method: 'POST',
  path: '/api/v1/account/saved-items',
  access: 'account',
  tag: 'Accounts',
  summary: 'Save a declared item for later',
  description:
    'Copies a declared item of an order the caller may open into the account’s saved items (the same item is saved once). Reusing it later adds it like any item: the prohibited-goods check and the parcel’s weight limit apply then.',
  body: z.object({ orderId: z.uuid(), itemId: z.uuid() }),
  responses: {
    201: z.object({ item: SavedItemSchema, items: z.array(SavedItemSchema) }).describe('Saved'),
    401: SIGNED_OUT,
    404: apiError('No such order or item for this caller (ITEM_NOT_FOUND)'),
    409: apiError(`Already ${SAVED_ITEMS_MAX} saved items (SAVED_ITEMS_FULL)`),
    422: apiError('Not an order and item id (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const deleteSavedItem = defineRoute({
  method: 'DELETE',
  path: '/api/v1/account/saved-items/:savedItemId',
  access: 'account',
  tag: 'Accounts',
  summary: 'Delete a saved item',
  params: z.object({ savedItemId: z.uuid() }),
  responses: {
    200: SavedItems,
    401: SIGNED_OUT,
    404: apiError('Not a saved item of this account (SAVED_ITEM_NOT_FOUND)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
  notFound: SAVED_ITEM_NOT_FOUND,
});

import { AddressInputSchema } from '../address.js';
import { SAVED_ADDRESSES_MAX } from '../address-book.js';
import { z } from '../zod.js';
import { apiError, defineRoute } from './define-route.js';
import { UpdatedOrder } from './orders.js';
import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';

/** The address book: collection addresses and recipients an account keeps (docs/accounts.md). */

const TAG = 'Accounts';
const SIGNED_OUT = apiError('Not signed in (SIGNED_OUT)');

export const SAVED_ADDRESS_NOT_FOUND = {
  code: 'SAVED_ADDRESS_NOT_FOUND',
  message: 'We could not find that saved address.',
} as const;

const RoleSchema = z.enum(['collection', 'delivery']);

export const SavedAddressSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  /** The customer's own name for it, e.g. "Mum"; may be empty. */
  label: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  countryTitle: z.string(),
  postcode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  /** E.164. */
  phone: z.string(),
  email: z.string(),
  instructions: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** What the address book's form sends: the booking form's fields, with the country and post code. */
export const SavedAddressInputSchema = AddressInputSchema.extend({
  role: RoleSchema,
  label: z.string().max(60, 'Use at most 60 characters').default(''),
  countryId: z.number().int(),
  postcode: z.string().max(20, 'Use at most 20 characters'),
});
export type SavedAddressInput = z.input<typeof SavedAddressInputSchema>;

const SavedAddressParams = z.object({ savedAddressId: z.uuid() });
const OneAddress = z.object({ address: SavedAddressSchema });
const Addresses = z
  .object({ addresses: z.array(SavedAddressSchema) })
  .describe('The account’s saved addresses, most recently changed first');

const NOT_SAVED = apiError('Not a saved address of this account (SAVED_ADDRESS_NOT_FOUND)');
const FULL = apiError(`Already ${SAVED_ADDRESSES_MAX} saved addresses (SAVED_ADDRESSES_FULL)`);
const INVALID = apiError(
  'The address does not pass the booking’s checks: a message per field (VALIDATION_FAILED)',
);

export const listSavedAddresses = defineRoute({
  method: 'GET',
  path: '/api/v1/account/saved-addresses',
  access: 'account',
  tag: TAG,
  summary: 'The signed-in customer’s saved addresses',
  description:
    '`role` keeps collection addresses and recipients apart; `q` keeps those whose label, name, company or town contain every word.',
  query: z.object({
    role: RoleSchema.optional(),
    q: z.string().max(100).optional(),
  }),
  responses: { 200: Addresses, 401: SIGNED_OUT, 422: apiError('Bad query (VALIDATION_FAILED)') },
});

export const getSavedAddress = defineRoute({
  method: 'GET',
  path: '/api/v1/account/saved-addresses/:savedAddressId',
  access: 'account',
  tag: TAG,
  summary: 'One saved address',
  params: SavedAddressParams,
  responses: {
    200: OneAddress,
    401: SIGNED_OUT,
    404: NOT_SAVED,
  },
  notFound: SAVED_ADDRESS_NOT_FOUND,
});

export const createSavedAddress = defineRoute({
  method: 'POST',
  path: '/api/v1/account/saved-addresses',
  access: 'account',
  tag: TAG,
  summary: 'Save an address',
  description:
    'Checked as a booking step checks it: the post code as the quote form does (a UK post code in the collection region given; a destination post code in its country’s format) and the fields as the address form does. The same address is saved once.',
  body: SavedAddressInputSchema,
  responses: {
    201: OneAddress.describe('Saved (or the same one, already saved)'),
    401: SIGNED_OUT,
    409: FULL,
    422: INVALID,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const updateSavedAddress = defineRoute({
  method: 'PUT',
  path: '/api/v1/account/saved-addresses/:savedAddressId',
  access: 'account',
  tag: TAG,
  summary: 'Change a saved address',
  params: SavedAddressParams,
  body: SavedAddressInputSchema,
  responses: {
    200: OneAddress,
    401: SIGNED_OUT,
    404: NOT_SAVED,
    409: apiError('Another saved address is the same (SAVED_ADDRESS_DUPLICATE)'),
    422: INVALID,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
  notFound: SAVED_ADDRESS_NOT_FOUND,
});

export const deleteSavedAddress = defineRoute({
  method: 'DELETE',
  path: '/api/v1/account/saved-addresses/:savedAddressId',
  access: 'account',
  tag: TAG,
  summary: 'Delete a saved address',
  params: SavedAddressParams,
  responses: {
    200: Addresses,
    401: SIGNED_OUT,
    404: NOT_SAVED,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
  notFound: SAVED_ADDRESS_NOT_FOUND,
});

export const saveOrderAddresses = defineRoute({
  method: 'POST',
  path: '/api/v1/account/saved-addresses/from-order',
  access: 'account',
  tag: TAG,
  summary: 'Save an order’s addresses',
  description:
    'Copies the collection and/or delivery address of an order the caller may open into the address book; an address already saved is not saved twice.',
  body: z.object({
    orderId: z.uuid(),
    roles: z.array(RoleSchema).min(1).max(2),
  }),
  responses: {
    201: Addresses.describe('The addresses saved (or found already saved), in the order asked'),
    401: SIGNED_OUT,
    404: apiError('No such order, or not that address yet, for this caller (ORDER_NOT_FOUND)'),
    409: FULL,
    422: INVALID,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const useSavedAddress = defineRoute({
  method: 'POST',
  path: '/api/v1/account/saved-addresses/:savedAddressId/uses',
  access: 'account',
  tag: TAG,
  summary: 'Use a saved address on a booking',
  description:
    'Sets a saved address as the collection (or delivery) address of an order the caller may open, through the same checks as typing it on the booking step; its post code must be the order’s (a UK address in another collection region says so as the quote form would).',
  params: SavedAddressParams,
  body: z.object({ orderId: z.uuid() }),
  responses: {
    200: UpdatedOrder,
    401: SIGNED_OUT,
    404: apiError('No such saved address or order for this caller (SAVED_ADDRESS_NOT_FOUND)'),
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: INVALID,
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
  notFound: SAVED_ADDRESS_NOT_FOUND,
});

export const BookingContactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164, from the latest saved collection address or order; null when there is none. */
  phone: z.string().nullable(),
});
export type BookingContact = z.infer<typeof BookingContactSchema>;

export const getBookingContact = defineRoute({
  method: 'GET',
  path: '/api/v1/account/booking-contact',
  access: 'account',
  tag: TAG,
  summary: 'The name, email and phone a booking’s collection step starts with',
  responses: { 200: BookingContactSchema, 401: SIGNED_OUT },
});

import { AddressInputSchema } from '../address.js';
import { z } from '../zod.js';
import { apiError } from './define-route.js';
import { OrderParams, orderRoute, UpdatedOrder } from './orders.js';

/** The booking wizard: addresses (steps 1 and 2) and the collection date (step 3). */

export const saveAddress = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/addresses/:role',
  tag: 'Booking',
  summary: 'Save the collection or delivery address (booking steps 1 and 2)',
  description:
    'Country and post code come from the order. Company and the second address line (street2) are optional everywhere; the area (state) is required where the country writes it on every address (US, Canada, Australia, Spain, Italy) and optional elsewhere (the UK, France, Belgium…). The collection phone must be a UK (+44) number; the delivery phone one of the destination. Any missing required field answers "Required field is missing." with a message per field.',
  params: OrderParams.extend({ role: z.enum(['collection', 'delivery']) }),
  body: AddressInputSchema,
  responses: {
    200: UpdatedOrder,
    409: apiError('The order has been paid for (ORDER_LOCKED)'),
    422: apiError('Invalid address (VALIDATION_FAILED)'),
  },
});

export const CollectionDatesSchema = z.object({
  /** Today in Europe/London, yyyy-mm-dd. */
  today: z.string(),
  earliest: z.string(),
  latest: z.string(),
  /** The part of the UK whose bank holidays apply. */
  region: z.enum(['england-and-wales', 'scotland', 'northern-ireland']),
  /** Every day from earliest to latest; weekends and bank holidays cannot be chosen. */
  days: z.array(
    z.object({
      date: z.string(),
      selectable: z.boolean(),
      reason: z.enum(['weekend', 'holiday']).optional(),
      holidayName: z.string().optional(),
    }),
  ),
});
export type CollectionDates = z.infer<typeof CollectionDatesSchema>;

export const getCollectionDates = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/collection-dates',
  tag: 'Booking',
  summary: 'The dates the collection can be booked for',
  description:
    'From the next working day to the fifth, in Europe/London; weekends and the bank holidays of the collection address’s part of the UK are listed but not selectable.',
  responses: {
    200: CollectionDatesSchema.describe('The collection window'),
  },
});

export const setCollectionDate = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/collection-date',
  tag: 'Booking',
  summary: 'Choose the collection date (booking step 3)',
  body: z.object({ date: z.string().default('').describe('yyyy-mm-dd') }),
  responses: {
    200: UpdatedOrder,
    409: apiError(
      'No service chosen yet (SERVICE_NOT_SELECTED), it no longer runs (SERVICE_UNAVAILABLE), or the order has been paid for (ORDER_LOCKED)',
    ),
    422: apiError('A date outside the window, a weekend or a bank holiday (VALIDATION_FAILED)'),
  },
});

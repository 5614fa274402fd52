import { AddressLookupResultSchema, ADDRESS_LOOKUP_MESSAGES } from '../address-lookup.js';
import { z } from '../zod.js';
import { apiError } from './define-route.js';
import { orderRoute } from './orders.js';
import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';

/** The booking form's "Find address" (step 1, the collection address). */
export const findAddresses = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/address-lookup',
  tag: 'Booking',
  summary: 'Find the collection addresses at a post code',
  description:
    'The addresses at a UK post code, from the address provider (an offline sandbox outside production), for the customer to choose one and fill the collection address with it. The post code must be the one the order was quoted for, checked as a saved address is (another region answers as the quote form does). Answers are kept for 15 minutes per post code; the provider is asked at most ADDRESS_LOOKUP_DAILY_CAP times a day. No addresses found is an empty list.',
  query: z.object({
    postcode: z
      .string()
      .trim()
      .min(1, ADDRESS_LOOKUP_MESSAGES.postcodeRequired)
      .max(16, ADDRESS_LOOKUP_MESSAGES.postcodeTooLong),
  }),
  responses: {
    200: AddressLookupResultSchema.describe('The addresses at the post code'),
    422: apiError(
      'Not a UK post code, or not the one the order was quoted for (VALIDATION_FAILED, on postcode)',
    ),
    429: TOO_MANY_ATTEMPTS_REPLY,
    503: apiError(
      'The address provider did not answer in time or refused (ADDRESS_LOOKUP_UNAVAILABLE), or the day’s lookups are used up (ADDRESS_LOOKUP_CAPPED)',
    ),
  },
});

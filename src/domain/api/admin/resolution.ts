import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';
import { AdminOrderDetailSchema } from './orders.js';

/** Resolving an order whose booking outcome was unknown (`needs_attention`). */

export const COURIER_REFERENCE_MESSAGE =
  'Enter the courier’s reference for this booking, as shown on their side';

export const ResolveOrderInputSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('booked'),
    courierReference: z
      .string({ message: COURIER_REFERENCE_MESSAGE })
      .trim()
      .min(3, COURIER_REFERENCE_MESSAGE)
      .max(100, COURIER_REFERENCE_MESSAGE),
  }),
  z.object({ outcome: z.literal('not_booked') }),
]);

export const resolveAdminOrder = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/resolution',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Resolve an order whose booking outcome was unknown',
  description:
    '`booked`: the operator found the booking at the courier; its reference is stored, the payment captured and the customer emailed. `not_booked`: the card authorisation is cancelled and the customer emailed; they may book again.',
  ...ONE_ORDER,
  body: ResolveOrderInputSchema,
  responses: {
    200: AdminOrderDetailSchema.describe('The order after the change'),
    ...ORDER_ERRORS,
    409: apiError('The order is not waiting for a check any more (ORDER_NOT_WAITING)'),
    422: apiError('No outcome, or no courier reference for a booking (VALIDATION_FAILED)'),
  },
});

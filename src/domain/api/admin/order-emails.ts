import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';

/** Emails an operator sends the customer of an order: the confirmation again, "try again". */

export const ORDER_NOT_BOOKED_MESSAGE =
  'Only a booked order has a confirmation email to send again.';

export const resendAdminConfirmation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/confirmation-email',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Send a booked order’s confirmation email again',
  description:
    'Queues a new copy of the booking confirmation (labels attached) to the collection contact through the outbox. Booked orders only, checked under the order’s row lock.',
  ...ONE_ORDER,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string() })
      .describe('The queued email and its recipient'),
    ...ORDER_ERRORS,
    409: apiError(
      'The order is not booked (ORDER_NOT_BOOKED), or was marked booked without the courier’s labels (NO_CONFIRMATION_EMAIL)',
    ),
  },
});

/** How long the link in "Ask the customer to try again" works (once): mail is read late. */
export const PAY_AGAIN_LINK_DAYS = 7;

export const askAdminOrderPayAgain = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/pay-again-request',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Ask the customer of an order whose booking failed to try again',
  description:
    'For a `booking_failed` order (its card hold already released, so booking again needs a new payment): emails the collection contact, through the outbox, that the booking did not go through and they were not charged, with a single-use link (' +
    `${PAY_AGAIN_LINK_DAYS} days` +
    ') that gives their browser the order back to pay again. Checked under the order’s row lock; audited as `order.ask_to_pay_again`. Each request sends one email.',
  ...ONE_ORDER,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string(), linkExpiresAt: z.string() })
      .describe('The queued email, its recipient and when its link stops working'),
    ...ORDER_ERRORS,
    409: apiError(
      'The order’s booking has not failed (ORDER_NOT_BOOKING_FAILED), or it has no email (NO_CUSTOMER_EMAIL)',
    ),
  },
});

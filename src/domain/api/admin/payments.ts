import { z } from '../../zod.js';
import { REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE } from '../../refunds.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';
import { AdminOrderDetailSchema } from './orders.js';

/**
 * An order's money: cancelling its card authorisation before the booking, refunds, and what an
 * operator does with a refund that needs action.
 */

export const cancelAdminOrderAuthorisation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/authorisation-cancellation',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Cancel an order before it is booked and release the card authorisation',
  description:
    'For an `authorised` order (paid for, booking not started): the order becomes `booking_failed` (`CANCELLED_BY_OPERATOR`), the authorisation is released through the payment provider (the cancel job) and the customer is emailed that they were not charged.',
  ...ONE_ORDER,
  responses: {
    200: AdminOrderDetailSchema.describe('The order after the change'),
    ...ORDER_ERRORS,
    409: apiError('The order is not waiting to be booked (ORDER_NOT_CANCELLABLE)'),
  },
});

export const RefundInputSchema = z.object({
  /** In pounds, as typed: "12.50". At most what is left to refund. */
  amount: z.string().max(20),
  /**
   * Made once per confirmation dialog: the same key sent twice (a double click, a retried
   * request) refunds once.
   */
  requestKey: z.uuid({ message: 'The request key must be a UUID' }),
});
export type RefundInput = z.infer<typeof RefundInputSchema>;

export const refundAdminOrder = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refunds',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Refund a captured payment, in full or in part',
  description:
    'The refund is recorded as `pending` with the request, then the payment provider is asked (the refund job, retried through provider failures with one idempotency key per refund); when it confirms, the refund `succeeded`, the payment is `refunded` once nothing is left, and the customer is emailed. Other refunds of the payment still open never block it: what may already have gone (pending, needing action, succeeded, refunded outside) counts against what is left.',
  ...ONE_ORDER,
  body: RefundInputSchema,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...ORDER_ERRORS,
    409: apiError('Nothing captured to refund (NOT_REFUNDABLE)'),
    422: apiError(
      'An amount that is not positive, has more than 2 decimals or is more than is left (VALIDATION_FAILED; field amount)',
    ),
  },
});

const REFUND_NOT_FOUND_ADMIN = { code: 'REFUND_NOT_FOUND', message: 'There is no such refund.' };
const RefundParams = z.object({ id: z.uuid(), refundId: z.uuid() });

export const retryAdminRefund = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refunds/:refundId/retry',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Send a refund that needs action, or that the provider refused, to the provider again',
  description:
    'Re-checked under the order’s and the payment’s row locks: a `needs_action` or `failed` refund becomes `pending` and its job runs again (a new job), with the refund’s own idempotency key at the provider, so a refund that did go through is never made twice.',
  params: RefundParams,
  notFound: REFUND_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...ADMIN_ERRORS,
    404: apiError('No such order or refund (ORDER_NOT_FOUND, REFUND_NOT_FOUND)'),
    409: apiError(
      'The refund is pending or settled (REFUND_NOT_ACTIONABLE), or a refused refund no longer fits in what is left (NOT_REFUNDABLE)',
    ),
  },
});

export const RefundOutsideInputSchema = z.object({
  /** How it was refunded (bank transfer, the provider's dashboard…): 1–500 characters. */
  note: z
    .string({ message: REFUND_NOTE_MESSAGE })
    .trim()
    .min(1, REFUND_NOTE_MESSAGE)
    .max(REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE),
});
export type RefundOutsideInput = z.infer<typeof RefundOutsideInputSchema>;

export const markAdminRefundOutside = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refunds/:refundId/outside',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary:
    'Mark a refund that needs action, or that the provider refused, as refunded outside the site',
  description:
    'Re-checked under the order’s and the payment’s row locks: a `needs_action` or `failed` refund becomes `refunded_outside` with the operator’s note; the payment becomes `refunded` once what came back covers it.',
  params: RefundParams,
  body: RefundOutsideInputSchema,
  notFound: REFUND_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...ADMIN_ERRORS,
    404: apiError('No such order or refund (ORDER_NOT_FOUND, REFUND_NOT_FOUND)'),
    409: apiError(
      'The refund is pending or settled (REFUND_NOT_ACTIONABLE), or a refused refund no longer fits in what is left (NOT_REFUNDABLE)',
    ),
    422: apiError('No note, or one over 500 characters (VALIDATION_FAILED; field note)'),
  },
});

import { z } from '../../zod.js';
import { REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE } from '../../refunds.js';
import { apiError, defineRoute } from '../define-route.js';
import {
  ADMIN_ERRORS,
  CONSOLE_TAG,
  ONE_ORDER,
  OperatorReasonSchema,
  ORDER_ERRORS,
  ReasonInputSchema,
} from './console.js';
import { AdminOrderDetailSchema } from './orders.js';

/**
 * An order's payment and booking: resolving an order whose booking outcome was unknown
 * (`needs_attention`), cancelling its card authorisation before the booking, refunds, and what an
 * operator does with a refund that needs action.
 */

// Resolution ------------------------------------------------------------------------------------

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

// Cancelling before booking, and refunds ---------------------------------------------------------
export const cancelAdminOrderAuthorisation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/authorisation-cancellation',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Cancel an order before it is booked and release the card authorisation',
  description:
    'For an `authorised` order (paid for, booking not started): the order becomes `booking_failed` (`CANCELLED_BY_OPERATOR`), the authorisation is released through the payment provider (the cancel job) and the customer is emailed that they were not charged.',
  ...ONE_ORDER,
  body: ReasonInputSchema,
  responses: {
    200: AdminOrderDetailSchema.describe('The order after the change'),
    ...ORDER_ERRORS,
    409: apiError('The order is not waiting to be booked (ORDER_NOT_CANCELLABLE)'),
    422: apiError('No reason, or one too long (VALIDATION_FAILED; field reason)'),
  },
});

export const RefundInputSchema = z.object({
  /** In pounds, as typed: "12.50". At most what is left to refund. */
  amount: z.string().max(20),
  /** Why: kept in the audit log and the order's timeline. */
  reason: OperatorReasonSchema,
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
      'An amount that is not positive, has more than 2 decimals or is more than is left (VALIDATION_FAILED; field amount), or no reason (field reason)',
    ),
  },
});

/** A route on one refund of an order: its ids, and what a malformed one answers. */
const ONE_REFUND = {
  params: z.object({ id: z.uuid(), refundId: z.uuid() }),
  notFound: { code: 'REFUND_NOT_FOUND', message: 'There is no such refund.' },
} as const;

/** The replies of an operator's action on a refund that needs action, besides its own. */
const REFUND_ACTION_ERRORS = {
  ...ADMIN_ERRORS,
  404: apiError('No such order or refund (ORDER_NOT_FOUND, REFUND_NOT_FOUND)'),
  409: apiError(
    'The refund is pending or settled (REFUND_NOT_ACTIONABLE), or a refused refund no longer fits in what is left (NOT_REFUNDABLE)',
  ),
} as const;

export const retryAdminRefund = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refunds/:refundId/retry',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Send a refund that needs action, or that the provider refused, to the provider again',
  description:
    'Re-checked under the order’s and the payment’s row locks: a `needs_action` or `failed` refund becomes `pending` and its job runs again (a new job), with the refund’s own idempotency key at the provider, so a refund that did go through is never made twice.',
  ...ONE_REFUND,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...REFUND_ACTION_ERRORS,
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
  ...ONE_REFUND,
  body: RefundOutsideInputSchema,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...REFUND_ACTION_ERRORS,
    422: apiError('No note, or one over 500 characters (VALIDATION_FAILED; field note)'),
  },
});

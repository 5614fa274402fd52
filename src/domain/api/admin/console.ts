import { z } from '../../zod.js';
import { apiError } from '../define-route.js';

/**
 * What every route of the operator console's API shares (docs/operators.md). The declarations
 * are split by resource, one file each in this folder; a route that shares its schemas with a
 * customer's route of the same resource is declared beside it instead (`booking-changes.ts`,
 * `tracking.ts`), so a customer's page never loads the console's files. Every route under
 * /api/v1/admin answers 401 to a visitor who is not signed in and 403 to a customer, before
 * anything else is read.
 */
export const ADMIN_API_PREFIX = '/api/v1/admin/';

export const ADMIN_MESSAGES = {
  signedOut: 'Please sign in with an operator account.',
  notAdmin: 'This page is for BoxAbroad operators only.',
  twoFactorRequired: 'Set up two-step sign-in to use the console.',
} as const;

/** The reference's section of every console route. */
export const CONSOLE_TAG = 'Operator console';

/** The replies every admin route may give besides its own. */
export const ADMIN_ERRORS = {
  401: apiError('Not signed in (SIGNED_OUT)'),
  403: apiError(
    'Signed in, but not as an operator (NOT_AN_ADMIN), or as an operator without two-step sign-in (TWO_FACTOR_REQUIRED)',
  ),
} as const;

/** A route on one order (`/api/v1/admin/orders/:id…`): its id, and what a malformed one answers. */
export const ONE_ORDER = {
  params: z.object({ id: z.uuid() }),
  notFound: { code: 'ORDER_NOT_FOUND', message: 'There is no such order.' },
} as const;

/** The replies of a route on one order besides its own: the admin refusals and no such order. */
export const ORDER_ERRORS = {
  ...ADMIN_ERRORS,
  404: apiError('No such order (ORDER_NOT_FOUND)'),
} as const;

/** The longest reason an operator may give for an action that moves money or ends a booking. */
export const OPERATOR_REASON_MAX = 500;
export const OPERATOR_REASON_MESSAGE = `Give the reason, in at most ${OPERATOR_REASON_MAX} characters`;

/**
 * Why an operator cancels or refunds (docs/operators.md, "Reasons"): required, kept in the audit
 * log and so in the order's timeline.
 */
export const OperatorReasonSchema = z
  .string({ message: OPERATOR_REASON_MESSAGE })
  .trim()
  .min(1, OPERATOR_REASON_MESSAGE)
  .max(OPERATOR_REASON_MAX, OPERATOR_REASON_MESSAGE);

/** The body of an action that asks only its reason. */
export const ReasonInputSchema = z.object({ reason: OperatorReasonSchema });

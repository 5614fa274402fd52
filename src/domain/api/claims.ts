import { z } from '../zod.js';
import { CLAIM_KINDS, CLAIM_RULES, CLAIM_STATES, type ClaimRule } from '../claims.js';
import { ADMIN_ERRORS, CONSOLE_TAG, OperatorReasonSchema } from './admin/console.js';
import { apiError, defineRoute } from './define-route.js';
import { orderRoute } from './orders.js';

/**
 * Claims for a lost or damaged box (docs/claims.md, "API"): the customer's routes under the
 * order (whoever may open it: its owner signed in, or the emailed order link; never the tracking
 * link) and the console's queue and actions.
 */
const TAG = 'Claims for a lost or damaged box';

const CLAIM_RULE_NAMES = Object.keys(CLAIM_RULES) as [ClaimRule, ...ClaimRule[]];
const RequestKey = z.uuid({ message: 'The request key must be a UUID' });

/** Whether a claim of one kind can be made now, and if not the rule, its sentence and from when. */
export const ClaimEligibilitySchema = z.object({
  eligible: z.boolean(),
  rule: z.enum(CLAIM_RULE_NAMES).nullable(),
  reason: z.string().nullable(),
  /** For a box not lost yet: the day from which it can be claimed as lost. */
  from: z.string().nullable(),
});

/** One box of the order as the claim page offers it. */
export const ClaimBoxSchema = z.object({
  number: z.number().int(),
  trackingNumber: z.string(),
  status: z.string(),
  expectedDelivery: z.string().nullable(),
  lastMovement: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  courierSaysLost: z.boolean(),
  lost: ClaimEligibilitySchema,
  damaged: ClaimEligibilitySchema,
  /** A claim already open on this box (one at a time; another once it is declined). */
  openClaimId: z.string().nullable(),
});

const ExcludedSchema = z
  .object({ covered: z.string(), group: z.string(), reason: z.string() })
  .nullable();

/** A line of the order's declaration the customer may claim for, with what the cover pays of it. */
export const ClaimableItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  units: z.number().int(),
  unitValuePence: z.number().int(),
  declaredPence: z.number().int(),
  /** What the cover pays for every unit of it today (what is left of the included cover counted). */
  payablePence: z.number().int(),
  excluded: ExcludedSchema,
});

export const ClaimOptionsSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  /** Today in Europe/London: what eligibility was worked out on. */
  today: z.string(),
  boxes: z.array(ClaimBoxSchema),
  items: z.array(ClaimableItemSchema),
  /** The cover in force (the included cover when none was bought). */
  coverPence: z.number().int(),
  includedPence: z.number().int(),
  /** What the order's claims were already paid, or are approved to be paid. */
  alreadyPaidPence: z.number().int(),
  coverLeftPence: z.number().int(),
});
export type ClaimOptions = z.infer<typeof ClaimOptionsSchema>;

export const ClaimItemsSchema = z
  .array(
    z.object({
      itemId: z.string().max(64),
      units: z.number().int().min(1).max(100_000).optional(),
    }),
  )
  .min(1, 'Choose the items you are claiming for.')
  .max(200);

export const ClaimLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  units: z.number().int(),
  declaredPence: z.number().int(),
  payablePence: z.number().int(),
  excluded: ExcludedSchema,
});

/** What the chosen items come to, as `claimAmount` works it out on the server. */
export const ClaimAmountSchema = z.object({
  lines: z.array(ClaimLineSchema),
  itemsPence: z.number().int(),
  coverLeftPence: z.number().int(),
  payablePence: z.number().int(),
  cappedBy: z.literal('over-cover').nullable(),
});

export const ClaimEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['state', 'customer_message', 'operator_request']),
  state: z.enum(CLAIM_STATES as [string, ...string[]]).nullable(),
  by: z.enum(['customer', 'operator', 'site']),
  text: z.string(),
});

/** A claim as the customer's page and the console show it, with its timeline. */
export const ClaimViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  reference: z.string(),
  boxNumber: z.number().int(),
  trackingNumber: z.string(),
  kind: z.enum(CLAIM_KINDS),
  state: z.enum(CLAIM_STATES as [string, ...string[]]),
  label: z.string(),
  /** What is happening, in the state's sentence. */
  sentence: z.string(),
  description: z.string(),
  lines: z.array(ClaimLineSchema),
  itemsPence: z.number().int(),
  payablePence: z.number().int(),
  courierClaimReference: z.string().nullable(),
  decision: z
    .object({
      extent: z.enum(['full', 'part']).nullable(),
      amountPence: z.number().int().nullable(),
      reason: z.string(),
      rule: z.enum(CLAIM_RULE_NAMES).nullable(),
      /** The rule's sentence, for a decline. */
      ruleText: z.string().nullable(),
    })
    .nullable(),
  payment: z
    .object({
      method: z.enum(['refund', 'bank']),
      bankReference: z.string().nullable(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
  submittedAt: z.string(),
  stateEnteredAt: z.string(),
  /** When the state's target time runs out (docs/claims.md); null in a final state. */
  dueBy: z.string().nullable(),
  events: z.array(ClaimEventSchema),
});
export type ClaimView = z.infer<typeof ClaimViewSchema>;

const ClaimParams = z.object({ id: z.uuid(), claimId: z.uuid() });
const CLAIM_NOT_FOUND = apiError('No such claim on this order (CLAIM_NOT_FOUND)');

export const getClaimOptions = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/claim-options',
  tag: TAG,
  summary: 'What can be claimed on a booked order: each box, lost or damaged, and the items',
  responses: {
    200: ClaimOptionsSchema.describe('The boxes, their eligibility and the declared items'),
    409: apiError('The order is not booked (NOT_BOOKED)'),
  },
});

export const quoteClaim = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/claim-quote',
  tag: TAG,
  summary: 'What a claim for these items would pay (writes nothing)',
  body: z.object({ items: ClaimItemsSchema }),
  responses: {
    200: ClaimAmountSchema.describe('The amount, line by line'),
    409: apiError('The order is not booked (NOT_BOOKED)'),
    422: apiError('Items not of the declaration, or too many units (VALIDATION_FAILED)'),
  },
});

export const openClaim = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/claims',
  tag: TAG,
  summary: 'Claim for a lost or damaged box',
  description:
    'Eligibility is checked again and the amount worked out on the server, whatever the page showed. The same request key returns the same claim.',
  body: z.object({
    boxNumber: z.number().int().min(1),
    kind: z.enum(CLAIM_KINDS, { message: 'Choose lost or damaged' }),
    items: ClaimItemsSchema,
    description: z
      .string()
      .trim()
      .min(1, 'Say what happened')
      .max(2000, 'Say what happened in at most 2000 characters'),
    requestKey: RequestKey,
  }),
  responses: {
    201: ClaimViewSchema.describe('The claim, submitted'),
    409: apiError('The order is not booked (NOT_BOOKED), or the box has a claim open (CLAIM_OPEN)'),
    422: apiError(
      'Not claimable now, with the rule’s sentence (CLAIM_NOT_ELIGIBLE); or bad items or box (VALIDATION_FAILED)',
    ),
  },
});

export const listClaims = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/claims',
  tag: TAG,
  summary: 'The order’s claims, each with its timeline',
  responses: { 200: z.object({ claims: z.array(ClaimViewSchema) }).describe('The claims') },
});

export const answerClaim = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/claims/:claimId/answer',
  tag: TAG,
  summary: 'Answer a request for more information; the claim is submitted again',
  params: ClaimParams,
  body: z.object({
    message: z
      .string()
      .trim()
      .min(1, 'Write your answer')
      .max(4000, 'Write your answer in at most 4000 characters'),
  }),
  responses: {
    200: ClaimViewSchema.describe('The claim, submitted again'),
    409: apiError('The claim is not waiting for more information (CLAIM_STATE)'),
    422: apiError('No answer (VALIDATION_FAILED)'),
  },
});

/** A claim in the console's queue. */
export const AdminClaimSummarySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  reference: z.string(),
  kind: z.enum(CLAIM_KINDS),
  state: z.enum(CLAIM_STATES as [string, ...string[]]),
  label: z.string(),
  payablePence: z.number().int(),
  paymentMethod: z.enum(['refund', 'bank']).nullable(),
  stateEnteredAt: z.string(),
  dueBy: z.string().nullable(),
  overdue: z.boolean(),
});

export const AdminClaimSchema = ClaimViewSchema.extend({
  decidedByEmail: z.string().nullable(),
  /** What is still refundable on the order's card payments. */
  refundablePence: z.number().int(),
});

const ADMIN_CLAIM = {
  params: z.object({ claimId: z.uuid() }),
  notFound: { code: 'CLAIM_NOT_FOUND', message: 'There is no such claim.' },
} as const;
const CLAIM_STATE_CONFLICT = apiError('The claim cannot make this move now (CLAIM_STATE)');

export const getAdminClaims = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/claims',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The claims queue: open claims, overdue first, then oldest first',
  query: z.object({ all: z.enum(['true', 'false']).optional() }),
  responses: {
    200: z.object({ claims: z.array(AdminClaimSummarySchema) }).describe('The queue'),
    ...ADMIN_ERRORS,
  },
});

export const getAdminClaim = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/claims/:claimId',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'A claim with its timeline',
  ...ADMIN_CLAIM,
  responses: { 200: AdminClaimSchema, ...ADMIN_ERRORS, 404: CLAIM_NOT_FOUND },
});

/** An operator's action on a claim: its route, with a required reason besides its own fields. */
function claimAction<const B extends z.ZodRawShape>(
  path: string,
  summary: string,
  body: B,
  description: string,
) {
  return defineRoute({
    method: 'POST',
    path: `/api/v1/admin/claims/:claimId/${path}`,
    access: 'operator',
    tag: CONSOLE_TAG,
    summary,
    description,
    ...ADMIN_CLAIM,
    body: z.object({ ...body, reason: OperatorReasonSchema }),
    responses: {
      200: AdminClaimSchema,
      ...ADMIN_ERRORS,
      404: CLAIM_NOT_FOUND,
      409: CLAIM_STATE_CONFLICT,
      422: apiError('A field is missing or not allowed; `fields` says which (VALIDATION_FAILED)'),
    },
  });
}

export const askClaimInfo = claimAction(
  'more-info',
  'Ask the customer for more information',
  {},
  'The reason is what the customer is asked: it is emailed to them and shown on the claim.',
);

export const sendClaimToCourier = claimAction(
  'courier',
  'Record the claim sent to the courier, with the courier’s claim reference',
  { courierClaimReference: z.string().trim().min(1, 'Give the courier’s reference').max(100) },
  'The claim is `with_courier` until the courier answers.',
);

export const approveClaim = claimAction(
  'approval',
  'Approve a claim in full or in part',
  {
    extent: z.enum(['full', 'part'], { message: 'Choose full or part' }),
    amountPence: z.number().int(),
  },
  'In full: exactly what the claim can pay; in part: less. Paid by a refund to the card when it is within what is left to refund of the order’s card payments (`paid` when the card provider confirms it), else by bank transfer (recorded with `bank-payment`).',
);

export const declineClaim = claimAction(
  'decline',
  'Decline a claim, with the rule it rests on',
  { rule: z.enum(CLAIM_RULE_NAMES, { message: 'Choose the rule' }) },
  'The customer is emailed the reason and the rule’s sentence.',
);

export const recordClaimBankPayment = claimAction(
  'bank-payment',
  'Record an approved claim paid by bank transfer',
  { bankReference: z.string().trim().min(1, 'Give the bank’s reference').max(100) },
  'Only for a claim approved to be paid by bank transfer.',
);

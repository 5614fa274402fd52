import { z } from '../zod.js';
import {
  CLAIM_EVIDENCE_FILE_TYPES,
  CLAIM_EVIDENCE_KIND_NAMES,
  CLAIM_KINDS,
  CLAIM_RULES,
  CLAIM_STATES,
  type ClaimRule,
} from '../claims.js';
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

/** Bytes: an upload's body or a file's reply (documented as binary). */
const binary = () =>
  z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ type: 'string', format: 'binary' });

/** One evidence file kept with a claim (its bytes come from the download route). */
export const ClaimEvidenceFileSchema = z.object({
  id: z.string(),
  kind: z.enum(CLAIM_EVIDENCE_KIND_NAMES),
  /** The customer's name for it, sanitised, with the extension of its real type. */
  name: z.string(),
  /** What its content is (never what its name said). */
  type: z.enum(CLAIM_EVIDENCE_FILE_TYPES),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.enum(['customer', 'operator']),
  uploadedAt: z.string(),
});
export type ClaimEvidenceFile = z.infer<typeof ClaimEvidenceFileSchema>;

/** The bank account a claim is paid to, as pages show it: never the full numbers. */
export const MaskedBankDetailsSchema = z.object({
  accountName: z.string(),
  /** `**-**-56` */
  sortCode: z.string(),
  /** `****1234` */
  accountNumber: z.string(),
  givenAt: z.string(),
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
  /** Approved to be paid by bank transfer and no bank account given yet: the customer is asked. */
  bankDetailsNeeded: z.boolean(),
  /** The account given for a bank transfer, masked; null when none (or once paid: deleted). */
  bankDetails: MaskedBankDetailsSchema.nullable(),
  /** The customer may add evidence now (the claim is not decided yet and has room). */
  canAddEvidence: z.boolean(),
  evidence: z.array(ClaimEvidenceFileSchema),
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

const EvidenceParams = ClaimParams.extend({ fileId: z.uuid() });
const EVIDENCE_FILE_NOT_FOUND = apiError(
  'No such order (ORDER_NOT_FOUND), claim (CLAIM_NOT_FOUND) or file (EVIDENCE_NOT_FOUND)',
);

/** The media types an evidence upload may be sent as: the file's own, or plain bytes. */
export const EVIDENCE_UPLOAD_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'application/pdf',
  'application/octet-stream',
] as const;

/** What a claim's evidence can be, for the page to say before the customer chooses. */
export const EvidenceLimitsSchema = z.object({
  maxFileBytes: z.number().int(),
  maxFiles: z.number().int(),
  types: z.array(z.enum(CLAIM_EVIDENCE_FILE_TYPES)),
});

const EvidenceListSchema = z.object({
  files: z.array(ClaimEvidenceFileSchema),
  limits: EvidenceLimitsSchema,
});

export const uploadClaimEvidence = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/claims/:claimId/evidence',
  tag: TAG,
  summary: 'Add one evidence file to a claim (the file itself is the body)',
  description:
    'One file per request, sent as the body with its own media type (or application/octet-stream); its name and what it shows in the query. JPEG, PNG, HEIC or PDF, known by its content, never by its name or media type; 10 MB at most; 10 files a claim. Location and other metadata are taken off photos before they are kept. A refused file changes nothing: the files already sent stay. Allowed while the claim is not decided (submitted, with the courier, or more information needed).',
  params: ClaimParams,
  query: z.object({
    kind: z.enum(CLAIM_EVIDENCE_KIND_NAMES, {
      message: 'Say what the file shows: the damage, the packaging, or proof of value',
    }),
    name: z.string().max(255, 'The file name is too long').optional(),
  }),
  rawBody: EVIDENCE_UPLOAD_MEDIA_TYPES,
  body: binary().optional().describe('The file’s bytes'),
  responses: {
    201: z
      .object({ file: ClaimEvidenceFileSchema, files: z.array(ClaimEvidenceFileSchema) })
      .describe('The file kept, and every file of the claim'),
    404: apiError('No such order (ORDER_NOT_FOUND) or claim (CLAIM_NOT_FOUND)'),
    409: apiError(
      'The claim is decided: no more evidence (CLAIM_STATE); or it has 10 files (EVIDENCE_TOO_MANY)',
    ),
    413: apiError('The file is larger than 10 MB (EVIDENCE_TOO_LARGE)'),
    422: apiError(
      'Not a JPEG, PNG, HEIC or PDF (EVIDENCE_NOT_ALLOWED), empty (EVIDENCE_EMPTY), a photo that cannot be read (EVIDENCE_UNREADABLE), or no kind (VALIDATION_FAILED)',
    ),
  },
});

export const listClaimEvidence = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/claims/:claimId/evidence',
  tag: TAG,
  summary: 'A claim’s evidence files, and what more can be added',
  params: ClaimParams,
  responses: {
    200: EvidenceListSchema.describe('The files, oldest first, and the limits'),
    404: apiError('No such order (ORDER_NOT_FOUND) or claim (CLAIM_NOT_FOUND)'),
  },
});

export const downloadClaimEvidence = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/claims/:claimId/evidence/:fileId',
  tag: TAG,
  summary: 'One evidence file of a claim',
  description:
    'Served with its real type as an attachment, `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy.',
  params: EvidenceParams,
  replyMediaType: 'application/octet-stream',
  responses: { 200: binary().describe('The file'), 404: EVIDENCE_FILE_NOT_FOUND },
});

/** A UK account, as the customer types it (checked on the server with the modulus rules). */
export const BankDetailsInputSchema = z.object({
  accountName: z
    .string()
    .trim()
    .min(1, 'Enter the name on the account')
    .max(70, 'Enter the name on the account in at most 70 characters'),
  sortCode: z
    .string()
    .trim()
    .min(1, 'Enter your sort code, like 12-34-56.')
    .max(20, 'Enter the sort code as 6 digits, like 12-34-56.'),
  accountNumber: z
    .string()
    .trim()
    .min(1, 'Enter your account number.')
    .max(20, 'Enter the account number as 8 digits, like 12345678.'),
});

export const giveClaimBankDetails = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/claims/:claimId/bank-details',
  tag: TAG,
  summary: 'Give the UK bank account an approved claim is paid to',
  description:
    'Only for a claim approved to be paid by bank transfer and not paid yet; given again, it replaces the last. The sort code and account number are checked with the published modulus rules, kept encrypted, shown masked, and deleted once the payment is recorded.',
  params: ClaimParams,
  body: BankDetailsInputSchema,
  responses: {
    200: ClaimViewSchema.describe('The claim, with the account masked'),
    404: apiError('No such order (ORDER_NOT_FOUND) or claim (CLAIM_NOT_FOUND)'),
    409: apiError('The claim is not waiting for bank details (CLAIM_STATE)'),
    422: apiError(
      'The sort code or account number is not valid, or they do not match by the modulus rules; `fields` says which (VALIDATION_FAILED)',
    ),
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

/** One line of the order's customs declaration, as the customer made it. */
export const DeclaredItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  description: z.string(),
  units: z.number().int(),
  unitValuePence: z.number().int(),
});

export const AdminClaimSchema = ClaimViewSchema.extend({
  decidedByEmail: z.string().nullable(),
  /** What is still refundable on the order's card payments. */
  refundablePence: z.number().int(),
  /** The order's whole declaration, every box's items, for the operator to weigh the claim. */
  declaration: z.array(DeclaredItemSchema),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;

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
  'Only for a claim approved to be paid by bank transfer whose customer gave a bank account (409 `CLAIM_STATE` otherwise); the account is deleted in the same change.',
);

export const getAdminClaimEvidence = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/claims/:claimId/evidence',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'A claim’s evidence files',
  ...ADMIN_CLAIM,
  responses: {
    200: EvidenceListSchema.describe('The files, oldest first'),
    ...ADMIN_ERRORS,
    404: CLAIM_NOT_FOUND,
  },
});

export const downloadAdminClaimEvidence = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/claims/:claimId/evidence/:fileId',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'One evidence file of a claim',
  params: z.object({ claimId: z.uuid(), fileId: z.uuid() }),
  notFound: ADMIN_CLAIM.notFound,
  replyMediaType: 'application/octet-stream',
  responses: {
    200: binary().describe('The file'),
    ...ADMIN_ERRORS,
    404: apiError('No such claim (CLAIM_NOT_FOUND) or file (EVIDENCE_NOT_FOUND)'),
  },
});

export const getClaimEvidencePack = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/claims/:claimId/evidence-pack',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The evidence pack to send to the courier (PDF)',
  description:
    'The order’s declaration, the cover in force, the box’s tracking history, the claim and its photos (JPEG and PNG shown, HEIC and PDF files listed by name).',
  ...ADMIN_CLAIM,
  replyMediaType: 'application/pdf',
  responses: { 200: binary().describe('The PDF'), ...ADMIN_ERRORS, 404: CLAIM_NOT_FOUND },
});

export const revealClaimBankDetails = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/claims/:claimId/bank-details',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'See the bank account in full, to make the payment (audited)',
  description:
    'Audited `claim.bank_details_view` with the reason. Only for an approved claim paid by bank transfer whose customer gave an account.',
  ...ADMIN_CLAIM,
  body: z.object({ reason: OperatorReasonSchema }),
  responses: {
    200: z
      .object({
        accountName: z.string(),
        sortCode: z.string(),
        accountNumber: z.string(),
        amountPence: z.number().int(),
        reference: z.string(),
      })
      .describe('The account, in full, and the amount to pay'),
    ...ADMIN_ERRORS,
    404: CLAIM_NOT_FOUND,
    409: apiError(
      'Not an approved claim paid by bank transfer, or no account given yet (CLAIM_STATE); the details could not be read (BANK_DETAILS_UNREADABLE)',
    ),
    422: apiError('No reason (VALIDATION_FAILED)'),
  },
});

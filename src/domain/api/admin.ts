import { z } from '../zod.js';
import { ORDER_STATUSES } from '../order-states.js';
import {
  REFUND_NOTE_MAX,
  REFUND_NOTE_MESSAGE,
  REFUND_REQUESTERS,
  REFUND_STATUSES,
} from '../refunds.js';
import { apiError, defineRoute } from './define-route.js';

/**
 * The operator console's API (docs/operators.md). Every route under /api/v1/admin answers 401
 * to a visitor who is not signed in and 403 to a customer, before anything else is read.
 */
export const ADMIN_API_PREFIX = '/api/v1/admin/';

export const ADMIN_MESSAGES = {
  signedOut: 'Please sign in with an operator account.',
  notAdmin: 'This page is for BoxAbroad operators only.',
  twoFactorRequired: 'Set up two-step sign-in to use the console.',
} as const;

import { ADMIN_ERRORS } from './admin-errors.js';

export { ADMIN_ERRORS };

const TAG = 'Operator console';

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const listAuditLog = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/audit-log',
  access: 'operator',
  tag: TAG,
  summary: 'Operator actions, newest first',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    subject: z.string().max(200).optional(),
  }),
  responses: {
    200: z.object({ entries: z.array(AuditEntrySchema) }).describe('The latest actions'),
    ...ADMIN_ERRORS,
    422: apiError('A limit out of range (VALIDATION_FAILED)'),
  },
});

// Rates ---------------------------------------------------------------------------------------

const ServiceSchema = z.enum(['economy', 'express']);

export const RatePriceSchema = z.object({
  service: ServiceSchema,
  destinationCountryId: z.number().int(),
  weightKg: z.number().int(),
  pricePence: z.number().int(),
});

export const RateDifferenceSchema = z.object({
  service: ServiceSchema,
  destinationCountryId: z.number().int(),
  weightKg: z.number().int(),
  beforePence: z.number().int().nullable(),
  afterPence: z.number().int().nullable(),
});

export const RateVersionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  adminEmail: z.string(),
  note: z.string(),
});
export type RateVersion = z.infer<typeof RateVersionSchema>;

export const RatesViewSchema = z.object({
  destinations: z.array(z.object({ countryId: z.number().int(), title: z.string() })),
  weightsKg: z.array(z.number().int()),
  prices: z.array(RatePriceSchema),
  currentVersion: RateVersionSchema.nullable(),
  warnings: z.array(z.string()),
});
export type RatesView = z.infer<typeof RatesViewSchema>;

export const getAdminRates = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates',
  access: 'operator',
  tag: TAG,
  summary: 'Both rate tables, as the grid shows them',
  responses: { 200: RatesViewSchema.describe('The prices now and their version'), ...ADMIN_ERRORS },
});

export const RATE_NOTE_MESSAGE = 'Say in a few words what changed (at most 500 characters)';

export const SaveRatesInputSchema = z.object({
  note: z
    .string({ message: RATE_NOTE_MESSAGE })
    .trim()
    .min(1, RATE_NOTE_MESSAGE)
    .max(500, RATE_NOTE_MESSAGE),
  /** The version the operator edited (null before the first save): refused if another came since. */
  basedOnVersionId: z.number().int().nullable(),
  prices: z
    .array(
      z.object({
        service: ServiceSchema,
        destinationCountryId: z.number().int(),
        weightKg: z.number().int(),
        /** In pounds, as typed: "49.99". */
        price: z.string().max(20),
      }),
    )
    .max(2000),
});
export type SaveRatesInput = z.input<typeof SaveRatesInputSchema>;

export const SavedRatesSchema = z.object({
  version: RateVersionSchema,
  changes: z.number().int(),
  warnings: z.array(z.string()),
});

export const saveAdminRates = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/versions',
  access: 'operator',
  tag: TAG,
  summary: 'Save both rate tables as a new version',
  description:
    'The whole grid is sent; a cell left out has no price (that weight is not offered). Prices are pounds with at most two decimals, above zero. Quotes use the new prices at once; orders already paid for keep their price.',
  body: SaveRatesInputSchema,
  responses: {
    201: SavedRatesSchema.describe('The new version, how many prices changed, and warnings'),
    ...ADMIN_ERRORS,
    409: apiError('Another version was saved after this one was opened (RATES_CHANGED)'),
    422: apiError(
      'A price that is not positive or has more than 2 decimals, a cell outside the grid, or no note (VALIDATION_FAILED; fields by cell: economy.73.20)',
    ),
  },
});

export const RateVersionWithChangesSchema = RateVersionSchema.extend({
  changes: z.array(RateDifferenceSchema),
});

export const listRateVersions = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates/versions',
  access: 'operator',
  tag: TAG,
  summary: 'The rate tables’ versions, newest first, each with what it changed',
  responses: {
    200: z.object({ versions: z.array(RateVersionWithChangesSchema) }).describe('The history'),
    ...ADMIN_ERRORS,
  },
});

const VERSION_NOT_FOUND = { code: 'VERSION_NOT_FOUND', message: 'There is no such version.' };

export const restoreRateVersion = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/versions/:id/restore',
  access: 'operator',
  tag: TAG,
  summary: 'Save an earlier version’s prices as a new version',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ basedOnVersionId: z.number().int().nullable() }),
  notFound: VERSION_NOT_FOUND,
  responses: {
    201: SavedRatesSchema.describe('The new version'),
    ...ADMIN_ERRORS,
    404: apiError('No such version (VERSION_NOT_FOUND)'),
    409: apiError('Another version was saved after this one was opened (RATES_CHANGED)'),
  },
});

// Cover settings --------------------------------------------------------------------------------

export const CoverSettingsVersionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  adminEmail: z.string(),
  note: z.string(),
  includedPence: z.number().int(),
  /** 200 = 2% of the cover above the included cover. */
  percentBasisPoints: z.number().int(),
  maxCoverPence: z.number().int(),
});
export type CoverSettingsVersion = z.infer<typeof CoverSettingsVersionSchema>;

export const getAdminCoverSettings = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/cover-settings',
  access: 'operator',
  tag: TAG,
  summary: 'The cover settings in force and their versions, newest first',
  responses: {
    200: z
      .object({
        current: CoverSettingsVersionSchema.nullable(),
        versions: z.array(CoverSettingsVersionSchema),
      })
      .describe('The settings now and their history'),
    ...ADMIN_ERRORS,
  },
});

export const COVER_PERCENT_MESSAGE =
  'Enter a percentage from 0 to 100 with at most 2 decimals, like 2';
export const COVER_MAX_MESSAGE =
  'Enter the most cover in pounds, from the included £50 to £5,000, like 2000';

export const SaveCoverSettingsInputSchema = z.object({
  note: z
    .string({ message: RATE_NOTE_MESSAGE })
    .trim()
    .min(1, RATE_NOTE_MESSAGE)
    .max(500, RATE_NOTE_MESSAGE),
  /** The version the operator edited: refused if another came since. */
  basedOnVersionId: z.number().int().nullable(),
  /** The percentage of the cover above the included cover, as typed: "2", "2.5". */
  percent: z.string({ message: COVER_PERCENT_MESSAGE }).max(20, COVER_PERCENT_MESSAGE),
  /** The most cover per shipment, in pounds as typed: "2000". */
  maxCover: z.string({ message: COVER_MAX_MESSAGE }).max(20, COVER_MAX_MESSAGE),
});
export type SaveCoverSettingsInput = z.input<typeof SaveCoverSettingsInputSchema>;

export const saveAdminCoverSettings = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/cover-settings/versions',
  access: 'operator',
  tag: TAG,
  summary: 'Save the cover settings as a new version',
  description:
    'The price of extra cover (a percentage of the cover above the included £50, rounded up to the penny) and the most cover per shipment. Orders not yet paid for are priced with the new settings; orders already paid for keep the price they were paid at.',
  body: SaveCoverSettingsInputSchema,
  responses: {
    201: z.object({ version: CoverSettingsVersionSchema }).describe('The new version'),
    ...ADMIN_ERRORS,
    409: apiError('Another version was saved after this one was opened (COVER_SETTINGS_CHANGED)'),
    422: apiError('A percentage or maximum that cannot be read, or no note (VALIDATION_FAILED)'),
  },
});

export const restoreCoverSettings = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/cover-settings/versions/:id/restore',
  access: 'operator',
  tag: TAG,
  summary: 'Save an earlier version of the cover settings as a new version',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ basedOnVersionId: z.number().int().nullable() }),
  notFound: VERSION_NOT_FOUND,
  responses: {
    201: z.object({ version: CoverSettingsVersionSchema }).describe('The new version'),
    ...ADMIN_ERRORS,
    404: apiError('No such version (VERSION_NOT_FOUND)'),
    409: apiError('Another version was saved after this one was opened (COVER_SETTINGS_CHANGED)'),
  },
});

export const exportRatesCsv = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/rates/export',
  access: 'operator',
  tag: TAG,
  summary: 'Both rate tables as CSV',
  description:
    'One line per price: service,destination_id,destination,weight_kg,price_gbp. The same format is imported.',
  replyMediaType: 'text/csv',
  responses: { 200: z.string().describe('The CSV file'), ...ADMIN_ERRORS },
});

export const previewRatesImport = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/rates/import-preview',
  access: 'operator',
  tag: TAG,
  summary: 'What a CSV file would change, before it is saved',
  description:
    'Nothing is saved: the reply lists the prices the file holds and how they differ from the current ones; saving them is an ordinary save. A malformed file is refused with its first bad line and why.',
  body: z.object({ csv: z.string().max(1_000_000) }),
  responses: {
    200: z
      .object({
        prices: z.array(RatePriceSchema),
        changes: z.array(RateDifferenceSchema),
        warnings: z.array(z.string()),
      })
      .describe('The file’s prices and their differences'),
    ...ADMIN_ERRORS,
    422: apiError('The file is not a rates CSV: "Line 4: …" (CSV_INVALID)'),
  },
});

// Orders ----------------------------------------------------------------------------------------

const StatusSchema = z.enum(ORDER_STATUSES);

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: StatusSchema,
  createdAt: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  collectionPostcode: z.string(),
  destination: z.string(),
  destinationPostcode: z.string(),
  service: z.string().nullable(),
  pricePence: z.number().int().nullable(),
  failureCode: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const ADMIN_ORDERS_PAGE = 25;
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-23')
  .optional();

export const listAdminOrders = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders',
  access: 'operator',
  tag: TAG,
  summary: 'Orders, newest first, searched and filtered',
  description:
    '`q` is an order reference, an email or a postcode (collection or destination); `from`/`to` are dates (to inclusive, UK time). Pages of 25: pass the reply’s `next` as `after` for the next one.',
  query: z.object({
    q: z.string().trim().max(200).optional(),
    status: StatusSchema.optional(),
    from: dateText,
    to: dateText,
    after: z.string().max(100).optional(),
  }),
  responses: {
    200: z
      .object({ orders: z.array(AdminOrderSummarySchema), next: z.string().nullable() })
      .describe('One page of orders'),
    ...ADMIN_ERRORS,
    422: apiError('A bad date, status or cursor (VALIDATION_FAILED)'),
  },
});

const ORDER_NOT_FOUND_ADMIN = { code: 'ORDER_NOT_FOUND', message: 'There is no such order.' };

export const TIMELINE_KINDS = ['order', 'payment', 'courier', 'email', 'operator', 'note'] as const;

/** One event in an order's life, as the console's timeline shows it. */
export const TimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** What happened, in a sentence. */
  text: z.string(),
  /** A courier exchange: the request without credentials, the reply without document contents. */
  courier: z
    .object({
      operation: z.string(),
      httpStatus: z.number().int().nullable(),
      outcome: z.string(),
      durationMs: z.number().int(),
      request: z.unknown(),
      reply: z.unknown(),
      error: z.string().nullable(),
    })
    .optional(),
  /** An email about the order, from the outbox. */
  email: z
    .object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['pending', 'sending', 'sent', 'failed', 'unknown']),
      attempts: z.number().int(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
      serverQueueId: z.string().nullable(),
    })
    .optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const AdminOrderDetailSchema = z.object({
  order: AdminOrderSummarySchema.extend({
    failureMessage: z.string().nullable(),
    courierReference: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    collectionDate: z.string().nullable(),
    smallBoxes: z.number().int(),
    largeBoxes: z.number().int(),
    totalWeightKg: z.number().int(),
    collectionAddress: z.record(z.string(), z.unknown()).nullable(),
    deliveryAddress: z.record(z.string(), z.unknown()).nullable(),
    /** The cover bought: its whole level (null: the included cover only) and its price. */
    coverPence: z.number().int().nullable(),
    coverPricePence: z.number().int(),
    /**
     * The import charges estimate the customer was shown for this declaration (the same dated
     * table, decision 110); null for a destination without one.
     */
    importEstimate: z
      .object({ totalPence: z.number().int(), words: z.string(), tableDate: z.string() })
      .nullable(),
  }),
  payments: z.array(
    z.object({
      attempt: z.number().int(),
      /** What it pays for: the order, or more cover bought after booking (its own payment). */
      kind: z.enum(['order', 'cover']),
      status: z.string(),
      amountPence: z.number().int(),
      provider: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      lastError: z.string().nullable(),
    }),
  ),
  audit: z.array(AuditEntrySchema),
  /**
   * The order's refunds, oldest first: asked from the console, by the customer or by the site
   * (docs/orders.md, "Refund states"). `needs_action` and `failed` ones can be retried or marked
   * refunded outside the site.
   */
  refunds: z.array(
    z.object({
      id: z.string(),
      amountPence: z.number().int(),
      status: z.enum(REFUND_STATUSES),
      requestedBy: z.enum(REFUND_REQUESTERS),
      /** The operator who asked (requestedBy `operator`), else null. */
      adminEmail: z.string().nullable(),
      /** The customer's email when they asked. */
      requesterEmail: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      settledAt: z.string().nullable(),
      lastError: z.string().nullable(),
      /** How many times an operator sent it to the provider again. */
      retries: z.number().int(),
      /** Refunded outside the site: the operator's note, who and when. */
      note: z.string().nullable(),
      resolvedByEmail: z.string().nullable(),
      resolvedAt: z.string().nullable(),
    }),
  ),
  /** What is left to refund of the captured payment (0 when nothing was captured). */
  refundablePence: z.number().int(),
  /**
   * Everything that happened to the order, oldest first: the customer's steps, payments and
   * refunds, courier exchanges, emails, operators' actions and notes.
   */
  timeline: z.array(TimelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const getAdminOrder = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id',
  access: 'operator',
  tag: TAG,
  summary: 'One order with its payments, its timeline and the operators’ actions on it',
  params: z.object({ id: z.uuid() }),
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
});

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
  tag: TAG,
  summary: 'Resolve an order whose booking outcome was unknown',
  description:
    '`booked`: the operator found the booking at the courier; its reference is stored, the payment captured and the customer emailed. `not_booked`: the card authorisation is cancelled and the customer emailed; they may book again.',
  params: z.object({ id: z.uuid() }),
  body: ResolveOrderInputSchema,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order after the change'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: apiError('The order is not waiting for a check any more (ORDER_NOT_WAITING)'),
    422: apiError('No outcome, or no courier reference for a booking (VALIDATION_FAILED)'),
  },
});

// Payment and booking actions ------------------------------------------------------------------

export const cancelAdminOrderAuthorisation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/authorisation-cancellation',
  access: 'operator',
  tag: TAG,
  summary: 'Cancel an order before it is booked and release the card authorisation',
  description:
    'For an `authorised` order (paid for, booking not started): the order becomes `booking_failed` (`CANCELLED_BY_OPERATOR`), the authorisation is released through the payment provider (the cancel job) and the customer is emailed that they were not charged.',
  params: z.object({ id: z.uuid() }),
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order after the change'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
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
  tag: TAG,
  summary: 'Refund a captured payment, in full or in part',
  description:
    'The refund is recorded as `pending` with the request, then the payment provider is asked (the refund job, retried through provider failures with one idempotency key per refund); when it confirms, the refund `succeeded`, the payment is `refunded` once nothing is left, and the customer is emailed. Other refunds of the payment still open never block it: what may already have gone (pending, needing action, succeeded, refunded outside) counts against what is left.',
  params: z.object({ id: z.uuid() }),
  body: RefundInputSchema,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: AdminOrderDetailSchema.describe('The order with its refunds'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
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
  tag: TAG,
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
  tag: TAG,
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

// Dashboard -------------------------------------------------------------------------------------

export const DashboardSchema = z.object({
  attention: z.object({ count: z.number().int(), orders: z.array(AdminOrderSummarySchema) }),
  /** The last 30 days in the UK, oldest first, every day present (zeros included). */
  days: z.array(
    z.object({ day: z.string(), orders: z.number().int(), revenuePence: z.number().int() }),
  ),
  mail: z.object({ failed: z.number().int(), unknown: z.number().int() }),
  unreadMessages: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const getAdminDashboard = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  access: 'operator',
  tag: TAG,
  summary: 'What needs a person now, and the last 30 days',
  description:
    'Orders needing attention (count, and the 20 newest), paid orders and their amounts per day for 30 days, mail that failed or whose delivery is unknown, unread contact messages.',
  responses: { 200: DashboardSchema.describe('The dashboard'), ...ADMIN_ERRORS },
});

// Contact messages ------------------------------------------------------------------------------

export const AdminMessageSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  newsOptIn: z.boolean(),
  /** When an operator marked it read; null while unread. */
  readAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const MESSAGE_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const ADMIN_MESSAGES_PAGE = 100;

export const listAdminMessages = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/messages',
  access: 'operator',
  tag: TAG,
  summary: 'Contact form messages, newest first',
  description:
    'The 100 newest messages of the filter (`all`, `unread` or `read`) and how many are unread.',
  query: z.object({ filter: z.enum(MESSAGE_FILTERS).default('all') }),
  responses: {
    200: z
      .object({ messages: z.array(AdminMessageSchema), unread: z.number().int() })
      .describe('The messages'),
    ...ADMIN_ERRORS,
    422: apiError('An unknown filter (VALIDATION_FAILED)'),
  },
});

const MESSAGE_NOT_FOUND = { code: 'MESSAGE_NOT_FOUND', message: 'There is no such message.' };

export const markAdminMessage = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/messages/:id/read',
  access: 'operator',
  tag: TAG,
  summary: 'Mark a contact message read or unread',
  params: z.object({ id: z.uuid() }),
  body: z.object({ read: z.boolean() }),
  notFound: MESSAGE_NOT_FOUND,
  responses: {
    200: AdminMessageSchema.describe('The message after the change'),
    ...ADMIN_ERRORS,
    404: apiError('No such message (MESSAGE_NOT_FOUND)'),
  },
});

// Mail ------------------------------------------------------------------------------------------

/** How the console groups the outbox: waiting is pending or being sent now. */
export const MAIL_FILTERS = ['all', 'waiting', 'sent', 'failed', 'unknown'] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
export const ADMIN_MAIL_PAGE = 100;

export const AdminMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'unknown']),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  /** The mail server's id for the message (from its "250 … queued as ID"), once sent. */
  serverQueueId: z.string().nullable(),
});
export type AdminMail = z.infer<typeof AdminMailSchema>;

export const listAdminMail = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/mail',
  access: 'operator',
  tag: TAG,
  summary: 'The mail outbox, newest first',
  description:
    'The 100 newest emails of the filter: `waiting` (queued or being sent), `sent`, `failed`, `unknown` (the server may or may not have it), or `all`; and how many there are of each.',
  query: z.object({ filter: z.enum(MAIL_FILTERS).default('all') }),
  responses: {
    200: z
      .object({
        mail: z.array(AdminMailSchema),
        counts: z.object({
          waiting: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          unknown: z.number().int(),
        }),
      })
      .describe('The outbox'),
    ...ADMIN_ERRORS,
    422: apiError('An unknown filter (VALIDATION_FAILED)'),
  },
});

export const MAIL_NOT_RETRYABLE_MESSAGE =
  'This email is no longer in the state you saw: it may already have been sent again. The list now shows it as it is.';

export const MAIL_MAY_ARRIVE_TWICE_MESSAGE =
  'The mail server may already have delivered this email: sending it again may give the recipient two copies. Confirm that you want to send it again anyway.';

export const retryAdminMail = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/mail/:id/retry',
  access: 'operator',
  tag: TAG,
  summary: 'Send a failed email again, or one whose delivery is unknown',
  description:
    '`expected` is the state the operator saw: `failed` (retry) or `unknown` (send again: the recipient may then get it twice, so `mayArriveTwice: true` must say the operator accepts that). The email is queued at once, checked and changed under its row lock, so a second click is refused rather than sending twice.',
  params: z.object({ id: z.uuid() }),
  body: z.object({
    expected: z.enum(['failed', 'unknown']),
    /** Required (true) to send an `unknown` email again: it may then arrive twice. */
    mayArriveTwice: z.boolean().optional(),
  }),
  notFound: { code: 'MAIL_NOT_FOUND', message: 'There is no such email.' },
  responses: {
    200: AdminMailSchema.describe('The email, queued again'),
    ...ADMIN_ERRORS,
    404: apiError('No such email (MAIL_NOT_FOUND)'),
    409: apiError(
      'The email is not in the expected state any more (MAIL_NOT_RETRYABLE), or it is `unknown` and `mayArriveTwice` was not confirmed (MAIL_MAY_ARRIVE_TWICE)',
    ),
  },
});

// An order's documents, notes and confirmation email --------------------------------------------

const OrderIdParams = z.object({ id: z.uuid() });

export const AdminOrderDocumentSchema = z.object({
  kind: z.enum(['label', 'document']),
  title: z.string(),
  filename: z.string(),
  url: z.string(),
});

export const listAdminOrderDocuments = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/documents',
  access: 'operator',
  tag: TAG,
  summary: 'An order’s labels and documents, with their download links',
  params: OrderIdParams,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z.object({ documents: z.array(AdminOrderDocumentSchema) }).describe('The documents'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
});

export const getAdminOrderDocument = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/documents/:documentId',
  access: 'operator',
  tag: TAG,
  summary: 'A label or document of an order (PDF)',
  params: OrderIdParams.extend({ documentId: z.uuid() }),
  replyMediaType: 'application/pdf',
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .meta({ type: 'string', format: 'binary' })
      .describe('The PDF'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND) or document (DOCUMENT_NOT_FOUND)'),
  },
});

export const NOTE_MESSAGE = 'Write the note (1 to 2,000 characters)';

export const OrderNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  adminEmail: z.string(),
  body: z.string(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const listAdminOrderNotes = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/notes',
  access: 'operator',
  tag: TAG,
  summary: 'An order’s internal notes, newest first',
  params: OrderIdParams,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z.object({ notes: z.array(OrderNoteSchema) }).describe('The notes'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
});

export const addAdminOrderNote = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/notes',
  access: 'operator',
  tag: TAG,
  summary: 'Add an internal note to an order (operators only ever see it)',
  params: OrderIdParams,
  body: z.object({
    body: z.string({ message: NOTE_MESSAGE }).trim().min(1, NOTE_MESSAGE).max(2000, NOTE_MESSAGE),
  }),
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    201: z.object({ notes: z.array(OrderNoteSchema) }).describe('The notes, the new one first'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    422: apiError('An empty or too long note (VALIDATION_FAILED)'),
  },
});

/** Largest PDF an operator uploads: a courier's labels for five boxes are well under 1 MB. */
export const MAX_UPLOAD_PDF_BYTES = 3 * 1024 * 1024;

export const uploadAdminOrderDocument = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/documents',
  access: 'operator',
  tag: TAG,
  summary: 'Add a label or document the courier could not give (a booked order)',
  description:
    'For an order an operator resolved as booked whose labels the courier could not give: the PDF (base64), a label (its format, e.g. `A4` or `Thermal`) or a document (its type, e.g. `CommercialInvoice`). Stored as the courier’s would be: the console lists it and the confirmation email carries it (send it with `confirmation-email`).',
  params: OrderIdParams,
  body: z.object({
    kind: z.enum(['label', 'document']),
    type: z.string().trim().min(1, 'Say the label’s format or the document’s type').max(40),
    pdfBase64: z
      .string()
      .min(1, 'Choose a PDF file')
      .max(Math.ceil(MAX_UPLOAD_PDF_BYTES / 3) * 4, 'The file is larger than 3 MB'),
  }),
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z
      .object({ documents: z.array(AdminOrderDocumentSchema) })
      .describe('The order’s documents'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: apiError('The order is not booked (ORDER_NOT_BOOKED)'),
    422: apiError('Not a PDF (NOT_A_PDF), or a missing field (VALIDATION_FAILED)'),
  },
});

export const ORDER_NOT_BOOKED_MESSAGE =
  'Only a booked order has a confirmation email to send again.';

export const resendAdminConfirmation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/confirmation-email',
  access: 'operator',
  tag: TAG,
  summary: 'Send a booked order’s confirmation email again',
  description:
    'Queues a new copy of the booking confirmation (labels attached) to the collection contact through the outbox. Booked orders only, checked under the order’s row lock.',
  params: OrderIdParams,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string() })
      .describe('The queued email and its recipient'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
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
  tag: TAG,
  summary: 'Ask the customer of an order whose booking failed to try again',
  description:
    'For a `booking_failed` order (its card hold already released, so booking again needs a new payment): emails the collection contact, through the outbox, that the booking did not go through and they were not charged, with a single-use link (' +
    `${PAY_AGAIN_LINK_DAYS} days` +
    ') that gives their browser the order back to pay again. Checked under the order’s row lock; audited as `order.ask_to_pay_again`. Each request sends one email.',
  params: OrderIdParams,
  notFound: ORDER_NOT_FOUND_ADMIN,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string(), linkExpiresAt: z.string() })
      .describe('The queued email, its recipient and when its link stops working'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: apiError(
      'The order’s booking has not failed (ORDER_NOT_BOOKING_FAILED), or it has no email (NO_CUSTOMER_EMAIL)',
    ),
  },
});

import { z } from '../../zod.js';
import { ORDER_STATUSES } from '../../order-states.js';
import { OrderViewSchema } from '../../order.js';
import { REFUND_REQUESTERS, REFUND_STATUSES } from '../../refunds.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';
import { AuditEntrySchema } from './audit-log.js';
import { AdminMailSchema } from './mail.js';

/**
 * Orders: the dashboard (what needs a person now), the list and its search, and the order page
 * (its payments, refunds and timeline).
 */

const StatusSchema = z.enum(ORDER_STATUSES);

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** The booking's state (docs/orders.md). */
  status: StatusSchema,
  /** Once booked: the order's status from its boxes' (docs/tracking.md), shown instead. */
  trackingStatus: OrderViewSchema.shape.trackingStatus,
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
  tag: CONSOLE_TAG,
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
  email: AdminMailSchema.omit({ createdAt: true, nextAttemptAt: true }).optional(),
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
  tag: CONSOLE_TAG,
  summary: 'One order with its payments, its timeline and the operators’ actions on it',
  ...ONE_ORDER,
  responses: {
    200: AdminOrderDetailSchema.describe('The order'),
    ...ORDER_ERRORS,
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
  tag: CONSOLE_TAG,
  summary: 'What needs a person now, and the last 30 days',
  description:
    'Orders needing attention (count, and the 20 newest), paid orders and their amounts per day for 30 days, mail that failed or whose delivery is unknown, unread contact messages.',
  responses: { 200: DashboardSchema.describe('The dashboard'), ...ADMIN_ERRORS },
});

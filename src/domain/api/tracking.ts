import { z } from '../zod.js';
import { ORDER_NOT_FOUND } from '../order.js';
import { SHIPMENT_FLAGS, TRACKING_STATUSES } from '../tracking.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './admin/console.js';
import { apiError, defineRoute } from './define-route.js';
import { OrderParams, orderRoute } from './orders.js';
import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';

/**
 * Tracking after the booking (docs/tracking.md): our own tracking page, opened by order reference
 * and postcode or by the signed link in every email; the same history on the account's and the
 * console's order pages.
 */

const TAG = 'Tracking';

export const TrackingStatusSchema = z.enum(TRACKING_STATUSES);

export const TrackingEventViewSchema = z.object({
  /** ISO 8601 (UTC). */
  at: z.string(),
  status: TrackingStatusSchema,
  /** The courier's words. */
  description: z.string(),
  location: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TrackingEventView = z.infer<typeof TrackingEventViewSchema>;

export const TrackedBoxSchema = z.object({
  /** 1, 2, … in the order the boxes were booked. */
  number: z.number().int(),
  /** The box's own tracking number at the courier. */
  trackingNumber: z.string(),
  status: TrackingStatusSchema,
  /** The latest event's reason (e.g. why customs hold it), if any. */
  reason: z.string().nullable(),
  /** Oldest first. */
  events: z.array(TrackingEventViewSchema),
});
export type TrackedBox = z.infer<typeof TrackedBoxSchema>;

const PlaceSchema = z.object({ city: z.string(), country: z.string() });

export const TrackingEmailChoiceSchema = z.object({
  /** The reminder the evening before collection. */
  reminder: z.boolean(),
  /** Collected, out for delivery, delivered. Problems are always emailed. */
  updates: z.boolean(),
});

/**
 * A shipment's tracking, for following the parcel: whoever holds the link (the sender may share it
 * with the recipient) sees where the boxes are, never amounts, the card or the email settings;
 * those are on the order's own pages (docs/tracking.md, "Who sees what").
 */
export const TrackingViewSchema = z.object({
  reference: z.string(),
  /** The order's status, from its boxes' (docs/tracking.md). */
  status: TrackingStatusSchema,
  /** The signed token of this shipment's tracking page: `/track/<token>`. */
  token: z.string(),
  serviceName: z.string(),
  /** yyyy-mm-dd (Europe/London); the window is that day's, e.g. 09:00–17:30. */
  collectionDate: z.string(),
  collectionWindow: z.object({ from: z.string(), to: z.string() }),
  from: PlaceSchema,
  to: PlaceSchema,
  boxes: z.array(TrackedBoxSchema),
  /** Set while a missed collection can be rebooked: the dates the customer may choose. */
  missedCollection: z.object({ newDates: z.array(z.string()) }).nullable(),
  /**
   * A missed collection's new day (`collectionDate`) asked of the courier and not confirmed yet:
   * the page says we are confirming it and will email either way.
   */
  rebookingUnconfirmed: z.boolean(),
  /** When we last asked the courier; null before the first time. */
  lastCheckedAt: z.string().nullable(),
  /** The courier's own tracking page, when it gave one. */
  courierTrackingUrl: z.string().nullable(),
  /**
   * The expected delivery window, an estimate (docs/tracking.md, "Expected delivery"); null once
   * delivered, returned or cancelled, and while a missed collection has no new day.
   */
  expectedDelivery: z
    .object({ from: z.iso.date(), to: z.iso.date(), delayed: z.boolean() })
    .nullable(),
});
export type TrackingView = z.infer<typeof TrackingViewSchema>;

export const TRACKING_NOT_FOUND = {
  code: 'TRACKING_NOT_FOUND',
  message:
    'We could not find a booking with that reference and postcode. Check both against your confirmation email.',
} as const;

export const TRACKING_LINK_INVALID = {
  code: 'TRACKING_LINK_INVALID',
  message: 'This tracking link is not valid. Find your booking with its reference and postcode.',
} as const;

/** Tracking links stop working this many days after delivery or cancellation (TRACKING_LINK_DAYS). */
export const TRACKING_LINK_EXPIRED = {
  code: 'TRACKING_LINK_EXPIRED',
  message: (days: number) =>
    `This tracking link has expired: tracking links stop working ${days} days after a booking is delivered or cancelled. For anything about this booking, contact us.`,
} as const;

export const TrackingLookupSchema = z.object({
  reference: z
    .string({ message: 'Please enter your order reference' })
    .trim()
    .min(1, 'Please enter your order reference')
    .max(40, 'That is not an order reference'),
  postcode: z
    .string({ message: 'Please enter the collection or delivery postcode' })
    .trim()
    .min(1, 'Please enter the collection or delivery postcode')
    .max(20, 'That is not a postcode'),
});

export const lookUpTracking = defineRoute({
  method: 'POST',
  path: '/api/v1/tracking/lookups',
  access: 'public',
  tag: TAG,
  summary: 'Find a booking’s tracking page by its reference and a postcode',
  description:
    'The postcode is the collection’s or the delivery’s (spaces and letter case do not matter). A wrong reference and a wrong postcode get the same answer; both count towards the same rate limit.',
  body: TrackingLookupSchema,
  responses: {
    200: z.object({ token: z.string() }).describe('The token of the booking’s tracking page'),
    404: apiError('No booking has that reference and postcode (TRACKING_NOT_FOUND)'),
    422: apiError('No reference or no postcode (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

const TokenParams = z.object({ token: z.string().min(1).max(200) });

export const getTracking = defineRoute({
  method: 'GET',
  path: '/api/v1/tracking/:token',
  access: 'public',
  tag: TAG,
  summary: 'A booking’s tracking, by the signed token of its tracking page',
  description:
    'Every box with its status and history, the next step, the collection date and window. The token is the credential; it stops working a set time (TRACKING_LINK_DAYS, 90 days) after the booking is delivered or cancelled.',
  params: TokenParams,
  responses: {
    200: TrackingViewSchema.describe('The booking’s tracking'),
    404: apiError('Not a valid tracking link (TRACKING_LINK_INVALID)'),
    410: apiError('The link has expired (TRACKING_LINK_EXPIRED)'),
  },
  notFound: TRACKING_LINK_INVALID,
});

/** The booking an email-settings link names, with its choice. */
export const EmailSettingsSchema = z.object({
  reference: z.string(),
  emails: TrackingEmailChoiceSchema,
});
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

export const getEmailSettings = defineRoute({
  method: 'GET',
  path: '/api/v1/email-settings/:token',
  access: 'public',
  tag: TAG,
  summary: 'A booking’s optional tracking emails, by the signed link in those emails',
  description:
    'The link in each optional tracking email opens this one setting and nothing else: it is signed for it apart from the tracking link, so a shared tracking page cannot change it.',
  params: TokenParams,
  responses: {
    200: EmailSettingsSchema.describe('The booking and its choice'),
    404: apiError('Not a valid link (TRACKING_LINK_INVALID)'),
    410: apiError('The link has expired (TRACKING_LINK_EXPIRED)'),
  },
  notFound: TRACKING_LINK_INVALID,
});

export const setEmailSettings = defineRoute({
  method: 'PUT',
  path: '/api/v1/email-settings/:token',
  access: 'public',
  tag: TAG,
  summary: 'Turn the optional tracking emails on or off, by the signed link in those emails',
  description:
    'The reminder before collection and the progress updates; problems are always emailed.',
  params: TokenParams,
  body: TrackingEmailChoiceSchema,
  responses: {
    200: TrackingEmailChoiceSchema.describe('The choice now saved'),
    404: apiError('Not a valid link (TRACKING_LINK_INVALID)'),
    410: apiError('The link has expired (TRACKING_LINK_EXPIRED)'),
  },
  notFound: TRACKING_LINK_INVALID,
});

export const rebookMissedCollection = defineRoute({
  method: 'POST',
  path: '/api/v1/tracking/:token/collection',
  access: 'public',
  tag: TAG,
  summary: 'Choose a new collection date after a missed collection',
  description:
    'Rebooks the collection with the courier at no charge. Only while the collection is missed; the date is one of `missedCollection.newDates`. Answers within 8 s: when the courier has not answered by then, `rebookingUnconfirmed` is true and the rebooking is settled from the courier’s answer or its account of the collection, and emailed either way.',
  params: TokenParams,
  body: z.object({ collectionDate: z.iso.date('Choose a collection date') }),
  responses: {
    200: TrackingViewSchema.describe('The booking’s tracking with its new collection date'),
    404: apiError('Not a valid tracking link (TRACKING_LINK_INVALID)'),
    410: apiError('The link has expired (TRACKING_LINK_EXPIRED)'),
    409: apiError('The collection is not missed, or is being rebooked already (NOT_MISSED)'),
    422: apiError('Not one of the dates offered (VALIDATION_FAILED)'),
    502: apiError('The courier did not accept the new date; nothing changed (COURIER_REFUSED)'),
  },
  notFound: TRACKING_LINK_INVALID,
});

export const getOrderTracking = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/tracking',
  tag: TAG,
  summary: 'An order’s tracking, for whoever may open the order',
  description:
    'Null until the order is booked with the courier. With the optional emails’ choice, which only the order’s own pages show.',
  responses: {
    200: z
      .object({
        tracking: TrackingViewSchema.nullable(),
        emails: TrackingEmailChoiceSchema.nullable(),
      })
      .describe('The order’s tracking and its emails’ choice'),
    404: apiError('No such order, or not yours (ORDER_NOT_FOUND)'),
  },
});

export const setOrderTrackingEmails = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/tracking/emails',
  tag: TAG,
  summary: 'Turn an order’s optional tracking emails on or off, from its own pages',
  description:
    'The reminder before collection and the progress updates; problems are always emailed.',
  body: TrackingEmailChoiceSchema,
  responses: {
    200: TrackingEmailChoiceSchema.describe('The choice now saved'),
    404: apiError('No such order, not yours, or not booked yet (ORDER_NOT_FOUND)'),
  },
});

export const AdminShipmentSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  status: TrackingStatusSchema,
  /** Set when the shipment needs an operator: a missed collection, silence, an unknown event. */
  flag: z.enum(SHIPMENT_FLAGS).nullable(),
  collectionDate: z.string(),
  destination: z.string(),
  boxes: z.number().int(),
  lastEventAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Polling stopped: every box at a final status, or given up after silence. */
  stoppedAt: z.string().nullable(),
});
export type AdminShipment = z.infer<typeof AdminShipmentSchema>;

export const listAdminShipments = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/shipments',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Booked shipments by tracking status, those needing attention first',
  description:
    'Missed collections, customs holds, failed deliveries and silent shipments first, then the rest by collection date (newest first); at most 200. `status` keeps one status; `flagged=true` only those needing an operator.',
  query: z.object({
    status: TrackingStatusSchema.optional(),
    flagged: z.enum(['true', 'false']).optional(),
  }),
  responses: {
    200: z.object({ shipments: z.array(AdminShipmentSchema) }).describe('The shipments'),
    ...ADMIN_ERRORS,
  },
});

export const AdminTrackingSchema = z.object({
  tracking: TrackingViewSchema.nullable(),
  /** The customer's choice of optional emails; null before the booking. */
  emailChoice: TrackingEmailChoiceSchema.nullable(),
  polling: z
    .object({
      nextPollAt: z.string().nullable(),
      lastPolledAt: z.string().nullable(),
      polls: z.number().int(),
      lastError: z.string().nullable(),
      stoppedAt: z.string().nullable(),
      flag: z.enum(SHIPMENT_FLAGS).nullable(),
      rebookings: z.number().int(),
    })
    .nullable(),
  /**
   * The tracking emails sent for this order, oldest first, one per address: `kind` as the
   * outbox stores it (`tracking-customs-hold`, named in words by `emailKindText`).
   */
  emails: z.array(
    z.object({ kind: z.string(), to: z.string(), at: z.string(), status: z.string() }),
  ),
});
export type AdminTracking = z.infer<typeof AdminTrackingSchema>;

export const getAdminOrderTracking = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/tracking',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'An order’s tracking, polling and tracking emails',
  params: OrderParams,
  responses: {
    200: AdminTrackingSchema.describe('The order’s tracking'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
  },
  notFound: ORDER_NOT_FOUND,
});

import { z } from '../zod.js';
import { BOOKING_CHANGE_KINDS, BOOKING_CHANGE_STATUSES } from '../booking-changes.js';
import { PaymentSessionSchema } from '../checkout.js';
import { ORDER_NOT_FOUND } from '../order.js';
import { CoverExclusionsSchema, CoverSettingsSchema } from './cover.js';
import { ADMIN_ERRORS, CONSOLE_TAG, OperatorReasonSchema } from './admin/console.js';
import { apiError, defineRoute } from './define-route.js';
import { OrderParams, orderRoute } from './orders.js';

const TAG = 'Cancel or change a booking';

/** One change asked after payment, as the customer and the console show it. */
export const BookingChangeViewSchema = z.object({
  id: z.string(),
  kind: z.enum(BOOKING_CHANGE_KINDS),
  status: z.enum(BOOKING_CHANGE_STATUSES),
  /** Who asked: the customer, or an operator (the console shows which). */
  by: z.enum(['customer', 'operator']),
  byEmail: z.string().nullable(),
  /** What changed, in a sentence ("Collection moved from 27 Nov to 1 Dec"). */
  summary: z.string(),
  /** The courier's answer when it refused, or gave one worth reading. */
  courierAnswer: z.string().nullable(),
  at: z.string(),
  updatedAt: z.string(),
});
export type BookingChangeView = z.infer<typeof BookingChangeViewSchema>;

/** What the customer may still do with a booked order, and what was done. */
export const BookingChangesSchema = z.object({
  orderId: z.string(),
  /** The site's time when this was read: what the page says about time counts from it. */
  now: z.string(),
  status: z.string(),
  collectionDate: z.string().nullable(),
  /** When the collection window opens (ISO instant): changes close then. */
  collectionFrom: z.string().nullable(),
  cancel: z.object({
    allowed: z.boolean(),
    /** Why not, in words the customer can act on; null when allowed. */
    reason: z.string().nullable(),
  }),
  change: z.object({
    allowed: z.boolean(),
    reason: z.string().nullable(),
    /** Changes close at this instant (the collection window's start). */
    closesAt: z.string().nullable(),
    /** The days the collection may move to (not the booked one). */
    dates: z.array(z.string()),
  }),
  contact: z.object({
    phoneNumber: z.string(),
    email: z.string(),
    instructions: z.string(),
  }),
  /**
   * Raising the cover after payment, until the courier collects (a second, separate card
   * payment): the cover in force, the most this shipment can have (as on the payment step: the
   * value of the goods the cover pays for, with the items it leaves out), the settings the
   * booking was priced with (the browser shows the price with `coverRaisePricePence`; the server
   * charges it) and a raise waiting for its payment or for the courier.
   */
  cover: z.object({
    allowed: z.boolean(),
    reason: z.string().nullable(),
    coverPence: z.number().int(),
    declaredValuePence: z.number().int(),
    coveredValuePence: z.number().int(),
    maxCoverPence: z.number().int(),
    exclusions: CoverExclusionsSchema,
    settings: CoverSettingsSchema,
    /** A raise asked and not finished: waiting for the card, or for the courier. */
    pending: z
      .object({
        changeId: z.string(),
        status: z.enum(['awaiting_payment', 'pending']),
        coverPence: z.number().int(),
        pricePence: z.number().int(),
      })
      .nullable(),
  }),
  /** Why addresses and boxes cannot change after payment. */
  fixedReason: z.string(),
  changes: z.array(BookingChangeViewSchema),
});
export type BookingChanges = z.infer<typeof BookingChangesSchema>;

const RequestKey = z.uuid({ message: 'The request key must be a UUID' });

const NOT_FOUND = apiError('No such order, or not yours (ORDER_NOT_FOUND)');
const CONFLICT = apiError(
  'Not possible now, with the reason (BOOKING_COLLECTED, NOT_BOOKED, CHANGES_CLOSED, CHANGE_IN_PROGRESS)',
);

export const getBookingChanges = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/booking-changes',
  tag: TAG,
  summary: 'What may still be cancelled or changed on a booking, and the changes made',
  responses: {
    200: BookingChangesSchema.describe('The booking’s changes'),
    404: NOT_FOUND,
  },
});

export const cancelBooking = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/booking-changes/cancellation',
  tag: TAG,
  summary: 'Cancel a booking before the courier collects it, with a full refund',
  description:
    'The order becomes `cancelling` and the cancel job asks the courier; once the courier confirms, the order is `cancelled`, a held payment is released and a captured one refunded in full (the refund job), and the customer is emailed. The same request key (or a second cancel) changes nothing more. Refused with 409 once the courier has collected the boxes.',
  body: z.object({ requestKey: RequestKey }),
  responses: {
    202: BookingChangesSchema.describe('The cancellation is under way'),
    404: NOT_FOUND,
    409: CONFLICT,
  },
});

export const changeCollectionDate = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/booking-changes/collection-date',
  tag: TAG,
  summary: 'Move a booked collection to another day',
  description:
    'Until the collection window opens on the booked day: the courier rebooks the collection (no charge), then the order, its tracking, its reminder and its labels use the new day. Answers within 8 s: a courier slower than that, or one that does not answer, leaves the change `pending` or `checking` in the answer, settled later and emailed.',
  body: z.object({
    collectionDate: z.iso.date('Choose a collection date'),
    requestKey: RequestKey,
  }),
  responses: {
    200: BookingChangesSchema.describe(
      'The booking with its new date, or with the change still being confirmed',
    ),
    404: NOT_FOUND,
    409: CONFLICT,
    422: apiError('Not one of the dates offered (VALIDATION_FAILED)'),
    502: apiError('The courier did not accept the change; nothing changed (COURIER_REFUSED)'),
  },
});

export const CollectionContactSchema = z.object({
  phoneNumber: z.string().max(40),
  email: z.string().max(320),
  instructions: z.string().max(400),
  requestKey: RequestKey,
});

export const changeCollectionContact = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/booking-changes/contact',
  tag: TAG,
  summary: 'Change the collection’s phone, email and instructions for the driver',
  description:
    'Until the collection window opens on the booked day: checked as on the address step, sent to the courier, then saved on the order. Answers within 8 s, as a change of day does.',
  body: CollectionContactSchema,
  responses: {
    200: BookingChangesSchema.describe(
      'The booking with its new contact, or with the change still being confirmed',
    ),
    404: NOT_FOUND,
    409: CONFLICT,
    422: apiError('A field is not valid; `fields` says which (VALIDATION_FAILED)'),
    502: apiError('The courier did not accept the change; nothing changed (COURIER_REFUSED)'),
  },
});

/** A cover raise and the card payment the browser confirms for it. */
export const CoverRaiseSchema = z.object({
  changeId: z.string(),
  coverPence: z.number().int(),
  /** What the raise costs: the new cover's price less what was paid for cover already. */
  pricePence: z.number().int(),
  /** The card payment to confirm; null when the raise costs nothing (then it is under way). */
  payment: PaymentSessionSchema.nullable(),
});
export type CoverRaise = z.infer<typeof CoverRaiseSchema>;

export const raiseCover = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/booking-changes/cover',
  tag: TAG,
  summary: 'Raise the cover of a booking before the courier collects it (a second card payment)',
  description:
    'Priced on the server at the settings the booking was priced with (the new cover’s price less the price of the cover already bought) and returned with a card payment to confirm; nothing changes until that payment is authorised (a raise that costs nothing has no payment and is under way at once). Then the courier is told the new cover and the payment is captured; if the courier refuses, the hold is released. The same request key returns the same raise; a new amount replaces a raise still waiting for its card.',
  body: z.object({ cover: z.string().max(20), requestKey: RequestKey }),
  responses: {
    200: CoverRaiseSchema.describe('The raise and the payment to confirm'),
    404: NOT_FOUND,
    409: CONFLICT,
    422: apiError(
      'Not an amount, not above the cover in force, or above the most this shipment can have; `fields.cover` says why (VALIDATION_FAILED)',
    ),
  },
});

export const confirmCoverRaise = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/booking-changes/cover/confirmation',
  tag: TAG,
  summary: 'After the card step of a cover raise: read the payment from the card provider',
  description:
    'Safe to repeat (the provider’s event may have done it already). An authorised payment starts the raise with the courier; the page then follows `cover.pending` and `changes` until it is done.',
  body: z.object({ changeId: z.uuid({ message: 'The change must be a UUID' }) }),
  responses: {
    200: BookingChangesSchema.describe('The booking, with the raise under way or its outcome'),
    404: NOT_FOUND,
  },
});

export const cancelAdminBooking = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/booking-cancellation',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Cancel a booked order on the customer’s behalf, with a full refund',
  description:
    'The same cancellation as the customer’s (the courier is asked, then the payment released or refunded in full), recorded as the operator’s.',
  params: OrderParams,
  body: z.object({ requestKey: RequestKey, reason: OperatorReasonSchema }),
  responses: {
    202: BookingChangesSchema.describe('The cancellation is under way'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND)'),
    409: CONFLICT,
    422: apiError('No reason, or one too long (VALIDATION_FAILED; field reason)'),
  },
  notFound: ORDER_NOT_FOUND,
});

import { z } from '../zod.js';
import { CheckoutStatusSchema } from '../checkout.js';
import { BOOKING_STEPS } from '../booking-progress.js';
import { ORDER_NOT_FOUND, OrderPlaceSchema, OrderViewSchema } from '../order.js';
import { apiError, defineRoute } from './define-route.js';
import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';

const SIGNED_OUT = apiError('Not signed in (SIGNED_OUT)');

/** An order as the account page lists it. */
export const AccountOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** The booking's state (docs/orders.md). */
  status: z.string(),
  /** Once booked: the order's status from its boxes' (docs/tracking.md), shown instead. */
  trackingStatus: OrderViewSchema.shape.trackingStatus,
  /** Unpaid (a draft, or a booking the courier refused): it can be continued and paid. */
  inProgress: z.boolean(),
  createdAt: z.string(),
  collectionDate: z.string().nullable(),
  collection: OrderPlaceSchema,
  destination: OrderPlaceSchema,
  totalBoxes: z.number().int(),
  pricePence: z.number().int().nullable(),
  /** The order's last change (any step, or its status). */
  updatedAt: z.string(),
  /** How far the booking has got (meaningful while it is in progress). */
  lastStep: z.enum(BOOKING_STEPS),
  /** A draft nothing else holds (no payment of any kind): Discard may delete it. */
  discardable: z.boolean(),
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

export const listAccountOrders = defineRoute({
  method: 'GET',
  path: '/api/v1/account/orders',
  access: 'account',
  tag: 'Accounts',
  summary: 'The signed-in customer’s orders and bookings in progress',
  description:
    'Newest first: the orders of the account, and, once its email is verified, the guest orders booked with that email that belong to no account.',
  responses: {
    200: z.object({ orders: z.array(AccountOrderSchema) }).describe('The orders'),
    401: SIGNED_OUT,
  },
});

/** An order reference in a path, e.g. BA-7K2M9QXD. */
const ReferenceParams = z.object({ reference: z.string().min(1).max(40) });

export const AccountOrderDetailsSchema = z.object({
  order: OrderViewSchema,
  checkout: CheckoutStatusSchema,
});
export type AccountOrderDetails = z.infer<typeof AccountOrderDetailsSchema>;

export const getAccountOrder = defineRoute({
  method: 'GET',
  path: '/api/v1/account/orders/:reference',
  access: 'account',
  tag: 'Accounts',
  summary: 'One of the signed-in customer’s orders, by its reference',
  description:
    'The order, its status, labels, documents and tracking. Another customer’s order, or one that does not exist, is 404.',
  params: ReferenceParams,
  responses: {
    200: AccountOrderDetailsSchema.describe('The order and its booking’s status'),
    401: SIGNED_OUT,
    404: apiError('No such order for this account (ORDER_NOT_FOUND)'),
  },
  notFound: ORDER_NOT_FOUND,
});

export const BookingLinkRequestSchema = z.object({
  reference: z
    .string({ message: 'Please enter your order reference' })
    .trim()
    .min(1, 'Please enter your order reference')
    .max(40, 'That is not an order reference'),
  email: z
    .string({ message: 'Please enter your email' })
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'That email is too long')
    .pipe(z.email('Please enter a valid email address')),
});

export const requestBookingLink = defineRoute({
  method: 'POST',
  path: '/api/v1/booking-links',
  access: 'public',
  tag: 'Quotes and orders',
  summary: 'Manage my booking: email a link that opens an order',
  description:
    'Takes an order reference and the email it was booked with. The answer is the same whether or not they match; if they do, that email gets a link that opens the order once, within an hour, in the browser that uses it.',
  body: BookingLinkRequestSchema,
  responses: {
    202: z.object({ message: z.string() }).describe('The same message whether or not they match'),
    422: apiError('No reference or not an email (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const openBookingLink = defineRoute({
  method: 'PUT',
  path: '/api/v1/booking-links',
  access: 'public',
  tag: 'Quotes and orders',
  summary: 'Manage my booking: open an order with its emailed link',
  description:
    'Uses the link’s token once: this browser (and the signed-in account, if the order has none) may open the order from now on.',
  body: z.object({ token: z.string().min(1).max(200) }),
  responses: {
    200: z
      .object({ orderId: z.string(), reference: z.string() })
      .describe('The order this browser may now open'),
    410: apiError('The link has expired or has already been used (BOOKING_LINK_INVALID)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';
import { z } from '../zod.js';
import {
  ORDER_NOT_FOUND,
  OrderViewSchema,
  QuoteAnswerSchema,
  SelectServiceInputSchema,
} from '../order.js';
import { QuoteQuerySchema, QuoteRequestSchema } from '../quote.js';
import { apiError, defineRoute } from './define-route.js';
import type { ApiRoute } from './route.js';

/** The path parameters of every route under `/api/v1/orders/:id`. */
export const OrderParams = z.object({ id: z.uuid() });

/** What the routes that change an order answer. */
export const UpdatedOrder = OrderViewSchema.describe('The updated order');

const NO_SUCH_ORDER = apiError('No such order (ORDER_NOT_FOUND)');

/** What `orderRoute` fills in: who may call it, its `:id`, and the answer when there is no order. */
type OrderRouteDefaults = {
  readonly access: 'order';
  readonly notFound: typeof ORDER_NOT_FOUND;
};

/**
 * A route on one order, `/api/v1/orders/:id/…`: open to whoever may open the order (docs/accounts.md,
 * "Who may open an order"), its path parameters `OrderParams` unless it names more, and 404
 * `ORDER_NOT_FOUND` for an order that does not exist or is not the caller's. Written once here, so
 * no order route can forget its access check or its 404.
 */
export function orderRoute<const R extends Omit<ApiRoute, 'access' | 'notFound'>>(
  route: R,
): ReturnType<
  typeof defineRoute<
    OrderRouteDefaults &
      Omit<R, 'params' | 'responses'> & {
        readonly params: R extends { readonly params: infer P extends z.ZodType }
          ? P
          : typeof OrderParams;
        readonly responses: { readonly 404: typeof NO_SUCH_ORDER } & R['responses'];
      }
  >
> {
  return defineRoute({
    access: 'order',
    notFound: ORDER_NOT_FOUND,
    ...route,
    params: route.params ?? OrderParams,
    responses: { 404: NO_SUCH_ORDER, ...route.responses },
  }) as never;
}

/** What a quote answers; cached by browsers and shared caches, never with an order in it. */
export const getQuotes = defineRoute({
  method: 'GET',
  path: '/api/v1/quotes',
  access: 'public',
  tag: 'Quotes and orders',
  summary: 'Get quotes',
  description:
    'Asks a question and creates nothing. Prices come from our rate tables for the total weight (20 kg per small box, 30 kg per large box); a service is offered only when the courier runs it on the route and the rate table has a price. The reply carries a strong `ETag` (from the rate tables, the route’s availability and the question) and may be cached briefly; `If-None-Match` with it answers 304 while nothing has changed.',
  query: QuoteQuerySchema,
  responses: {
    200: QuoteAnswerSchema.describe('The services offered and their prices'),
    304: z.undefined().describe('Not modified: the answer held under this ETag is current'),
    422: apiError(
      'Invalid input (VALIDATION_FAILED), no service on the route (NO_QUOTES) or no price of ours for it (NO_PRICE)',
    ),
    503: apiError('The courier cannot confirm the route right now (COURIER_UNAVAILABLE)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

/** Select on /quote: the order starts here. */
export const createOrder = defineRoute({
  method: 'POST',
  path: '/api/v1/orders',
  access: 'public',
  tag: 'Quotes and orders',
  summary: 'Start an order with the chosen service',
  description:
    'The quote is asked again on the server and the chosen service priced from the current rate table; any price sent by the client is ignored. The new draft belongs to this browser (and the signed-in account). The reply’s `Location` is the order’s URL.',
  body: z.object({ quote: QuoteRequestSchema, service: SelectServiceInputSchema.shape.service }),
  responses: {
    201: OrderViewSchema.describe('The new draft order, with the chosen service and its price'),
    409: apiError('The service is not offered on this route now (SERVICE_UNAVAILABLE)'),
    422: apiError(
      'Invalid input (VALIDATION_FAILED), no service on the route (NO_QUOTES) or no price of ours for it (NO_PRICE)',
    ),
    503: apiError('The courier cannot confirm the route right now (COURIER_UNAVAILABLE)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const getOrder = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id',
  tag: 'Quotes and orders',
  summary: 'Read an order',
  responses: {
    200: OrderViewSchema.describe('The order'),
  },
});

export const selectService = orderRoute({
  method: 'PUT',
  path: '/api/v1/orders/:id/service',
  tag: 'Quotes and orders',
  summary: 'Choose Express or Economy',
  description: 'The price stored is the server’s own, from the current rate table.',
  body: SelectServiceInputSchema,
  responses: {
    200: UpdatedOrder,
    409: apiError(
      'The order can no longer be changed (ORDER_LOCKED), or the service is not offered for it (SERVICE_UNAVAILABLE)',
    ),
    422: apiError('Unknown service (VALIDATION_FAILED)'),
  },
});

/** Why an order cannot be discarded: what the customer is told (409). */
export const NOT_DISCARDABLE = {
  code: 'ORDER_NOT_DISCARDABLE',
  paid: 'This order has been paid for, so it cannot be discarded. Open it from your account to see where it stands.',
  bookingFailed:
    'The courier could not take this booking and your card was not charged. We keep it on your account so you can pay again, so it cannot be discarded.',
  paymentStarted:
    'A card payment was started for this booking, so we keep its record and it cannot be discarded.',
} as const;

/** Discard on the account page: an unpaid draft is deleted as an abandoned one is. */
export const discardOrder = orderRoute({
  method: 'DELETE',
  path: '/api/v1/orders/:id',
  tag: 'Quotes and orders',
  summary: 'Discard a booking in progress',
  description:
    'Deletes a `draft` order that no payment holds, with its declared items and links, as the deletion of abandoned drafts does. A paid order, one whose booking failed, or a draft whose payment was started is kept: 409. Once discarded the order is gone, so a second discard answers 404.',
  responses: {
    200: z.object({ reference: z.string() }).describe('The reference of the discarded order'),
    409: apiError('Paid for, booking failed, or a payment started (ORDER_NOT_DISCARDABLE)'),
  },
});

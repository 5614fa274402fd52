import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';
import {
  CheckoutStatusSchema,
  PaymentSessionSchema,
  SandboxAuthenticateInputSchema,
  SandboxCardInputSchema,
  SandboxCardResultSchema,
} from '../checkout.js';
import { z } from '../zod.js';
import { apiError, defineRoute } from './define-route.js';
import { OrderParams, orderRoute } from './orders.js';

/** Bytes that are not JSON: a PDF sent, or a webhook's body kept exactly as it was signed. */
const bytes = () =>
  z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ type: 'string', format: 'binary' });

/** Pay, the booking's progress, labels and documents, and the card provider's webhook. */

export const startPayment = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/payment',
  tag: 'Checkout',
  summary: 'Pay: create or reuse the payment for the server’s price',
  description:
    'The amount is the server’s price for the order; a request body is ignored. Calling it again reuses the same payment while it can still be confirmed. The browser confirms the card with the provider using `clientSecret`.',
  responses: {
    200: PaymentSessionSchema.describe('The payment to confirm with the card provider'),
    409: apiError(
      'Already paid for (ORDER_LOCKED), not ready for payment (ORDER_INCOMPLETE), the collection date can no longer be booked (COLLECTION_DATE_LAPSED), or the service no longer runs (SERVICE_UNAVAILABLE)',
    ),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const confirmPayment = orderRoute({
  method: 'POST',
  path: '/api/v1/orders/:id/payment/confirm',
  tag: 'Checkout',
  summary: 'After the card step: the payment as the provider has it now, and the booking’s status',
  responses: {
    200: CheckoutStatusSchema.describe('The checkout’s status'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const getCheckoutStatus = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/checkout',
  tag: 'Checkout',
  summary: 'The booking’s progress and outcome',
  description:
    'Polled by the pages after Pay until `result` is no longer `pending`. Labels and documents are listed once the order is booked.',
  responses: {
    200: CheckoutStatusSchema.describe('The checkout’s status'),
  },
});

export const getOrderDocument = orderRoute({
  method: 'GET',
  path: '/api/v1/orders/:id/documents/:documentId',
  tag: 'Checkout',
  summary: 'A label or document of a booked order (PDF)',
  description:
    'Served from our own store, never from the courier’s URL, as an attachment. Its URL comes from the checkout status.',
  params: OrderParams.extend({ documentId: z.uuid() }),
  replyMediaType: 'application/pdf',
  responses: {
    200: bytes().describe('The PDF'),
    404: apiError('No such order (ORDER_NOT_FOUND) or document (DOCUMENT_NOT_FOUND)'),
  },
});

export const paymentWebhook = defineRoute({
  method: 'POST',
  path: '/api/v1/payments/webhook',
  access: 'public',
  tag: 'Checkout',
  summary: 'The card provider’s events',
  description:
    'Called by the card provider (the card sandbox posts its events here too). The signature header is verified on the raw bytes of the body before anything is read; a bad signature changes nothing. Events are applied once, whatever the number of deliveries.',
  headers: z.looseObject({
    'stripe-signature': z
      .string()
      .optional()
      .describe('Stripe’s signature (PAYMENT_PROVIDER=stripe)'),
    'sandbox-signature': z.string().optional().describe('The card sandbox’s signature'),
  }),
  rawBody: 'application/json',
  body: bytes().optional().describe('The provider’s event (JSON), exactly as it signed it'),
  responses: {
    200: z
      .object({
        received: z.literal(true),
        /** What the event did; absent for events the site does not act on. */
        outcome: z.enum(['applied', 'duplicate', 'ignored']).optional(),
      })
      .describe('The event is received'),
    400: apiError('The signature does not match the body (SIGNATURE_INVALID)'),
  },
});

/** The card sandbox's own fields post here, as real card fields post to the card provider. */
const sandboxDescription =
  'Only while the card sandbox is the payment provider (never with Stripe): see docs/providers.md.';

export const sandboxConfirmCard = defineRoute({
  method: 'POST',
  path: '/api/v1/payment-sandbox/confirm',
  access: 'public',
  tag: 'Card sandbox',
  summary: 'Card sandbox: confirm a card for a payment',
  description: `${sandboxDescription} Test cards decline, need authentication or succeed like the real provider’s.`,
  body: SandboxCardInputSchema,
  responses: {
    200: SandboxCardResultSchema.describe('The payment’s status, and the card’s refusal if any'),
    404: apiError('No payment has that client secret (PAYMENT_NOT_FOUND)'),
    422: apiError('A field is missing (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

export const sandboxAuthenticate = defineRoute({
  method: 'POST',
  path: '/api/v1/payment-sandbox/authenticate',
  access: 'public',
  tag: 'Card sandbox',
  summary: 'Card sandbox: approve or refuse the authentication step',
  description: sandboxDescription,
  body: SandboxAuthenticateInputSchema,
  responses: {
    200: SandboxCardResultSchema.describe('The payment’s status, and the card’s refusal if any'),
    404: apiError('No payment has that client secret (PAYMENT_NOT_FOUND)'),
    422: apiError('A field is missing (VALIDATION_FAILED)'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

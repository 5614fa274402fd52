import { ReceiptSchema } from './receipt.js';
import { PaymentSummarySchema } from './refunds.js';
import { z } from './zod.js';

/**
 * Pay, book and confirm (docs/orders.md): what the /pay and /order-confirmation pages
 * exchange with the server.
 */

export { ORDER_STATUSES, type OrderStatus } from './order-states.js';

/** The payment for the order as the browser needs it to confirm the card. */
export const PaymentSessionSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().optional(),
  paymentId: z.string(),
  clientSecret: z.string(),
  /** The server's price for the order: the amount authorised. */
  amountPence: z.number().int().positive(),
  /** Our payment status (see docs/orders.md). */
  status: z.string(),
  /** The card provider's message for the last refused card. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PaymentSession = z.infer<typeof PaymentSessionSchema>;

export const OrderDocumentLinkSchema = z.object({
  kind: z.enum(['label', 'document']),
  title: z.string(),
  filename: z.string(),
  url: z.string(),
});
export type OrderDocumentLink = z.infer<typeof OrderDocumentLinkSchema>;

/** The booking's progress and outcome, polled by the pages after Pay. */
export const CheckoutStatusSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  /** `SUCCESS` once booked; otherwise the problem's code when there is one. */
  result: z.enum(['pending', 'SUCCESS', 'FAILED']),
  reference: z.string(),
  courierReference: z.string().nullable(),
  /** Our tracking page of the shipment (a path on this site), once booked. */
  trackingPage: z.string().nullable(),
  /** The courier's own tracking page, once booked, when it gave one. */
  trackingUrl: z.string().nullable(),
  documents: z.array(OrderDocumentLinkSchema),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** True when no money was taken (nothing authorised, or the authorisation was cancelled). */
  notCharged: z.boolean(),
  /** The customer may pay again (after a refused card, or a booking the courier refused). */
  canRetryPayment: z.boolean(),
  amountPence: z.number().int().nullable(),
  payment: z
    .object({
      status: z.string(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .nullable(),
  /** Once booked: the receipt of the payment, with the collection date and service. */
  receipt: ReceiptSchema.nullable(),
  /**
   * Once the payment is taken: what was paid (with the card's last four digits when known), each
   * refund with its state in the customer's words, and the net paid (docs/orders.md).
   */
  money: PaymentSummarySchema.nullable(),
  /**
   * Once booked, when the boxes were declared as personal effects: the destination's ISO code, for
   * the documents its customs ask for (absent otherwise).
   */
  personalEffectsDestination: z.string().optional(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

/**
 * The error code when the order's collection date can no longer be booked (it is today or has
 * gone by): Pay is refused, an authorisation that arrives for it is cancelled, and the page leads
 * to the collection date step.
 */
export const COLLECTION_DATE_LAPSED = 'COLLECTION_DATE_LAPSED';

/**
 * The payment step's tick box: the customer accepts the Terms and declares that nothing
 * prohibited is inside. Required before the card is charged; the server checks it again when
 * the authorisation arrives.
 */
export const ACCEPTANCE_LABEL =
  'I accept the Terms & Conditions and declare that my boxes contain nothing prohibited.';
export const ACCEPTANCE_MESSAGES = {
  missing: 'Please accept the Terms & Conditions and declare that nothing prohibited is inside.',
  notDeclared: 'Please declare the items in each box before you pay.',
} as const;

export const AcceptTermsInputSchema = z.object({
  accepted: z.literal(true, { message: ACCEPTANCE_MESSAGES.missing }),
});
export type AcceptTermsInput = z.infer<typeof AcceptTermsInputSchema>;

/** The sandbox card fields' submission (PAYMENT_PROVIDER=sandbox only). */
export const SandboxCardInputSchema = z.object({
  clientSecret: z.string().min(1),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  billing: z.object({
    name: z.string().max(200),
    line1: z.string().max(200),
    city: z.string().max(200),
    postcode: z.string().max(20),
    country: z.string().max(100),
  }),
});
export type SandboxCardInput = z.infer<typeof SandboxCardInputSchema>;

export const SandboxAuthenticateInputSchema = z.object({
  clientSecret: z.string().min(1),
  approve: z.boolean(),
});

export const SandboxCardResultSchema = z.object({
  status: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SandboxCardResult = z.infer<typeof SandboxCardResultSchema>;

/**
 * What a customer reads while their order is `needs_attention` (the courier's own text is for
 * operators only): the card is held, not charged, the team is checking, and when they will hear.
 */
export const NEEDS_ATTENTION_MESSAGE =
  'The courier did not confirm your booking, so our team is checking it with them. Your card is held, not charged. We will email you by the end of the next working day: either your booking is confirmed, or the hold on your card is released.';

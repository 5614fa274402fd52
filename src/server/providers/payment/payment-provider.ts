/**
 * The payment port, in our words (docs/orders.md, decision 009). Card payments are authorised
 * first (manual capture) and captured only after the courier booking succeeds. Implementations:
 * `stripe` (PaymentIntents through the official SDK) and `sandbox` (behaves like the card
 * provider's test mode, with its state in our database). Failures are ProviderErrors with the
 * codes below; a card the provider refuses is not an error but a payment in
 * `requires_payment_method` with the provider's message.
 */

export type ProviderPaymentStatus =
  /** Waiting for card details, or the last card was refused (see `lastError`). */
  | 'requires_payment_method'
  /** The card needs the customer to authenticate (3-D Secure). */
  | 'requires_action'
  /** Being processed by the provider. */
  | 'processing'
  /** Authorised, not captured: the money is held on the card. */
  | 'authorised'
  | 'captured'
  | 'cancelled';

export interface ProviderPayment {
  /** The provider's id, e.g. `pi_…`. */
  id: string;
  status: ProviderPaymentStatus;
  amountPence: number;
  currency: 'GBP';
  /** What the browser needs to confirm the card with the provider. */
  clientSecret: string;
  /** Our ids the payment was created with. */
  orderId: string | undefined;
  amountRefundedPence: number;
  /** The card's last four digits, when the provider tells them (after a card was tried). */
  cardLast4?: string;
  /** The provider's message for the last refused card, shown to the customer as it is. */
  lastError?: { code: string; message: string };
}

/** A refund as the provider holds it, found by the idempotency key it was asked with. */
export interface ProviderRefund {
  amountPence: number;
  /** `pending`: the provider has it and has not finished; `failed`: it refunded nothing. */
  status: 'succeeded' | 'pending' | 'failed';
}

export interface CreatePaymentInput {
  orderId: string;
  orderReference: string;
  amountPence: number;
  /** From our ids (order id, attempt and amount): the same key returns the same payment. */
  idempotencyKey: string;
  description: string;
}

/** Provider events, in our words. */
export type PaymentEventType =
  | 'payment.authorised'
  | 'payment.failed'
  | 'payment.requires_action'
  | 'payment.captured'
  | 'payment.cancelled'
  | 'payment.refunded';

export interface PaymentEvent {
  /** The provider's event id: events are delivered at least once and deduplicated on it. */
  id: string;
  type: PaymentEventType;
  payment: ProviderPayment;
}

/** What the browser needs to show the card fields. */
export interface PaymentClientConfig {
  provider: 'sandbox' | 'stripe';
  publishableKey?: string;
}

export type PaymentErrorCode =
  | 'TIMEOUT'
  | 'NETWORK'
  | 'HTTP_ERROR'
  | 'INVALID_REQUEST'
  | 'INVALID_STATE'
  | 'NOT_FOUND'
  | 'SIGNATURE_INVALID';

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly clientConfig: PaymentClientConfig;
  /** Creates the payment, or returns the one already created with the same idempotency key. */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  /** Takes the authorised amount. Safe to repeat (idempotency key). */
  capture(id: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Releases an uncaptured authorisation: the customer is not charged. Safe to repeat. */
  cancel(id: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Refunds part (or all) of a captured payment, once per idempotency key. */
  refund(id: string, idempotencyKey: string, amountPence?: number): Promise<ProviderPayment>;
  /**
   * The refund of this payment asked with this idempotency key, if the provider made it: how a
   * refund job knows whether its own refund went through before a lost reply (decision 104).
   */
  findRefund(id: string, idempotencyKey: string): Promise<ProviderRefund | undefined>;
  /**
   * Verifies the webhook signature (before anything else) and turns the provider's event into
   * ours; `undefined` for event types we do not act on. Throws SIGNATURE_INVALID.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | undefined>;
}

import Stripe from 'stripe';
import type { Logger } from 'pino';
import { ProviderError } from '../../provider-error.js';
import type {
  CreatePaymentInput,
  PaymentEvent,
  PaymentEventType,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from '../payment-provider.js';
import { errorMessage } from '#src/server/error-message.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests against a local stand-in of the API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
  logger?: Logger;
}

/** PaymentIntent statuses → ours. */
export function paymentStatusOf(status: Stripe.PaymentIntent.Status): ProviderPaymentStatus {
  switch (status) {
    case 'requires_capture':
      return 'authorised';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'cancelled';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    default:
      return 'requires_payment_method';
  }
}

/** Stripe event types → ours; others are not acted on. */
const EVENT_TYPES: Partial<Record<string, PaymentEventType>> = {
  'payment_intent.amount_capturable_updated': 'payment.authorised',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.requires_action': 'payment.requires_action',
  'payment_intent.succeeded': 'payment.captured',
  'payment_intent.canceled': 'payment.cancelled',
  'charge.refunded': 'payment.refunded',
};

export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const error = intent.last_payment_error;
  const charge =
    typeof intent.latest_charge === 'object' && intent.latest_charge !== null
      ? intent.latest_charge
      : undefined;
  const last4 = charge?.payment_method_details?.card?.last4;
  return {
    id: intent.id,
    status: paymentStatusOf(intent.status),
    amountPence: intent.amount,
    currency: 'GBP',
    clientSecret: intent.client_secret ?? '',
    orderId: intent.metadata?.orderId,
    // Known only when the latest charge was expanded (retrievePayment asks for it).
    amountRefundedPence: charge ? charge.amount_refunded : 0,
    // Likewise the card's last four digits (the charge's payment method details).
    ...(last4 ? { cardLast4: last4 } : {}),
    ...(error?.message
      ? {
          lastError: {
            code: error.decline_code ?? error.code ?? 'card_error',
            message: error.message,
          },
        }
      : {}),
  };
}

/**
 * The card provider (Stripe): PaymentIntents with manual capture through the official SDK. The
 * browser confirms the card with Stripe Elements; this adapter never sees card numbers.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly clientConfig;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.clientConfig = { provider: 'stripe' as const, publishableKey: options.publishableKey };
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      ...(options.api ? options.api : {}),
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    return this.call(async () =>
      toProviderPayment(
        await this.stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            capture_method: 'manual',
            description: input.description,
            metadata: { orderId: input.orderId, orderReference: input.orderReference },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  retrievePayment(id: string): Promise<ProviderPayment> {
    return this.call(async () =>
      toProviderPayment(
        await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
      ),
    );
  }

  capture(id: string, idempotencyKey: string): Promise<ProviderPayment> {
    return this.call(async () =>
      toProviderPayment(await this.stripe.paymentIntents.capture(id, {}, { idempotencyKey })),
    );
  }

  cancel(id: string, idempotencyKey: string): Promise<ProviderPayment> {
    return this.call(async () =>
      toProviderPayment(
        await this.stripe.paymentIntents.cancel(
          id,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey },
        ),
      ),
    );
  }

  refund(id: string, idempotencyKey: string, amountPence?: number): Promise<ProviderPayment> {
    return this.call(async () => {
      // The key is also kept in the refund's metadata: Stripe never shows a request's
      // idempotency key afterwards, and findRefund looks the refund up by it.
      await this.stripe.refunds.create(
        {
          payment_intent: id,
          ...(amountPence ? { amount: amountPence } : {}),
          metadata: { idempotencyKey },
        },
        { idempotencyKey },
      );
      return toProviderPayment(
        await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
      );
    });
  }

  /**
   * The payment's refund whose metadata carries this idempotency key (set by `refund`). Assumes
   * a payment has at most 100 refunds (one page of the list); a refund made before the key was
   * kept in its metadata is not found, so its job asks again with the same key, which Stripe
   * answers with the first refund for 24 hours.
   */
  findRefund(id: string, idempotencyKey: string): Promise<ProviderRefund | undefined> {
    return this.call(async () => {
      const list = await this.stripe.refunds.list({ payment_intent: id, limit: 100 });
      const found = list.data.find((r) => r.metadata?.idempotencyKey === idempotencyKey);
      if (!found) return undefined;
      const status: ProviderRefund['status'] =
        found.status === 'succeeded'
          ? 'succeeded'
          : found.status === 'failed' || found.status === 'canceled'
            ? 'failed'
            : 'pending';
      return { amountPence: found.amount, status };
    });
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | undefined> {
    const header = headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (!header) throw new Error('no signature');
      event = this.stripe.webhooks.constructEvent(rawBody, header, this.options.webhookSecret);
    } catch {
      throw new ProviderError('payment', 'SIGNATURE_INVALID', false, 'Webhook signature invalid');
    }
    const type = EVENT_TYPES[event.type];
    if (!type) return undefined;
    const object = event.data.object as { object: string };
    if (object.object === 'charge') {
      const charge = object as unknown as Stripe.Charge;
      const intentId =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      if (!intentId) return undefined;
      const payment = await this.retrievePayment(intentId);
      return {
        id: event.id,
        type,
        payment: { ...payment, amountRefundedPence: charge.amount_refunded },
      };
    }
    return {
      id: event.id,
      type,
      payment: toProviderPayment(object as unknown as Stripe.PaymentIntent),
    };
  }

  /** Runs an SDK call, turning Stripe's errors into ours (messages never carry the key). */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toProviderError(error);
    }
  }
}

export function toProviderError(error: unknown): ProviderError {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new ProviderError('payment', 'NETWORK', true, 'The card provider could not be reached', {
      cause: error,
    });
  }
  if (
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new ProviderError('payment', 'HTTP_ERROR', true, error.message, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const state = error.code === 'payment_intent_unexpected_state';
    return new ProviderError(
      'payment',
      state ? 'INVALID_STATE' : 'INVALID_REQUEST',
      false,
      error.message,
      {
        cause: error,
      },
    );
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new ProviderError(
      'payment',
      'HTTP_ERROR',
      (error.statusCode ?? 500) >= 500,
      error.message,
      {
        cause: error,
      },
    );
  }
  return new ProviderError('payment', 'NETWORK', true, errorMessage(error), {
    cause: error,
  });
}

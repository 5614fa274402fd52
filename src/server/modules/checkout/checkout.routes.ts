import type { FastifyInstance } from 'fastify';
import {
  confirmPayment,
  getCheckoutStatus,
  getOrderDocument,
  paymentWebhook,
  sandboxAuthenticate,
  sandboxConfirmCard,
  startPayment,
} from '#src/domain/api/checkout.js';
import type { SandboxCardResult } from '#src/domain/checkout.js';
import { ApiError } from '../../http/errors.js';
import { addRoute, NO_STORE, routesOn } from '../../http/route.js';
import { tooManyAttempts, type Limit, type RateLimiter } from '../../http/rate-limiter.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { CardConfirmResult } from '../../providers/payment/sandbox/sandbox-payments.js';
import { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import type { CheckoutService } from './checkout.service.js';

export const WEBHOOK_PATH = paymentWebhook.path;

/** Pay, the booking's progress, labels and documents, and the provider's webhook. */
export function checkoutRoutes(
  checkout: CheckoutService,
  declines: { limiter: RateLimiter; limit: Limit },
) {
  const cards = cardDeclines(declines);
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    const addPayment = routesOn(app, { ...NO_STORE, rateLimit: 'payments' });
    /** Pay: create or reuse the payment for the server's price (a body is ignored). */
    addPayment(startPayment, async ({ params }) => {
      await cards.refuseWhileCooling(params.id);
      return checkout.startPayment(params.id);
    });
    /** After the card step: the payment as the provider has it now, and the booking's status. */
    addPayment(confirmPayment, async ({ params }) => checkout.confirmPayment(params.id));
    add(getCheckoutStatus, async ({ params }) => checkout.status(params.id));
    addDocumentRoute(app, checkout);
    await app.register(webhookRoutes(checkout));
    const provider = checkout.provider;
    if (provider instanceof SandboxPaymentProvider) {
      /** The sandbox's card fields post here, as the real ones post to the card provider. */
      const counted = async (
        clientSecret: string,
        attempt: () => Promise<CardConfirmResult>,
      ): Promise<SandboxCardResult> => {
        const { orderId } = await sandboxCall(() => provider.paymentBySecret(clientSecret));
        await cards.refuseWhileCooling(orderId);
        const result = await sandboxCall(attempt);
        // A refused card (not a mistyped one) counts against its order.
        if (!result.ok && result.code !== 'invalid_card' && orderId) await cards.count(orderId);
        return cardResult(result);
      };
      addPayment(sandboxConfirmCard, async ({ body }) =>
        counted(body.clientSecret, () => provider.confirmCard(body.clientSecret, body)),
      );
      addPayment(sandboxAuthenticate, async ({ body }) =>
        counted(body.clientSecret, () => provider.authenticate(body.clientSecret, body.approve)),
      );
    }
  };
}

/** Declined cards per order: past the limit the order waits (docs/security.md). */
function cardDeclines(declines: { limiter: RateLimiter; limit: Limit }) {
  const declineKey = (orderId: string) => `card-declines:order:${orderId}`;
  return {
    async refuseWhileCooling(orderId: string | undefined): Promise<void> {
      if (!orderId) return;
      const wait = await declines.limiter.waitFor(declineKey(orderId), declines.limit);
      if (wait > 0) throw tooManyAttempts(wait);
    },
    async count(orderId: string): Promise<void> {
      await declines.limiter.increment(declineKey(orderId), declines.limit.windowSeconds);
    },
  };
}

/** A label or document of a booked order, from our own store (never the courier's URL). */
function addDocumentRoute(app: FastifyInstance, checkout: CheckoutService): void {
  addRoute(
    app,
    getOrderDocument,
    async ({ params }, reply) => {
      const doc = await checkout.document(params.id, params.documentId);
      if (!doc) throw new ApiError(404, 'DOCUMENT_NOT_FOUND', 'We could not find that document.');
      reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.filename}"`);
      return Buffer.from(doc.content);
    },
    { cacheControl: 'private, no-store' },
  );
}

/**
 * The provider's webhook (the sandbox's events come here too): the signature is verified on the
 * raw body before anything else; a bad one changes nothing.
 */
function webhookRoutes(checkout: CheckoutService) {
  return async (webhook: FastifyInstance) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    addRoute(
      webhook,
      paymentWebhook,
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = await checkout.provider.parseWebhook(raw, request.headers);
        } catch (error) {
          if (isProviderError(error) && error.code === 'SIGNATURE_INVALID') {
            throw new ApiError(400, 'SIGNATURE_INVALID', 'Webhook signature verification failed.');
          }
          throw error;
        }
        if (!event) return { received: true as const };
        const outcome = await checkout.handleEvent(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
        return { received: true as const, outcome };
      },
      // Provider events can exceed the API's default body limit.
      { bodyLimit: 1024 * 1024 },
    );
  };
}

async function sandboxCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isProviderError(error) && error.code === 'NOT_FOUND') {
      throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'We could not find that payment.');
    }
    throw error;
  }
}

function cardResult(result: CardConfirmResult): SandboxCardResult {
  return {
    status: result.payment.status,
    error: result.ok ? null : { code: result.code, message: result.message },
  };
}

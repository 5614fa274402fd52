import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  SandboxAuthenticateInputSchema,
  SandboxCardInputSchema,
  type SandboxCardResult,
} from '../../../domain/checkout.js';
import { ApiError, parseInput } from '../../http/errors.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { CardConfirmResult } from '../../providers/payment/sandbox/sandbox-payments.js';
import { SandboxPaymentProvider } from '../../providers/payment/sandbox/sandbox-payments.js';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/orders.service.js';
import type { PaymentsService } from './payments.service.js';

export const WEBHOOK_PATH = '/api/v1/payments/webhook';

const OrderParams = z.object({ id: z.uuid() });
const DocumentParams = OrderParams.extend({ documentId: z.uuid() });

function params<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError(404, 'ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return parsed.data;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Pay, the booking's progress, labels and documents, and the provider's webhook. */
export function paymentsRoutes(payments: PaymentsService) {
  return async function register(app: FastifyInstance) {
    /** Pay: create or reuse the payment for the server's price (a body is ignored). */
    app.post('/orders/:id/payment', async (request, reply) => {
      const { id } = params(OrderParams, request.params);
      return noStore(reply).send(await payments.startPayment(id));
    });

    /** After the card step: the payment as the provider has it now, and the booking's status. */
    app.post('/orders/:id/payment/confirm', async (request, reply) => {
      const { id } = params(OrderParams, request.params);
      return noStore(reply).send(await payments.confirmPayment(id));
    });

    app.get('/orders/:id/checkout', async (request, reply) => {
      const { id } = params(OrderParams, request.params);
      return noStore(reply).send(await payments.status(id));
    });

    /** A label or document of a booked order, from our own store (never the courier's URL). */
    app.get('/orders/:id/documents/:documentId', async (request, reply) => {
      const { id, documentId } = params(DocumentParams, request.params);
      const doc = await payments.document(id, documentId);
      if (!doc) throw new ApiError(404, 'DOCUMENT_NOT_FOUND', 'We could not find that document.');
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', doc.content_type)
        .header('content-disposition', `attachment; filename="${doc.filename}"`)
        .send(Buffer.from(doc.content));
    });

    /**
     * The provider's webhook (the sandbox's events come here too): the signature is verified on
     * the raw body before anything else; a bad one changes nothing.
     */
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      // Provider events can exceed the API's default body limit.
      webhook.post('/payments/webhook', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = await payments.provider.parseWebhook(raw, request.headers);
        } catch (error) {
          if (isProviderError(error) && error.code === 'SIGNATURE_INVALID') {
            throw new ApiError(400, 'SIGNATURE_INVALID', 'Webhook signature verification failed.');
          }
          throw error;
        }
        if (!event) return reply.send({ received: true });
        const outcome = await payments.handleEvent(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
        return reply.send({ received: true, outcome });
      });
    });

    const provider = payments.provider;
    if (provider instanceof SandboxPaymentProvider) {
      /** The sandbox's card fields post here, as the real ones post to the card provider. */
      app.post('/payment-sandbox/confirm', async (request, reply) => {
        const input = parseInput(SandboxCardInputSchema, request.body);
        return noStore(reply).send(
          cardResult(await sandboxCall(() => provider.confirmCard(input.clientSecret, input))),
        );
      });
      app.post('/payment-sandbox/authenticate', async (request, reply) => {
        const input = parseInput(SandboxAuthenticateInputSchema, request.body);
        return noStore(reply).send(
          cardResult(
            await sandboxCall(() => provider.authenticate(input.clientSecret, input.approve)),
          ),
        );
      });
    }
  };
}

async function sandboxCall(fn: () => Promise<CardConfirmResult>): Promise<CardConfirmResult> {
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

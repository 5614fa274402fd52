import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { call, untyped } from '#tests/support/call.js';
import { paymentWebhook, sandboxConfirmCard } from '#src/domain/api/checkout.js';
import { StripePaymentProvider } from './stripe-payments.js';

/** A local stand-in for the card provider's API: records requests, answers like it. */
interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const WEBHOOK_SECRET = 'whsec_test_standin';
let server: Server;
let port = 0;
let recorded: Recorded[] = [];
let nextReply: { status: number; body: unknown } | undefined;
const intents = new Map<string, Record<string, unknown>>();
/** What the stand-in has refunded of each PaymentIntent, in pence. */
const refunded = new Map<string, number>();
/** The refunds the stand-in made, as the API lists them. */
let refunds: {
  id: string;
  payment_intent: string;
  amount: number;
  status: string;
  metadata: object;
}[] = [];

function intent(id: string, fields: Record<string, unknown>) {
  const value = {
    id,
    object: 'payment_intent',
    amount: 0,
    currency: 'gbp',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_abc`,
    capture_method: 'manual',
    metadata: {},
    last_payment_error: null,
    ...intents.get(id),
    ...fields,
  };
  intents.set(id, value);
  return value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = new URLSearchParams(raw);
      recorded.push({
        method: request.method ?? '',
        path: url.pathname,
        body,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        authorization: request.headers.authorization,
      });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        response.end(JSON.stringify(json));
      };
      if (nextReply) {
        const reply = nextReply;
        nextReply = undefined;
        return send(reply.status, reply.body);
      }
      const match = url.pathname.match(
        /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/,
      );
      if (match && request.method === 'POST' && !match[1]) {
        return send(
          200,
          intent('pi_123', {
            amount: Number(body.get('amount')),
            metadata: { orderId: body.get('metadata[orderId]') },
          }),
        );
      }
      if (match?.[1] && match[2] === 'capture')
        return send(200, intent(match[1], { status: 'succeeded' }));
      if (match?.[1] && match[2] === 'cancel')
        return send(200, intent(match[1], { status: 'canceled' }));
      if (match?.[1] && request.method === 'GET') {
        const expanded = url.search.includes('latest_charge');
        return send(
          200,
          intent(match[1], {
            latest_charge: expanded
              ? { id: 'ch_1', object: 'charge', amount_refunded: refunded.get(match[1]) ?? 0 }
              : 'ch_1',
          }),
        );
      }
      if (url.pathname === '/v1/refunds' && request.method === 'GET') {
        const id = url.searchParams.get('payment_intent') ?? '';
        return send(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: refunds.filter((r) => r.payment_intent === id),
        });
      }
      if (url.pathname === '/v1/refunds') {
        const id = body.get('payment_intent') ?? '';
        const amount = Number(body.get('amount') ?? 0);
        refunded.set(id, (refunded.get(id) ?? 0) + amount);
        const refund = {
          id: `re_${refunds.length + 1}`,
          object: 'refund',
          amount,
          payment_intent: id,
          status: 'succeeded',
          metadata: { idempotencyKey: body.get('metadata[idempotencyKey]') ?? undefined },
        };
        refunds.push(refund);
        return send(200, refund);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded = [];
  nextReply = undefined;
  intents.clear();
  refunded.clear();
  refunds = [];
});

const provider = () =>
  new StripePaymentProvider({
    secretKey: 'sk_test_standin',
    publishableKey: 'pk_test_standin',
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    timeoutMs: 2_000,
  });

describe('request mapping', () => {
  it('creates a manual-capture PaymentIntent in GBP with our idempotency key and metadata', async () => {
    const payment = await provider().createPayment({
      orderId: 'order-1',
      orderReference: 'BA-ABCDEFGH',
      amountPence: 7799,
      idempotencyKey: 'order:order-1:attempt:1:amount:7799',
      description: 'BoxAbroad order BA-ABCDEFGH',
    });
    expect(payment).toMatchObject({
      id: 'pi_123',
      status: 'requires_payment_method',
      amountPence: 7799,
      clientSecret: 'pi_123_secret_abc',
      orderId: 'order-1',
    });
    const [create] = recorded;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'order:order-1:attempt:1:amount:7799',
      authorization: 'Bearer sk_test_standin',
    });
    expect(Object.fromEntries(create!.body)).toMatchObject({
      amount: '7799',
      currency: 'gbp',
      capture_method: 'manual',
      'metadata[orderId]': 'order-1',
      'metadata[orderReference]': 'BA-ABCDEFGH',
    });
  });

  it('capture, cancel and refund map to the API with their own idempotency keys', async () => {
    const p = provider();
    intent('pi_9', { status: 'requires_capture', amount: 500 });
    expect((await p.retrievePayment('pi_9')).status).toBe('authorised');
    expect((await p.capture('pi_9', 'capture:x')).status).toBe('captured');
    intent('pi_8', { status: 'requires_capture' });
    expect((await p.cancel('pi_8', 'cancel:y')).status).toBe('cancelled');
    // The refunded amount is read from the expanded latest charge.
    expect((await p.refund('pi_9', 'refund:z', 200)).amountRefundedPence).toBe(200);
    expect(recorded.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['GET', '/v1/payment_intents/pi_9', undefined],
      ['POST', '/v1/payment_intents/pi_9/capture', 'capture:x'],
      ['POST', '/v1/payment_intents/pi_8/cancel', 'cancel:y'],
      ['POST', '/v1/refunds', 'refund:z'],
      ['GET', '/v1/payment_intents/pi_9', undefined],
    ]);
    expect(recorded[3]!.body.get('payment_intent')).toBe('pi_9');
    expect(recorded[3]!.body.get('amount')).toBe('200');
  });

  it('finds a refund by the idempotency key kept in its metadata; the card’s last four digits from the charge', async () => {
    const p = provider();
    intent('pi_7', { status: 'succeeded', amount: 900 });
    await p.refund('pi_7', 'refund:a', 300);
    expect(recorded.at(-2)!.body.get('metadata[idempotencyKey]')).toBe('refund:a');
    intent('pi_6', { status: 'succeeded', amount: 900 });
    await p.refund('pi_6', 'refund:b', 100);
    expect(await p.findRefund('pi_7', 'refund:a')).toEqual({
      amountPence: 300,
      status: 'succeeded',
    });
    // Another payment's refund, or a key never used: not found.
    expect(await p.findRefund('pi_7', 'refund:b')).toBeUndefined();
    expect(await p.findRefund('pi_7', 'refund:c')).toBeUndefined();
    const list = recorded.filter((r) => r.method === 'GET' && r.path === '/v1/refunds');
    expect(list).toHaveLength(3);
    refunds[0]!.status = 'failed';
    expect(await p.findRefund('pi_7', 'refund:a')).toEqual({ amountPence: 300, status: 'failed' });

    // The card's digits come with the expanded charge.
    intent('pi_5', { status: 'requires_capture', amount: 900 });
    nextReply = {
      status: 200,
      body: intent('pi_5', {
        latest_charge: {
          id: 'ch_5',
          object: 'charge',
          amount_refunded: 0,
          payment_method_details: { type: 'card', card: { last4: '4242' } },
        },
      }),
    };
    expect((await p.retrievePayment('pi_5')).cardLast4).toBe('4242');
  });

  it('maps the provider’s errors to ours without the key', async () => {
    nextReply = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent could not be captured because it has a status of canceled.',
        },
      },
    };
    await expect(provider().capture('pi_1', 'k')).rejects.toMatchObject({
      code: 'INVALID_STATE',
      retryable: false,
    });
    const down = new StripePaymentProvider({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: 1, protocol: 'http' },
      timeoutMs: 500,
    });
    const error = await down.retrievePayment('pi_1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK', retryable: true });
    expect(String((error as Error).message)).not.toContain('sk_test_standin');
  });

  it('a declined card’s message reaches us as the provider wrote it', async () => {
    intent('pi_d', {
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    expect((await provider().retrievePayment('pi_d')).lastError).toEqual({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });
});

describe('webhooks', () => {
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });

  it('verifies the signature with the SDK and maps the event', async () => {
    const payload = event(
      'payment_intent.amount_capturable_updated',
      intent('pi_w', { status: 'requires_capture', amount: 900 }),
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const parsed = await provider().parseWebhook(Buffer.from(payload), {
      'stripe-signature': header,
    });
    expect(parsed).toMatchObject({
      id: 'evt_1',
      type: 'payment.authorised',
      payment: { id: 'pi_w', status: 'authorised', amountPence: 900 },
    });
    const ignored = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(
      await provider().parseWebhook(Buffer.from(ignored), {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: ignored,
          secret: WEBHOOK_SECRET,
        }),
      }),
    ).toBeUndefined();
  });

  it('refuses a bad, missing or other-secret signature', async () => {
    const payload = event('payment_intent.succeeded', intent('pi_w', { status: 'succeeded' }));
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    for (const headers of [
      { 'stripe-signature': other },
      {},
      { 'stripe-signature': 't=1,v1=00' },
    ]) {
      await expect(provider().parseWebhook(Buffer.from(payload), headers)).rejects.toMatchObject({
        code: 'SIGNATURE_INVALID',
      });
    }
  });

  describe('through the site’s webhook route', () => {
    const t = useTestApp(() => ({ payment: provider() }));
    // The card sandbox, the site's provider when no Stripe key is set.
    const sandboxApp = useTestApp();

    it('rejects a bad signature before reading the event, and accepts a good one', async () => {
      const payload = event(
        'payment_intent.canceled',
        intent('pi_unknown', { status: 'canceled' }),
      );
      const bad = await call(t.app, paymentWebhook, {
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: Buffer.from(payload),
      });
      expect(bad.statusCode).toBe(400);
      expect(await t.database.query('SELECT * FROM payment_events')).toEqual([]);
      const good = await call(t.app, paymentWebhook, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: Buffer.from(payload),
      });
      expect(good.statusCode).toBe(200);
      // No payment of ours has that id: recorded as seen, nothing else changes.
      expect(good.json()).toMatchObject({ received: true, outcome: 'ignored' });
      // Stripe's hosts are allowed by the CSP only with Stripe.
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      const plain = String(
        (await sandboxApp.app.inject({ method: 'GET', url: '/healthz' })).headers[
          'content-security-policy'
        ],
      );
      expect(plain).not.toContain('stripe');
      // The sandbox's card routes exist only with the sandbox.
      const sandbox = await call(t.app, sandboxConfirmCard, { body: untyped({}) });
      expect(sandbox.statusCode).toBe(404);
    });
  });
});

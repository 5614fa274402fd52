import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { CARD_MESSAGES, cardFieldErrors, cardOutcome, type CardInput } from '#src/domain/cards.js';
import type { Clock } from '#src/server/clock.js';
import type { RawQuery } from '#src/server/db/client.js';
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

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** Delivers one signed event to the site's webhook route; resolves with the HTTP status. */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

interface Row {
  id: string;
  idempotency_key: string;
  amount_pence: number;
  currency: string;
  status: ProviderPaymentStatus;
  client_secret: string;
  metadata: { orderId?: string };
  last_error_code: string | null;
  last_error_message: string | null;
  amount_refunded_pence: number;
  card_last4: string | null;
}

/** What the sandbox's card fields get back, as the provider's confirm call answers. */
export type CardConfirmResult =
  | { ok: true; payment: ProviderPayment }
  | { ok: false; code: string; message: string; payment: ProviderPayment };

/**
 * The card sandbox: behaves like the card provider in test mode (docs/providers.md): test cards that
 * authorise, decline, lack funds or need authentication; manual capture; cancel; refund; signed
 * events delivered to the same webhook route as the real provider's. Its records live in the
 * `sandbox_payments` table, so they survive restarts. Never in production unless
 * ALLOW_SANDBOX_PROVIDERS=true.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly clientConfig = { provider: 'sandbox' as const };
  readonly webhookSecret: string;
  private delivery: WebhookDelivery | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: { query: RawQuery; clock: Clock; logger: Logger },
    options: { webhookSecret?: string } = {},
  ) {
    this.webhookSecret = options.webhookSecret ?? `whsec_sbx_${randomBytes(24).toString('hex')}`;
  }

  /** Where events go: the app posts them to its own webhook route. */
  connect(delivery: WebhookDelivery | undefined): void {
    this.delivery = delivery;
  }

  /** Resolves when every event sent so far has been delivered (tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const now = this.deps.clock.now();
    const id = `pi_sbx_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    await this.deps.query(
      `INSERT INTO sandbox_payments (id, idempotency_key, amount_pence, currency, status,
         client_secret, metadata, created_at, updated_at)
       VALUES ($1, $2, $3, 'GBP', 'requires_payment_method', $4, $5, $6, $6)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        id,
        input.idempotencyKey,
        input.amountPence,
        `${id}_secret_${randomBytes(12).toString('hex')}`,
        JSON.stringify({ orderId: input.orderId, orderReference: input.orderReference }),
        now,
      ],
    );
    const [row] = await this.deps.query<Row>(
      'SELECT * FROM sandbox_payments WHERE idempotency_key = $1',
      [input.idempotencyKey],
    );
    if (!row) throw new ProviderError('payment', 'NOT_FOUND', false, 'sandbox payment vanished');
    if (row.amount_pence !== input.amountPence) {
      // The card provider refuses an idempotency key reused with other parameters.
      throw new ProviderError(
        'payment',
        'INVALID_REQUEST',
        false,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    return toPayment(row);
  }

  async retrievePayment(id: string): Promise<ProviderPayment> {
    return toPayment(await this.row(id));
  }

  async capture(id: string): Promise<ProviderPayment> {
    const row = await this.row(id);
    if (row.status === 'captured') return toPayment(row);
    if (row.status !== 'authorised') throw unexpectedState(row.status, 'capture');
    return this.transition(id, 'authorised', 'captured', 'payment.captured');
  }

  async cancel(id: string): Promise<ProviderPayment> {
    const row = await this.row(id);
    if (row.status === 'cancelled') return toPayment(row);
    if (row.status === 'captured') throw unexpectedState(row.status, 'cancel');
    return this.transition(id, row.status, 'cancelled', 'payment.cancelled');
  }

  /**
   * Refunds part or all of a captured payment, once per idempotency key: the same key again
   * returns the payment as it is (a different amount with it is refused, as the provider does).
   */
  async refund(id: string, key: string, amountPence?: number): Promise<ProviderPayment> {
    const [earlier] = await this.deps.query<{ amount_pence: number }>(
      'SELECT amount_pence FROM sandbox_refunds WHERE idempotency_key = $1',
      [key],
    );
    if (earlier) {
      if (amountPence !== undefined && earlier.amount_pence !== amountPence) {
        throw new ProviderError(
          'payment',
          'INVALID_REQUEST',
          false,
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return toPayment(await this.row(id));
    }
    const row = await this.row(id);
    if (row.status !== 'captured') throw unexpectedState(row.status, 'refund');
    const left = row.amount_pence - row.amount_refunded_pence;
    const amount = amountPence ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new ProviderError(
        'payment',
        'INVALID_REQUEST',
        false,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      );
    }
    // The key is taken first: a second request with it waits for this one and then refunds
    // nothing.
    const [updated] = await this.deps.query<Row>(
      `WITH taken AS (
         INSERT INTO sandbox_refunds (idempotency_key, payment_id, amount_pence, created_at)
         VALUES ($2, $1, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING amount_pence AS refund_pence
       )
       UPDATE sandbox_payments
          SET amount_refunded_pence = LEAST(sandbox_payments.amount_pence,
                sandbox_payments.amount_refunded_pence + taken.refund_pence),
              updated_at = $4
         FROM taken WHERE id = $1 RETURNING sandbox_payments.*`,
      [id, key, amount, this.deps.clock.now()],
    );
    if (!updated) return toPayment(await this.row(id));
    const payment = toPayment(updated);
    this.emit('payment.refunded', payment);
    return payment;
  }

  /** The refund made with this key for this payment (`sandbox_refunds` is keyed by it). */
  async findRefund(id: string, key: string): Promise<ProviderRefund | undefined> {
    const [row] = await this.deps.query<{ amount_pence: number }>(
      'SELECT amount_pence FROM sandbox_refunds WHERE idempotency_key = $1 AND payment_id = $2',
      [key, id],
    );
    return row ? { amountPence: row.amount_pence, status: 'succeeded' } : undefined;
  }

  /**
   * The provider's confirm call from the sandbox's card fields: checks the fields as the real
   * ones do, then authorises, declines or asks for authentication by test card.
   */
  async confirmCard(clientSecret: string, card: CardInput): Promise<CardConfirmResult> {
    const row = await this.rowBySecret(clientSecret);
    if (row.status !== 'requires_payment_method') return { ok: true, payment: toPayment(row) };
    const fieldErrors = cardFieldErrors(card, this.deps.clock.now());
    const first = fieldErrors.number ?? fieldErrors.expiry ?? fieldErrors.cvc;
    if (first) return { ok: false, code: 'invalid_card', message: first, payment: toPayment(row) };
    const outcome = cardOutcome(card.number);
    const last4 = card.number.replace(/\D/g, '').slice(-4);
    if (outcome.kind === 'decline') {
      const [updated] = await this.deps.query<Row>(
        `UPDATE sandbox_payments SET last_error_code = $2, last_error_message = $3, card_last4 = $4,
           updated_at = $5 WHERE id = $1 AND status = 'requires_payment_method' RETURNING *`,
        [row.id, outcome.code, outcome.message, last4, this.deps.clock.now()],
      );
      const payment = toPayment(updated ?? (await this.row(row.id)));
      if (updated) this.emit('payment.failed', payment);
      return { ok: false, code: outcome.code, message: outcome.message, payment };
    }
    const next = outcome.kind === 'authorise' ? 'authorised' : 'requires_action';
    const payment = await this.transition(
      row.id,
      'requires_payment_method',
      next,
      next === 'authorised' ? 'payment.authorised' : 'payment.requires_action',
      last4,
    );
    return { ok: true, payment };
  }

  /** The payment a client secret belongs to (NOT_FOUND when none does). */
  async paymentBySecret(clientSecret: string): Promise<ProviderPayment> {
    return toPayment(await this.rowBySecret(clientSecret));
  }

  /** The sandbox authentication step (3-D Secure): the customer approves or fails it. */
  async authenticate(clientSecret: string, approve: boolean): Promise<CardConfirmResult> {
    const row = await this.rowBySecret(clientSecret);
    if (row.status !== 'requires_action') return { ok: true, payment: toPayment(row) };
    if (approve) {
      return {
        ok: true,
        payment: await this.transition(
          row.id,
          'requires_action',
          'authorised',
          'payment.authorised',
        ),
      };
    }
    const [updated] = await this.deps.query<Row>(
      `UPDATE sandbox_payments SET status = 'requires_payment_method', last_error_code = $2,
         last_error_message = $3, updated_at = $4
       WHERE id = $1 AND status = 'requires_action' RETURNING *`,
      [
        row.id,
        'payment_intent_authentication_failure',
        CARD_MESSAGES.authenticationFailed,
        this.deps.clock.now(),
      ],
    );
    const payment = toPayment(updated ?? (await this.row(row.id)));
    if (updated) this.emit('payment.failed', payment);
    return {
      ok: false,
      code: 'payment_intent_authentication_failure',
      message: CARD_MESSAGES.authenticationFailed,
      payment,
    };
  }

  /** Signs a body as the sandbox does (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`). */
  sign(
    body: string,
    timestampSeconds = Math.floor(this.deps.clock.now().getTime() / 1000),
  ): string {
    const mac = createHmac('sha256', this.webhookSecret)
      .update(`${timestampSeconds}.${body}`)
      .digest('hex');
    return `t=${timestampSeconds},v1=${mac}`;
  }

  /** A signed event body for a payment as it is now (the sandbox's deliveries; tests). */
  async eventFor(id: string, type: PaymentEventType, eventId = `evt_sbx_${randomUUID()}`) {
    const body = JSON.stringify({ id: eventId, type, payment: await this.retrievePayment(id) });
    return { body, signature: this.sign(body) };
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent | undefined> {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature || !this.verify(rawBody.toString('utf8'), signature)) {
      throw new ProviderError('payment', 'SIGNATURE_INVALID', false, 'Webhook signature invalid');
    }
    const event = JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
    return event;
  }

  private verify(body: string, header: string): boolean {
    const parts = Object.fromEntries(
      header.split(',').map((part) => part.split('=', 2) as [string, string]),
    );
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1) return false;
    // Five minutes of tolerance, as the card provider's SDK allows.
    if (Math.abs(this.deps.clock.now().getTime() / 1000 - t) > 300) return false;
    const expected = Buffer.from(this.sign(body, t).split('v1=')[1] ?? '', 'utf8');
    const given = Buffer.from(parts.v1, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async transition(
    id: string,
    from: ProviderPaymentStatus,
    to: ProviderPaymentStatus,
    event: PaymentEventType,
    last4?: string,
  ): Promise<ProviderPayment> {
    const [updated] = await this.deps.query<Row>(
      `UPDATE sandbox_payments SET status = $3, last_error_code = NULL, last_error_message = NULL,
         card_last4 = COALESCE($4, card_last4), updated_at = $5
       WHERE id = $1 AND status = $2 RETURNING *`,
      [id, from, to, last4 ?? null, this.deps.clock.now()],
    );
    if (!updated) return toPayment(await this.row(id));
    const payment = toPayment(updated);
    this.emit(event, payment);
    return payment;
  }

  /** Sends the event to the webhook route in the background, retrying a few times. */
  private emit(type: PaymentEventType, payment: ProviderPayment): void {
    const delivery = this.delivery;
    if (!delivery) return;
    const body = JSON.stringify({ id: `evt_sbx_${randomUUID()}`, type, payment });
    const task = (async () => {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        try {
          const status = await delivery(body, this.sign(body));
          if (status < 500) return;
        } catch (error) {
          this.deps.logger.warn({ err: error, type }, 'sandbox webhook delivery failed');
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    })();
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  private async row(id: string): Promise<Row> {
    const [row] = await this.deps.query<Row>('SELECT * FROM sandbox_payments WHERE id = $1', [id]);
    if (!row) throw new ProviderError('payment', 'NOT_FOUND', false, `No such payment: ${id}`);
    return row;
  }

  private async rowBySecret(clientSecret: string): Promise<Row> {
    const [row] = await this.deps.query<Row>(
      'SELECT * FROM sandbox_payments WHERE client_secret = $1',
      [clientSecret],
    );
    if (!row) throw new ProviderError('payment', 'NOT_FOUND', false, 'No such payment');
    return row;
  }
}

function unexpectedState(status: string, action: string): ProviderError {
  return new ProviderError(
    'payment',
    'INVALID_STATE',
    false,
    `This PaymentIntent could not be ${action === 'capture' ? 'captured' : action === 'cancel' ? 'canceled' : 'refunded'} because it has a status of ${status}.`,
  );
}

function toPayment(row: Row): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountPence: row.amount_pence,
    currency: 'GBP',
    clientSecret: row.client_secret,
    orderId: row.metadata.orderId,
    amountRefundedPence: row.amount_refunded_pence,
    ...(row.card_last4 ? { cardLast4: row.card_last4 } : {}),
    ...(row.last_error_code && row.last_error_message
      ? { lastError: { code: row.last_error_code, message: row.last_error_message } }
      : {}),
  };
}

import { randomUUID } from 'node:crypto';
import { COLLECTION_DATE_LAPSED, type PaymentSession } from '#src/domain/checkout.js';
import { isEditable, PAYMENT_STATUS_RANK } from '#src/domain/order-states.js';
import { ApiError } from '../../http/errors.js';
import type { ProviderPayment } from '../../providers/payment/payment-provider.js';
import {
  CHECKOUT_MESSAGES,
  collectionDateLapsedMessage,
  type CheckoutDeps,
} from './checkout-deps.js';
import type { PaymentRow } from './checkout.repository.js';
import type { PaymentEvents } from './payment-events.js';

/**
 * Pay (docs/orders.md, "The flow" 1–3): the payment for the order's current attempt and the
 * server's price, created once and reused by repeated requests; and the confirm call after the
 * card step.
 */
export class PaymentSessions {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly events: PaymentEvents,
  ) {}

  /**
   * The payment for the order's current attempt and the server's price, created once
   * (idempotency key from the order id, attempt and amount) and reused by repeated requests.
   * Route availability is refreshed first, so a customer never pays for a service that stopped,
   * and the collection date is checked again, so never for a date that has gone by.
   */
  async start(orderId: string): Promise<PaymentSession> {
    const { orders, repository } = this.deps;
    let order = await orders.load(orderId);
    if (!isEditable(order.status)) {
      const current = await repository.paymentOfAttempt(orderId, order.paymentAttempt);
      if (current) return this.session(current);
      throw new ApiError(409, 'ORDER_LOCKED', 'This order has already been paid for.');
    }
    if (
      !order.collectionAddress ||
      !order.deliveryAddress ||
      !order.collectionDate ||
      !order.declaredAt ||
      !order.selectedService
    ) {
      throw new ApiError(409, 'ORDER_INCOMPLETE', CHECKOUT_MESSAGES.incomplete);
    }
    if (!orders.collectionDateStillBookable(order)) {
      throw new ApiError(
        409,
        COLLECTION_DATE_LAPSED,
        collectionDateLapsedMessage(order.collectionDate, false),
      );
    }
    const match = await orders.resolveCourierService(order);
    // The service's price and the cover's, now: the one pricing function (src/domain/pricing.ts).
    const price = await orders.currentPrice(order);
    if (price === undefined) {
      throw new ApiError(409, 'SERVICE_UNAVAILABLE', CHECKOUT_MESSAGES.serviceUnavailable);
    }
    const pricePence = price.totalPence;
    if (
      pricePence !== order.pricePence ||
      price.coverPence !== order.coverPence ||
      price.coverPricePence !== order.coverPricePence ||
      // The settings the booking is priced with, even with the included cover only: a raise
      // after payment is priced with them.
      price.coverSettingsVersion !== order.coverSettingsVersion ||
      match.courierService.serviceId !== order.courierServiceId ||
      match.collectionOptionId !== order.collectionOptionId
    ) {
      await orders.save(orderId, {
        pricePence,
        coverPence: price.coverPence,
        coverPricePence: price.coverPricePence,
        coverSettingsVersion: price.coverSettingsVersion,
        courierServiceId: match.courierService.serviceId,
        collectionOptionId: match.collectionOptionId,
      });
      order = await orders.load(orderId);
    }
    const amountPence = pricePence;
    const idempotencyKey = `order:${order.id}:attempt:${order.paymentAttempt}:amount:${amountPence}`;
    const existing = await existingPayment(this.deps, this.events, idempotencyKey);
    if (existing) return this.session(existing);
    return this.session(
      await createPayment(this.deps, {
        orderId: order.id,
        orderReference: order.reference,
        attempt: order.paymentAttempt,
        amountPence,
        idempotencyKey,
        description: `BoxAbroad order ${order.reference}`,
      }),
    );
  }

  /**
   * The confirm call after the card step: reads the payment from the provider and applies it
   * (the webhook may have done so already; both are safe). Returns once applied; the caller reads
   * the checkout status.
   */
  async confirm(orderId: string): Promise<void> {
    const order = await this.deps.orders.load(orderId);
    const current = await this.deps.repository.paymentOfAttempt(orderId, order.paymentAttempt);
    if (current && PAYMENT_STATUS_RANK[current.status] === 0) {
      const remote = await this.deps.payment.retrievePayment(current.providerPaymentId);
      await this.events.apply(
        current.providerPaymentId,
        remote,
        remote.status === 'authorised' ? 'payment.authorised' : 'payment.failed',
      );
    }
  }

  private session(row: PaymentRow): PaymentSession {
    return paymentSession(this.deps, row);
  }
}

/**
 * The payment already made under `idempotencyKey`, or undefined. An authorisation whose event and
 * confirm call were both lost (browser closed, event undelivered) is applied first, so a repeated
 * request picks it up rather than leaving it hanging; answers the row as it then stands.
 */
export async function existingPayment(
  deps: Pick<CheckoutDeps, 'payment' | 'repository'>,
  events: Pick<PaymentEvents, 'apply'>,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const existing = await deps.repository.paymentByKey(idempotencyKey);
  if (!existing || PAYMENT_STATUS_RANK[existing.status] !== 0) return existing;
  const remote = await deps.payment.retrievePayment(existing.providerPaymentId);
  if (remote.status !== 'authorised') return existing;
  await events.apply(existing.providerPaymentId, remote, 'payment.authorised');
  return (await deps.repository.paymentByKey(idempotencyKey)) ?? existing;
}

/**
 * Creates a payment with the provider and keeps it (a row per idempotency key: a repeat after a
 * lost reply finds the first). `kind` and `bookingChangeId` name a change's own payment.
 */
export async function createPayment(
  deps: Pick<CheckoutDeps, 'payment' | 'repository' | 'clock'>,
  input: {
    orderId: string;
    orderReference: string;
    attempt: number;
    amountPence: number;
    idempotencyKey: string;
    description: string;
    kind?: 'order' | 'cover';
    bookingChangeId?: string;
  },
): Promise<PaymentRow> {
  const { payment, repository, clock } = deps;
  const created = await payment.createPayment({
    orderId: input.orderId,
    orderReference: input.orderReference,
    amountPence: input.amountPence,
    idempotencyKey: input.idempotencyKey,
    description: input.description,
  });
  const now = clock.now();
  await repository.insertPayment({
    id: randomUUID(),
    orderId: input.orderId,
    attempt: input.attempt,
    provider: payment.name,
    providerPaymentId: created.id,
    idempotencyKey: input.idempotencyKey,
    amountPence: created.amountPence,
    currency: 'GBP',
    status: preAuthStatus(created),
    clientSecret: created.clientSecret,
    createdAt: now,
    updatedAt: now,
    kind: input.kind ?? 'order',
    bookingChangeId: input.bookingChangeId ?? null,
  });
  const row = await repository.paymentByKey(input.idempotencyKey);
  if (!row) throw new Error('payment row missing after insert');
  return row;
}

/** A payment as the browser needs it to confirm the card. */
export function paymentSession(
  deps: Pick<CheckoutDeps, 'payment'>,
  row: PaymentRow,
): PaymentSession {
  const config = deps.payment.clientConfig;
  return {
    provider: config.provider,
    ...(config.publishableKey ? { publishableKey: config.publishableKey } : {}),
    paymentId: row.id,
    clientSecret: row.clientSecret,
    amountPence: row.amountPence,
    status: row.status,
    error: row.lastErrorCode
      ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? '' }
      : null,
  };
}

/** Our status of a payment the provider has just created. */
export function preAuthStatus(payment: ProviderPayment) {
  return payment.status === 'requires_action'
    ? ('requires_action' as const)
    : ('requires_payment_method' as const);
}

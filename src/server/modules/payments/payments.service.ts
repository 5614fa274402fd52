import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { CheckoutStatus, PaymentSession } from '../../../domain/checkout.js';
import { findCountry } from '../../../domain/countries.js';
import type { OrderAddress } from '../../../domain/order.js';
import type { Clock } from '../../clock.js';
import type { Database, RawQuery } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { JobOutcome, JobQueue } from '../../jobs/job-queue.js';
import type { CourierProvider } from '../../providers/courier/courier-provider.js';
import type {
  PaymentEvent,
  PaymentProvider,
  ProviderPayment,
} from '../../providers/payment/payment-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { MailDeps } from '../email/mail.js';
import type { PostalAddress } from '../email/templates/booking-confirmation.js';
import type { CatalogRepository } from '../catalog/catalog.repository.js';
import type { OrderAccess } from '../orders/order-access.js';
import type { OrderItemsRepository } from '../orders/order-items.repository.js';
import type { OrderRow } from '../orders/orders.repository.js';
import { EDITABLE, type OrdersService } from '../orders/orders.service.js';
import { shipmentBookingFor } from './booking-request.js';

export const BOOK_SHIPMENT_JOB = 'book-shipment';
export const CAPTURE_PAYMENT_JOB = 'capture-payment';
export const CANCEL_PAYMENT_JOB = 'cancel-payment';

export interface CheckoutOptions {
  /** How long transient booking failures are retried before the booking fails for good. */
  bookingRetryWindowMs: number;
  bookingRetryDelayMs: number;
}

export const DEFAULT_CHECKOUT_OPTIONS: CheckoutOptions = {
  bookingRetryWindowMs: 30 * 60_000,
  bookingRetryDelayMs: 30_000,
};

interface PaymentRow {
  id: string;
  order_id: string;
  attempt: number;
  provider: string;
  provider_payment_id: string;
  idempotency_key: string;
  amount_pence: number;
  status: string;
  client_secret: string;
  last_error_code: string | null;
  last_error_message: string | null;
}

interface OrderLockRow {
  id: string;
  status: string;
  price_pence: number | null;
  payment_attempt: number;
  declared_at: Date | null;
  collection_date: string | null;
}

/**
 * Payment statuses by how far they have gone: an event never moves a payment back (webhooks
 * arrive twice and out of order). The two pre-authorisation statuses may alternate.
 */
const RANK: Record<string, number> = {
  requires_payment_method: 0,
  requires_action: 0,
  authorised: 1,
  capture_pending: 2,
  cancel_pending: 2,
  captured: 3,
  cancelled: 3,
  refunded: 4,
};

/** Messages the customer sees when something other than the card stops the booking. */
export const CHECKOUT_MESSAGES = {
  incomplete:
    'Your order is not ready for payment yet. Please complete your addresses, collection date and declared items.',
  amountMismatch:
    'The amount authorised did not match the price of your order, so we cancelled it. You have not been charged. Please try again.',
  interrupted:
    'We could not confirm whether your collection was booked. Our team will check with the courier and contact you.',
} as const;

/**
 * Pay, book and confirm (issue 7; every state and transition is in docs/orders.md):
 * 1. `startPayment`: create or reuse the provider payment for the server's price;
 * 2. `paymentAuthorised` (from the confirm call or the webhook, whichever comes first) marks the
 *    order `authorised` and queues the booking job, once;
 * 3. the booking job books the shipment once, stores labels and documents, marks the order
 *    `booked`, queues the email and the capture; or cancels the authorisation
 *    (`booking_failed`); or flags an unknown outcome (`needs_attention`).
 */
export class PaymentsService {
  readonly options: CheckoutOptions;

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      logger: Logger;
      payment: PaymentProvider;
      courier: CourierProvider;
      orders: OrdersService;
      items: OrderItemsRepository;
      catalog: CatalogRepository;
      mail: MailDeps;
      jobs: JobQueue;
      /** Signs the read-only links to labels in the confirmation email. */
      orderAccess: Pick<OrderAccess, 'readUrl'>;
    },
    options: Partial<CheckoutOptions> = {},
  ) {
    this.options = { ...DEFAULT_CHECKOUT_OPTIONS, ...options };
    deps.jobs.register(BOOK_SHIPMENT_JOB, (payload, ctx) =>
      this.bookShipment(String(payload.orderId), ctx.createdAt, ctx.log),
    );
    deps.jobs.register(CAPTURE_PAYMENT_JOB, (payload) => this.capture(String(payload.paymentId)));
    deps.jobs.register(CANCEL_PAYMENT_JOB, (payload) => this.cancel(String(payload.paymentId)));
  }

  get provider(): PaymentProvider {
    return this.deps.payment;
  }

  /**
   * Pay: the payment for the order's current attempt and the server's price, created once
   * (idempotency key from the order id, attempt and amount) and reused by repeated requests.
   * Route availability is refreshed first, so a customer never pays for a service that stopped.
   */
  async startPayment(orderId: string): Promise<PaymentSession> {
    const { orders, catalog, payment, database, clock } = this.deps;
    let order = await orders.load(orderId);
    if (!EDITABLE.has(order.status)) {
      const current = await this.currentPayment(orderId);
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
    const match = await orders.resolveCourierService(order);
    const pricePence = await catalog.findPricePence(
      order.selectedService,
      order.destinationCountryId,
      order.totalWeightKg,
    );
    if (pricePence === undefined) {
      throw new ApiError(
        409,
        'SERVICE_UNAVAILABLE',
        'This service is no longer available for your order. Please get a new quote.',
      );
    }
    if (
      pricePence !== order.pricePence ||
      match.courierService.serviceId !== order.courierServiceId ||
      match.collectionOptionId !== order.collectionOptionId
    ) {
      await orders.save(orderId, {
        pricePence,
        courierServiceId: match.courierService.serviceId,
        collectionOptionId: match.collectionOptionId,
      });
      order = await orders.load(orderId);
    }
    const amountPence = pricePence;
    const idempotencyKey = `order:${order.id}:attempt:${order.paymentAttempt}:amount:${amountPence}`;
    const existing = await this.paymentByKey(database.query, idempotencyKey);
    if (existing) {
      // An authorisation whose event and confirm call were both lost (browser closed, event
      // undelivered) is picked up here rather than left hanging.
      if (RANK[existing.status] === 0) {
        const remote = await payment.retrievePayment(existing.provider_payment_id);
        if (remote.status === 'authorised') {
          await this.apply(existing.provider_payment_id, remote, 'payment.authorised');
          const current = await this.paymentByKey(database.query, idempotencyKey);
          if (current) return this.session(current);
        }
      }
      return this.session(existing);
    }
    const created = await payment.createPayment({
      orderId: order.id,
      orderReference: order.reference,
      amountPence,
      idempotencyKey,
      description: `BoxAbroad order ${order.reference}`,
    });
    const now = clock.now();
    await database.query(
      `INSERT INTO payments (id, order_id, attempt, provider, provider_payment_id, idempotency_key,
         amount_pence, currency, status, client_secret, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'GBP', $8, $9, $10, $10)
       ON CONFLICT DO NOTHING`,
      [
        randomUUID(),
        order.id,
        order.paymentAttempt,
        payment.name,
        created.id,
        idempotencyKey,
        created.amountPence,
        preAuthStatus(created),
        created.clientSecret,
        now,
      ],
    );
    const row = await this.paymentByKey(database.query, idempotencyKey);
    if (!row) throw new Error('payment row missing after insert');
    return this.session(row);
  }

  /**
   * The confirm call after the card step: reads the payment from the provider and applies it
   * (the webhook may have done so already; both are safe).
   */
  async confirmPayment(orderId: string): Promise<CheckoutStatus> {
    await this.deps.orders.load(orderId);
    const current = await this.currentPayment(orderId);
    if (current && RANK[current.status] === 0) {
      const remote = await this.deps.payment.retrievePayment(current.provider_payment_id);
      await this.apply(
        current.provider_payment_id,
        remote,
        remote.status === 'authorised' ? 'payment.authorised' : 'payment.failed',
      );
    }
    return this.status(orderId);
  }

  /** A verified provider event: applied once (deduplicated on its id), never backwards. */
  async handleEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { database, clock, payment } = this.deps;
    const fresh = await database.query(
      `INSERT INTO payment_events (provider, event_id, type, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [payment.name, event.id, event.type, clock.now()],
    );
    if (fresh.length === 0) return 'duplicate';
    try {
      return (await this.apply(event.payment.id, event.payment, event.type))
        ? 'applied'
        : 'ignored';
    } catch (error) {
      // Not applied: forget the event so the provider's redelivery is applied.
      await database.query('DELETE FROM payment_events WHERE provider = $1 AND event_id = $2', [
        payment.name,
        event.id,
      ]);
      throw error;
    }
  }

  /** Applies what the provider says of one payment; true when something changed. */
  private async apply(
    providerPaymentId: string,
    remote: ProviderPayment,
    type: PaymentEvent['type'],
  ): Promise<boolean> {
    const { database, payment, clock, jobs } = this.deps;
    let wake = false;
    const changed = await database.transaction(async (tx) => {
      const [row] = await tx.query<PaymentRow>(
        'SELECT * FROM payments WHERE provider = $1 AND provider_payment_id = $2',
        [payment.name, providerPaymentId],
      );
      if (!row) return false;
      const [order] = await tx.query<OrderLockRow>(
        `SELECT id, status, price_pence, payment_attempt, declared_at, collection_date
         FROM orders WHERE id = $1 FOR UPDATE`,
        [row.order_id],
      );
      const [locked] = await tx.query<PaymentRow>(
        'SELECT * FROM payments WHERE id = $1 FOR UPDATE',
        [row.id],
      );
      if (!order || !locked) return false;
      const now = clock.now();
      const setPayment = (status: string, error: { code: string; message: string } | null = null) =>
        tx.query(
          `UPDATE payments SET status = $2, last_error_code = $3, last_error_message = $4,
             updated_at = $5 WHERE id = $1`,
          [locked.id, status, error?.code ?? null, error?.message ?? null, now],
        );
      const rank = RANK[locked.status] ?? 0;
      switch (type) {
        case 'payment.authorised': {
          if (remote.status !== 'authorised' || rank > 0) return false;
          const complete = order.declared_at !== null && order.collection_date !== null;
          const amountOk =
            remote.amountPence === locked.amount_pence &&
            locked.amount_pence === order.price_pence &&
            (remote.orderId === undefined || remote.orderId === order.id);
          if (
            !EDITABLE.has(order.status) ||
            locked.attempt !== order.payment_attempt ||
            !complete ||
            !amountOk
          ) {
            // Never book for a payment that does not match the order as it is now, nor twice.
            await setPayment('cancel_pending', {
              code: amountOk ? 'ORDER_CHANGED' : 'AMOUNT_MISMATCH',
              message: CHECKOUT_MESSAGES.amountMismatch,
            });
            await jobs.enqueue(tx, {
              kind: CANCEL_PAYMENT_JOB,
              key: `${CANCEL_PAYMENT_JOB}:${locked.id}`,
              payload: { paymentId: locked.id, orderId: order.id },
            });
            if (EDITABLE.has(order.status) && locked.attempt === order.payment_attempt) {
              await tx.query(
                `UPDATE orders SET payment_attempt = payment_attempt + 1, failure_code = $2,
                   failure_message = $3, updated_at = $4 WHERE id = $1`,
                [
                  order.id,
                  amountOk ? 'ORDER_CHANGED' : 'AMOUNT_MISMATCH',
                  CHECKOUT_MESSAGES.amountMismatch,
                  now,
                ],
              );
            }
            wake = true;
            return true;
          }
          await setPayment('authorised');
          await tx.query(
            `UPDATE orders SET status = 'authorised', failure_code = NULL, failure_message = NULL,
               booking_started_at = NULL, updated_at = $2 WHERE id = $1`,
            [order.id, now],
          );
          await jobs.enqueue(tx, {
            kind: BOOK_SHIPMENT_JOB,
            key: `${BOOK_SHIPMENT_JOB}:${order.id}:${locked.attempt}`,
            payload: { orderId: order.id, paymentId: locked.id },
          });
          wake = true;
          return true;
        }
        case 'payment.failed':
        case 'payment.requires_action': {
          if (rank > 0) return false;
          const status =
            remote.status === 'requires_action' ? 'requires_action' : 'requires_payment_method';
          await setPayment(status, remote.lastError ?? null);
          return true;
        }
        case 'payment.captured':
          if (rank >= 3) return false;
          await setPayment('captured');
          return true;
        case 'payment.cancelled':
          if (rank >= 3) return false;
          await setPayment(
            'cancelled',
            locked.last_error_code
              ? { code: locked.last_error_code, message: locked.last_error_message ?? '' }
              : null,
          );
          return true;
        case 'payment.refunded':
          if (rank >= 4 || rank < 3) return false;
          await setPayment('refunded');
          return true;
      }
    });
    if (wake) jobs.wake();
    return changed;
  }

  /** The booking job (docs/orders.md): books once, whatever happens. */
  async bookShipment(orderId: string, queuedAt: Date, log: Logger): Promise<JobOutcome> {
    const { database, clock, orders, items, courier, jobs } = this.deps;
    const started = performance.now();
    // 1. Claim the booking: only an `authorised` order is booked. One found in `booking` had a
    //    BookShipment in flight when its worker died: it may be booked, so an operator checks.
    const claim = await database.transaction(async (tx) => {
      const [order] = await tx.query<{ status: string; payment_attempt: number }>(
        'SELECT status, payment_attempt FROM orders WHERE id = $1 FOR UPDATE',
        [orderId],
      );
      if (!order) return 'gone' as const;
      if (order.status === 'booking') {
        await tx.query(
          `UPDATE orders SET status = 'needs_attention', failure_code = 'BOOKING_OUTCOME_UNKNOWN',
             failure_message = $2, updated_at = $3 WHERE id = $1`,
          [
            orderId,
            'The booking was interrupted while BookShipment was in flight; the shipment may or may not be booked.',
            clock.now(),
          ],
        );
        return 'interrupted' as const;
      }
      return order.status === 'authorised' ? ('go' as const) : ('done' as const);
    });
    if (claim === 'interrupted') {
      log.error('booking interrupted mid-call: needs attention');
      return { result: 'done' };
    }
    if (claim !== 'go') return { result: 'done' };

    // 2. Fresh route availability (a safe call, retried on failure).
    let order = await orders.load(orderId);
    let match;
    try {
      match = await orders.resolveCourierService(order);
    } catch (error) {
      if (error instanceof ApiError) {
        return this.bookingFailed(orderId, 'SERVICE_UNAVAILABLE', error.message, log);
      }
      return this.retryOrFail(orderId, queuedAt, error, log);
    }
    const declared = await items.listForOrder(orderId);
    const booking = shipmentBookingFor(order, declared, {
      serviceId: match.courierService.serviceId,
      collectionOptionId: match.collectionOptionId,
    });

    // 3. Mark the call in flight, committed before it is made.
    const marked = await database.query(
      `UPDATE orders SET status = 'booking', booking_started_at = $2, courier_service_id = $3,
         collection_option_id = $4, updated_at = $2
       WHERE id = $1 AND status = 'authorised' RETURNING id`,
      [orderId, clock.now(), booking.serviceId, booking.collectionOptionId ?? null],
    );
    if (marked.length === 0) return { result: 'done' };

    const courierStarted = performance.now();
    let result;
    try {
      result = await courier.bookShipment(booking);
    } catch (error) {
      const courierMs = Math.round(performance.now() - courierStarted);
      if (isProviderError(error) && error.code === 'REJECTED') {
        return this.bookingFailed(orderId, 'COURIER_REJECTED', error.message, log, 'booking');
      }
      if (isProviderError(error) && error.retryable && error.code !== 'BOOKING_OUTCOME_UNKNOWN') {
        // Provably not booked (e.g. the courier could not be reached): back to `authorised`.
        await database.query(
          `UPDATE orders SET status = 'authorised', updated_at = $2 WHERE id = $1 AND status = 'booking'`,
          [orderId, clock.now()],
        );
        return this.retryOrFail(orderId, queuedAt, error, log);
      }
      const message = error instanceof Error ? error.message : String(error);
      await database.query(
        `UPDATE orders SET status = 'needs_attention', failure_code = $2, failure_message = $3,
           updated_at = $4 WHERE id = $1 AND status = 'booking'`,
        [
          orderId,
          isProviderError(error) ? error.code : 'BOOKING_OUTCOME_UNKNOWN',
          message,
          clock.now(),
        ],
      );
      log.error({ err: error, courierMs }, 'booking outcome unknown: needs attention');
      return { result: 'done' };
    }
    const courierMs = performance.now() - courierStarted;

    // 4. SUCCESS: labels, documents, `booked`, the email and the capture in one transaction.
    order = await orders.load(orderId);
    const documents = [
      ...result.labels.map((label, i) => ({
        kind: 'label' as const,
        title: `Label (${label.size || label.format || i + 1})`,
        filename: `${order.reference}-label-${(label.size || String(i + 1)).toLowerCase()}.pdf`,
        content: label.content,
      })),
      ...result.documents.map((doc, i) => ({
        kind: 'document' as const,
        title: doc.documentType === 'CommercialInvoice' ? 'Commercial invoice' : doc.documentType,
        filename: `${order.reference}-${doc.documentType === 'CommercialInvoice' ? 'commercial-invoice' : `document-${i + 1}`}.pdf`,
        content: doc.content,
      })),
    ];
    const siteUrl = this.deps.mail.emails.siteUrl.replace(/\/$/, '');
    const now = clock.now();
    const stored = await database.transaction(async (tx) => {
      const done = await tx.query(
        `UPDATE orders SET status = 'booked', courier_reference = $2, tracking_url = $3,
           booked_at = $4, failure_code = NULL, failure_message = NULL, updated_at = $4
         WHERE id = $1 AND status = 'booking' RETURNING id`,
        [orderId, result.orderReference, result.trackingUrl, now],
      );
      if (done.length === 0) return false;
      const links = [];
      for (const [position, doc] of documents.entries()) {
        const id = randomUUID();
        await tx.query(
          `INSERT INTO order_documents (id, order_id, position, kind, title, filename, content_type,
             content, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'application/pdf', $7, $8)`,
          [id, orderId, position, doc.kind, doc.title, doc.filename, doc.content, now],
        );
        // A signed read-only link: the email works on any device, the bare id opens nothing.
        links.push({
          ...doc,
          url: this.deps.orderAccess.readUrl(siteUrl, documentPath(orderId, id), orderId),
        });
      }
      const [paymentRow] = await tx.query<PaymentRow>(
        `UPDATE payments SET status = 'capture_pending', updated_at = $3
         WHERE order_id = $1 AND attempt = $2 AND status = 'authorised' RETURNING *`,
        [orderId, order.paymentAttempt, now],
      );
      if (paymentRow) {
        await jobs.enqueue(tx, {
          kind: CAPTURE_PAYMENT_JOB,
          key: `${CAPTURE_PAYMENT_JOB}:${paymentRow.id}`,
          payload: { paymentId: paymentRow.id, orderId },
        });
      }
      const { collectionAddress: collection, deliveryAddress: delivery, collectionDate } = order;
      if (!collection || !delivery || !collectionDate) throw new Error('booked order incomplete');
      await this.deps.mail.emails.enqueueBookingConfirmation(tx, {
        orderReference: order.reference,
        recipient: {
          name: `${collection.firstName} ${collection.lastName}`.trim(),
          email: collection.email,
        },
        collectionDate,
        trackingUrl: result.trackingUrl,
        labels: links
          .filter((l) => l.kind === 'label')
          .map((l) => ({
            name: `all parcels (${l.title.replace(/^Label \((.*)\)$/, '$1')})`,
            url: l.url,
            pdf: l.content,
          })),
        parcels: { large: order.largeBoxes, small: order.smallBoxes },
        collectionAddress: postal(collection, order.collectionCountryId),
        deliveryAddress: postal(delivery, order.destinationCountryId),
      });
      return true;
    });
    if (stored) {
      jobs.wake();
      this.deps.mail.worker.wake();
      log.info(
        {
          courierReference: result.orderReference,
          ms: Math.round(performance.now() - started),
          courierMs: Math.round(courierMs),
          serverMs: Math.round(performance.now() - started - courierMs),
        },
        'order booked',
      );
    }
    return { result: 'done' };
  }

  private async retryOrFail(
    orderId: string,
    queuedAt: Date,
    error: unknown,
    log: Logger,
  ): Promise<JobOutcome> {
    const message = error instanceof Error ? error.message : String(error);
    const elapsed = this.deps.clock.now().getTime() - queuedAt.getTime();
    if (elapsed + this.options.bookingRetryDelayMs <= this.options.bookingRetryWindowMs) {
      return { result: 'retry', delayMs: this.options.bookingRetryDelayMs, error: message };
    }
    const code = isProviderError(error) ? `COURIER_${error.code}` : 'COURIER_UNAVAILABLE';
    return this.bookingFailed(orderId, code, message, log, 'authorised');
  }

  /** A permanent failure: `booking_failed` with the code and message, authorisation cancelled. */
  private async bookingFailed(
    orderId: string,
    code: string,
    message: string,
    log: Logger,
    from: 'authorised' | 'booking' = 'authorised',
  ): Promise<JobOutcome> {
    const { database, clock, jobs } = this.deps;
    await database.transaction(async (tx) => {
      const now = clock.now();
      const updated = await tx.query<{ payment_attempt: number }>(
        `UPDATE orders SET status = 'booking_failed', failure_code = $2, failure_message = $3,
           payment_attempt = payment_attempt + 1, updated_at = $4
         WHERE id = $1 AND status IN ($5, 'authorised') RETURNING payment_attempt`,
        [orderId, code, message.slice(0, 1000), now, from],
      );
      if (updated.length === 0) return;
      const payments = await tx.query<PaymentRow>(
        `UPDATE payments SET status = 'cancel_pending', updated_at = $2
         WHERE order_id = $1 AND status = 'authorised' RETURNING *`,
        [orderId, now],
      );
      for (const p of payments) {
        await jobs.enqueue(tx, {
          kind: CANCEL_PAYMENT_JOB,
          key: `${CANCEL_PAYMENT_JOB}:${p.id}`,
          payload: { paymentId: p.id, orderId },
        });
      }
    });
    jobs.wake();
    log.warn({ code, message }, 'booking failed; authorisation cancelled');
    return { result: 'done' };
  }

  /** The capture job: takes the money once the booking exists. */
  private async capture(paymentId: string): Promise<JobOutcome> {
    return this.settle(paymentId, 'capture_pending', 'captured', (p) =>
      this.deps.payment.capture(p.provider_payment_id, `capture:${p.id}`),
    );
  }

  /** The cancel job: releases the authorisation; the customer is not charged. */
  private async cancel(paymentId: string): Promise<JobOutcome> {
    return this.settle(paymentId, 'cancel_pending', 'cancelled', (p) =>
      this.deps.payment.cancel(p.provider_payment_id, `cancel:${p.id}`),
    );
  }

  private async settle(
    paymentId: string,
    from: string,
    to: 'captured' | 'cancelled',
    call: (p: PaymentRow) => Promise<ProviderPayment>,
  ): Promise<JobOutcome> {
    const { database, clock, payment } = this.deps;
    const [row] = await database.query<PaymentRow>('SELECT * FROM payments WHERE id = $1', [
      paymentId,
    ]);
    if (!row || row.status !== from) return { result: 'done' };
    try {
      await call(row);
    } catch (error) {
      if (isProviderError(error) && !error.retryable) {
        const remote = await payment.retrievePayment(row.provider_payment_id);
        if (remote.status !== to) return { result: 'failed', error: error.message };
      } else {
        throw error;
      }
    }
    await database.query(
      `UPDATE payments SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2`,
      [paymentId, from, to, clock.now()],
    );
    return { result: 'done' };
  }

  /** The booking's progress and outcome, for the pages. */
  async status(orderId: string): Promise<CheckoutStatus> {
    const order = await this.deps.orders.load(orderId);
    const current = await this.currentPayment(orderId);
    const previous = await this.deps.database.query<PaymentRow>(
      'SELECT * FROM payments WHERE order_id = $1 ORDER BY attempt DESC, created_at DESC LIMIT 1',
      [orderId],
    );
    const latest = current ?? previous[0];
    const documents =
      order.status === 'booked'
        ? await this.deps.database.query<{
            id: string;
            kind: 'label' | 'document';
            title: string;
            filename: string;
          }>(
            'SELECT id, kind, title, filename FROM order_documents WHERE order_id = $1 ORDER BY position',
            [orderId],
          )
        : [];
    const charged =
      latest !== undefined && ['authorised', 'capture_pending', 'captured'].includes(latest.status);
    const result =
      order.status === 'booked'
        ? 'SUCCESS'
        : order.status === 'booking_failed' ||
            order.status === 'needs_attention' ||
            order.failureCode
          ? 'FAILED'
          : 'pending';
    return {
      orderId: order.id,
      status: order.status,
      result,
      reference: order.reference,
      courierReference: order.courierReference,
      trackingUrl: order.trackingUrl,
      documents: documents.map((d) => ({
        kind: d.kind,
        title: d.title,
        filename: d.filename,
        url: documentPath(orderId, d.id),
      })),
      error: order.failureCode
        ? { code: order.failureCode, message: order.failureMessage ?? '' }
        : null,
      notCharged: !charged && order.status !== 'booked' && order.status !== 'needs_attention',
      canRetryPayment: EDITABLE.has(order.status),
      amountPence: order.pricePence,
      payment: latest
        ? {
            status: latest.status,
            error: latest.last_error_code
              ? { code: latest.last_error_code, message: latest.last_error_message ?? '' }
              : null,
          }
        : null,
    };
  }

  async document(orderId: string, documentId: string) {
    const [row] = await this.deps.database.query<{
      filename: string;
      content_type: string;
      content: Uint8Array;
    }>(
      'SELECT filename, content_type, content FROM order_documents WHERE order_id = $1 AND id = $2',
      [orderId, documentId],
    );
    return row;
  }

  private async currentPayment(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.deps.database.query<PaymentRow>(
      `SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE p.order_id = $1 AND p.attempt = o.payment_attempt
       ORDER BY p.created_at DESC LIMIT 1`,
      [orderId],
    );
    return row;
  }

  private async paymentByKey(query: RawQuery, key: string): Promise<PaymentRow | undefined> {
    const [row] = await query<PaymentRow>('SELECT * FROM payments WHERE idempotency_key = $1', [
      key,
    ]);
    return row;
  }

  private session(row: PaymentRow): PaymentSession {
    const config = this.deps.payment.clientConfig;
    return {
      provider: config.provider,
      ...(config.publishableKey ? { publishableKey: config.publishableKey } : {}),
      paymentId: row.id,
      clientSecret: row.client_secret,
      amountPence: row.amount_pence,
      status: row.status,
      error: row.last_error_code
        ? { code: row.last_error_code, message: row.last_error_message ?? '' }
        : null,
    };
  }
}

export function documentPath(orderId: string, documentId: string): string {
  return `/api/v1/orders/${orderId}/documents/${documentId}`;
}

function preAuthStatus(payment: ProviderPayment): string {
  return payment.status === 'requires_action' ? 'requires_action' : 'requires_payment_method';
}

function postal(address: OrderAddress, countryId: number): PostalAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    lines: [address.street],
    city: address.city,
    ...(address.state ? { county: address.state } : {}),
    postcode: address.postcode,
    country: findCountry(countryId)?.title ?? address.countryTitle,
    phone: address.phone,
  };
}

export type { OrderRow };

import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { findCountry } from '../../../domain/countries.js';
import type { OrderAddress } from '../../../domain/order.js';
import type { OrderStatus } from '../../../domain/order-states.js';
import { ApiError } from '../../http/errors.js';
import type { JobOutcome } from '../../jobs/job-queue.js';
import type { BookingResult } from '../../providers/courier/courier-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { PostalAddress } from '../email/templates/booking-confirmation.js';
import type { OrderRow } from '../orders/orders.service.js';
import { shipmentBookingFor } from './booking-request.js';
import {
  CANCEL_PAYMENT_JOB,
  CAPTURE_PAYMENT_JOB,
  documentPath,
  type CheckoutDeps,
  type CheckoutOptions,
} from './checkout-deps.js';

const INTERRUPTED =
  'The booking was interrupted while BookShipment was in flight; the shipment may or may not be booked.';

/**
 * The booking job (docs/orders.md, "The flow" 4–5): books the shipment once, whatever happens.
 * The order is marked `booking` in a committed write before BookShipment is called, so a job
 * resumed after a crash never calls it twice.
 */
export class BookingJob {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly options: CheckoutOptions,
  ) {}

  async run(orderId: string, queuedAt: Date, log: Logger): Promise<JobOutcome> {
    const { repository, clock, orders, courier } = this.deps;
    const started = performance.now();
    // 1. Claim the booking: only an `authorised` order is booked. One found in `booking` had a
    //    BookShipment in flight when its worker died: it may be booked, so an operator checks.
    const claim = await repository.transaction(async (tx) => {
      const order = await orders.lock(orderId, tx);
      if (!order) return 'gone' as const;
      if (order.status === 'booking') {
        await orders.transition(
          orderId,
          'booking',
          'needs_attention',
          { failureCode: 'BOOKING_OUTCOME_UNKNOWN', failureMessage: INTERRUPTED },
          tx,
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
        return this.failed(orderId, 'SERVICE_UNAVAILABLE', error.message, log);
      }
      return this.retryOrFail(orderId, queuedAt, error, log);
    }
    const booking = shipmentBookingFor(order, await orders.declaredItems(orderId), {
      serviceId: match.courierService.serviceId,
      collectionOptionId: match.collectionOptionId,
    });

    // 3. Mark the call in flight, committed before it is made.
    const marked = await repository.transaction((tx) =>
      orders.transition(
        orderId,
        'authorised',
        'booking',
        {
          bookingStartedAt: clock.now(),
          courierServiceId: booking.serviceId,
          collectionOptionId: booking.collectionOptionId ?? null,
        },
        tx,
      ),
    );
    if (!marked) return { result: 'done' };

    const courierStarted = performance.now();
    let result: BookingResult;
    try {
      result = await courier.bookShipment(booking);
    } catch (error) {
      return this.callFailed(orderId, queuedAt, error, log, courierStarted);
    }
    const courierMs = performance.now() - courierStarted;

    // 4. SUCCESS: labels, documents, `booked`, the email and the capture in one transaction.
    order = await orders.load(orderId);
    if (await this.storeBooked(order, result)) {
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

  /** BookShipment threw: refused for good, provably not booked (retry), or outcome unknown. */
  private async callFailed(
    orderId: string,
    queuedAt: Date,
    error: unknown,
    log: Logger,
    courierStarted: number,
  ): Promise<JobOutcome> {
    const { repository, orders } = this.deps;
    if (isProviderError(error) && error.code === 'REJECTED') {
      return this.failed(orderId, 'COURIER_REJECTED', error.message, log, 'booking');
    }
    if (isProviderError(error) && error.retryable && error.code !== 'BOOKING_OUTCOME_UNKNOWN') {
      // Provably not booked (e.g. the courier could not be reached): back to `authorised`.
      await repository.transaction((tx) =>
        orders.transition(orderId, 'booking', 'authorised', {}, tx),
      );
      return this.retryOrFail(orderId, queuedAt, error, log);
    }
    const message = error instanceof Error ? error.message : String(error);
    await repository.transaction((tx) =>
      orders.transition(
        orderId,
        'booking',
        'needs_attention',
        {
          failureCode: isProviderError(error) ? error.code : 'BOOKING_OUTCOME_UNKNOWN',
          failureMessage: message,
        },
        tx,
      ),
    );
    const courierMs = Math.round(performance.now() - courierStarted);
    log.error({ err: error, courierMs }, 'booking outcome unknown: needs attention');
    return { result: 'done' };
  }

  /** Labels, documents, `booked`, the capture job and the confirmation email: one transaction. */
  private async storeBooked(order: OrderRow, result: BookingResult): Promise<boolean> {
    const { repository, clock, orders, jobs, mail } = this.deps;
    const orderId = order.id;
    const now = clock.now();
    const siteUrl = mail.emails.siteUrl.replace(/\/$/, '');
    const documents = documentsOf(order.reference, result).map((doc, position) => ({
      ...doc,
      id: randomUUID(),
      orderId,
      position,
      contentType: 'application/pdf',
      createdAt: now,
    }));
    const stored = await repository.transaction(async (tx) => {
      const booked = await orders.transition(
        orderId,
        'booking',
        'booked',
        {
          courierReference: result.orderReference,
          trackingUrl: result.trackingUrl,
          bookedAt: now,
          failureCode: null,
          failureMessage: null,
        },
        tx,
      );
      if (!booked) return false;
      await repository.insertDocuments(documents, tx);
      const [captured] = await repository.movePayments(
        { orderId, attempt: order.paymentAttempt },
        'authorised',
        'capture_pending',
        now,
        tx,
      );
      if (captured) {
        await jobs.enqueue(tx, {
          kind: CAPTURE_PAYMENT_JOB,
          key: `${CAPTURE_PAYMENT_JOB}:${captured.id}`,
          payload: { paymentId: captured.id, orderId },
        });
      }
      const { collectionAddress: collection, deliveryAddress: delivery, collectionDate } = order;
      if (!collection || !delivery || !collectionDate) throw new Error('booked order incomplete');
      await mail.emails.enqueueBookingConfirmation(tx, {
        orderReference: order.reference,
        recipient: {
          name: `${collection.firstName} ${collection.lastName}`.trim(),
          email: collection.email,
        },
        collectionDate,
        trackingUrl: result.trackingUrl,
        labels: documents
          .filter((d) => d.kind === 'label')
          .map((d) => ({
            name: `all parcels (${d.title.replace(/^Label \((.*)\)$/, '$1')})`,
            url: `${siteUrl}${documentPath(orderId, d.id)}`,
            pdf: d.content,
          })),
        parcels: { large: order.largeBoxes, small: order.smallBoxes },
        collectionAddress: postal(collection, order.collectionCountryId),
        deliveryAddress: postal(delivery, order.destinationCountryId),
      });
      return true;
    });
    if (stored) {
      jobs.wake();
      mail.worker.wake();
    }
    return stored;
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
    return this.failed(orderId, code, message, log, 'authorised');
  }

  /** A permanent failure: `booking_failed` with the code and message, authorisation cancelled. */
  private async failed(
    orderId: string,
    code: string,
    message: string,
    log: Logger,
    from: OrderStatus = 'authorised',
  ): Promise<JobOutcome> {
    const { repository, clock, orders, jobs } = this.deps;
    await repository.transaction(async (tx) => {
      const updated = await orders.transition(
        orderId,
        from === 'booking' ? ['booking', 'authorised'] : ['authorised'],
        'booking_failed',
        { failureCode: code, failureMessage: message.slice(0, 1000), newPaymentAttempt: true },
        tx,
      );
      if (!updated) return;
      const cancelled = await repository.movePayments(
        { orderId },
        'authorised',
        'cancel_pending',
        clock.now(),
        tx,
      );
      for (const p of cancelled) {
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
}

/** The booking's labels and documents as we keep them. */
function documentsOf(reference: string, result: BookingResult) {
  return [
    ...result.labels.map((label, i) => ({
      kind: 'label' as const,
      title: `Label (${label.size || label.format || i + 1})`,
      filename: `${reference}-label-${(label.size || String(i + 1)).toLowerCase()}.pdf`,
      content: label.content,
    })),
    ...result.documents.map((doc, i) => ({
      kind: 'document' as const,
      title: doc.documentType === 'CommercialInvoice' ? 'Commercial invoice' : doc.documentType,
      filename: `${reference}-${doc.documentType === 'CommercialInvoice' ? 'commercial-invoice' : `document-${i + 1}`}.pdf`,
      content: doc.content,
    })),
  ];
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

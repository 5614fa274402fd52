import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { COLLECTION_DATE_LAPSED } from '#src/domain/checkout.js';
import type { OrderStatus } from '#src/domain/order-states.js';
import { ApiError } from '../../http/errors.js';
import type { JobOutcome } from '../../jobs/job-queue.js';
import type {
  BookingResult,
  CourierExchange,
  ShipmentBooking,
} from '../../providers/courier/courier-provider.js';
import { isProviderError } from '../../providers/provider-error.js';
import type { OrderRow } from '../orders/index.js';
import { shipmentBookingFor } from './booking-request.js';
import { bookingConfirmationOf, documentsOf } from './confirmation-email.js';
import {
  collectionDateLapsedMessage,
  releaseAuthorisations,
  type CheckoutDeps,
  type CheckoutOptions,
} from './checkout-deps.js';
import { capturePaymentJob } from './jobs/capture-payment.job.js';
import { errorMessage } from '../../error-message.js';

const INTERRUPTED =
  'The booking was interrupted while BookShipment was in flight; the shipment may or may not be booked.';
const LOOKUP_REFUSED = 'The courier could not say what it booked under our reference';
const SEVERAL_FOUND = 'The courier has several bookings under our reference';
const RESTORED = 'The site was restored from a backup taken while this booking was waiting.';

/** What a restore's reconciliation found for one order's booking (decision 141). */
export interface RestoredBooking {
  orderId: string;
  reference: string;
  was: string;
  found: string[];
  outcome: 'booked' | 'to_book' | 'needs_attention';
}

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

  /**
   * Books the order, in steps: look up (claim an `authorised` order, or finish one a stopped
   * worker left in `booking`) → what to book (the day still bookable, the route still served) →
   * book (mark "calling the courier now", then BookShipment) → keep the courier's reply before
   * anything else → settle (`booked`, labels, capture, email).
   */
  async run(orderId: string, queuedAt: Date, log: Logger): Promise<JobOutcome> {
    const started = performance.now();
    const claim = await this.claim(orderId);
    if (claim.step === 'kept') {
      await this.complete(orderId, claim.reply, log, started, 0);
      return { result: 'done' };
    }
    if (claim.step === 'wait') {
      return {
        result: 'retry',
        delayMs: claim.waitMs,
        error: 'BookShipment may still be in flight on another worker',
      };
    }
    if (claim.step === 'look-up') {
      const found = await this.lookUp(orderId, claim.order, queuedAt, log, started);
      if (found !== 'book again') return found;
    } else if (claim.step !== 'go') return { result: 'done' };
    const booking = await this.whatToBook(orderId, queuedAt, log);
    if ('result' in booking) return booking;
    return this.book(orderId, booking, queuedAt, log, started);
  }

  /** This process, as `orders.booking_process` names the one that marked an order `booking`. */
  readonly processId = randomUUID();

  /**
   * 1. Claims the booking: only an `authorised` order is booked (`go`). One found in `booking`
   * had a BookShipment in flight when its worker stopped: a reply the courier gave is kept before
   * anything else, so a kept reply completes the booking (`kept`); without one, the call may
   * still be running on a worker cut off from the database, so the order waits until the call
   * and the keeping of its reply must have ended (`wait`), and then the courier is asked what it
   * has under our reference (`look-up`, decision 142). On the embedded database a booking marked
   * by another process belongs to one that is gone: it is looked up at once.
   */
  private claim(orderId: string) {
    const { repository, clock, orders } = this.deps;
    return repository.transaction(async (tx) => {
      const order = await orders.lock(orderId, tx);
      if (!order) return { step: 'done' as const };
      if (order.status !== 'booking') {
        return { step: order.status === 'authorised' ? ('go' as const) : ('done' as const) };
      }
      const kept = await repository.bookingReply(orderId, order.paymentAttempt, tx);
      if (kept) return { step: 'kept' as const, reply: bookingResultFromJson(kept.reply) };
      if (!this.ofGoneProcess(order)) {
        const since = order.bookingStartedAt?.getTime();
        const until = since === undefined ? 0 : since + this.options.bookingInFlightMs;
        const waitMs = until - clock.now().getTime();
        if (waitMs > 0) return { step: 'wait' as const, waitMs };
      }
      return { step: 'look-up' as const, order };
    });
  }

  /**
   * A restore's look-up (decision 141), for an order `authorised` or `booking` in the backup:
   * what the courier booked under our reference since decides. One booking: the order is booked
   * from it (labels, capture, confirmation); none: the order waits for its booking job, back in
   * `authorised`; several: `needs_attention`. A look-up that fails throws: the reconciliation is
   * asked again, and nothing reaches the courier meanwhile.
   */
  async reconcileRestored(orderId: string, log: Logger): Promise<RestoredBooking | undefined> {
    const { repository, orders, courier, clock } = this.deps;
    const order = await orders.load(orderId);
    if (order.status !== 'authorised' && order.status !== 'booking') return undefined;
    const found = await courier.findBookings(order.reference);
    const finding = {
      orderId,
      reference: order.reference,
      was: order.status,
      found: found.map((f) => f.orderReference),
    };
    const moved = await repository.transaction((tx) =>
      found.length === 0
        ? orders.transition(orderId, 'booking', 'authorised', { bookingStartedAt: null }, tx)
        : orders.transition(
            orderId,
            'authorised',
            'booking',
            { bookingStartedAt: clock.now(), bookingProcess: this.processId },
            tx,
          ),
    );
    if (found.length === 0) return { ...finding, outcome: 'to_book' };
    if (!moved && order.status === 'authorised') return undefined;
    const [booked, ...others] = found;
    if (!booked || others.length > 0) {
      await this.inDoubt(
        orderId,
        `${RESTORED} ${SEVERAL_FOUND}: ${finding.found.join(', ')}.`,
        log,
      );
      return { ...finding, outcome: 'needs_attention' };
    }
    const { orderReference, trackingUrl, labels, documents } = booked;
    const result: BookingResult = { orderReference, trackingUrl, labels, documents };
    await this.keepReply(orderId, order.paymentAttempt, result, log);
    await this.complete(orderId, result, log, performance.now(), 0);
    return { ...finding, outcome: 'booked' };
  }

  /** On the embedded database, a booking another process marked: that process is gone. */
  private ofGoneProcess(order: OrderRow): boolean {
    return this.options.singleProcess && order.bookingProcess !== this.processId;
  }

  /**
   * A booking whose outcome is in doubt, settled from the courier's answer to "what have you
   * booked under our reference?" (decision 142): one booking → kept and completed as if
   * BookShipment had answered; none → once no request can still be on its way to the courier,
   * the order goes back to `authorised` and is booked (`book again`); several, or a look-up the
   * courier refuses → `needs_attention` with what was found; a look-up that fails for now → asked
   * again later.
   */
  private async lookUp(
    orderId: string,
    order: OrderRow,
    queuedAt: Date,
    log: Logger,
    started: number,
    /** What made the outcome doubtful, for the operator (the booking call's own failure). */
    cause = INTERRUPTED,
  ): Promise<JobOutcome | 'book again'> {
    const { courier, clock } = this.deps;
    let found;
    try {
      found = await courier.findBookings(order.reference);
    } catch (error) {
      if (isProviderError(error) && error.retryable) {
        return this.retryOrAttention(orderId, queuedAt, error, log);
      }
      return this.inDoubt(orderId, `${cause} ${LOOKUP_REFUSED}: ${errorMessage(error)}`, log);
    }
    const [booked, ...others] = found;
    if (booked && others.length === 0) {
      const { orderReference, trackingUrl, labels, documents } = booked;
      const result: BookingResult = { orderReference, trackingUrl, labels, documents };
      log.info({ courierReference: result.orderReference }, 'booking found at the courier');
      await this.keepReply(orderId, order.paymentAttempt, result, log);
      await this.complete(orderId, result, log, started, 0);
      return { result: 'done' };
    }
    if (booked) {
      const references = found.map((f) => f.orderReference).join(', ');
      return this.inDoubt(orderId, `${cause} ${SEVERAL_FOUND}: ${references}.`, log);
    }
    const since = order.bookingStartedAt?.getTime() ?? 0;
    const settle = this.ofGoneProcess(order)
      ? this.options.lookupSettleMs
      : this.options.bookingInFlightMs;
    const waitMs = since + settle - clock.now().getTime();
    if (waitMs > 0) {
      return { result: 'retry', delayMs: waitMs, error: 'no booking found yet: asked again' };
    }
    const back = await this.deps.repository.transaction((tx) =>
      this.deps.orders.transition(orderId, 'booking', 'authorised', { bookingStartedAt: null }, tx),
    );
    log.warn('no booking at the courier under our reference: booked again');
    return back ? 'book again' : { result: 'done' };
  }

  /** A look-up that fails for now: asked again within the retry window, then an operator's. */
  private async retryOrAttention(
    orderId: string,
    queuedAt: Date,
    error: unknown,
    log: Logger,
  ): Promise<JobOutcome> {
    const elapsed = this.deps.clock.now().getTime() - queuedAt.getTime();
    if (elapsed + this.options.bookingRetryDelayMs <= this.options.bookingRetryWindowMs) {
      return {
        result: 'retry',
        delayMs: this.options.bookingRetryDelayMs,
        error: `booking look-up failed: ${errorMessage(error)}`,
      };
    }
    return this.inDoubt(orderId, `${INTERRUPTED} ${LOOKUP_REFUSED}: ${errorMessage(error)}`, log);
  }

  /** What a look-up cannot settle: `needs_attention`, the card still held. */
  private async inDoubt(orderId: string, message: string, log: Logger): Promise<JobOutcome> {
    await this.deps.repository.transaction((tx) =>
      this.deps.orders.transition(
        orderId,
        'booking',
        'needs_attention',
        { failureCode: 'BOOKING_OUTCOME_UNKNOWN', failureMessage: message.slice(0, 1000) },
        tx,
      ),
    );
    log.error({ message }, 'booking outcome unknown: needs attention');
    return { result: 'done' };
  }

  /**
   * 2. The shipment to ask for. The chosen day may have come while the booking waited (an
   * authorisation just before midnight, retries across it): a day that can no longer be booked
   * is never sent. The route's availability is asked afresh (a safe call, retried on failure).
   */
  private async whatToBook(
    orderId: string,
    queuedAt: Date,
    log: Logger,
  ): Promise<ShipmentBooking | JobOutcome> {
    const { orders } = this.deps;
    const order = await orders.load(orderId);
    if (order.collectionDate && !orders.collectionDateStillBookable(order)) {
      const message = collectionDateLapsedMessage(order.collectionDate, true);
      return this.failed(orderId, COLLECTION_DATE_LAPSED, message, log);
    }
    let match;
    try {
      match = await orders.resolveCourierService(order);
    } catch (error) {
      if (error instanceof ApiError) {
        return this.failed(orderId, 'SERVICE_UNAVAILABLE', error.message, log);
      }
      return this.retryOrFail(orderId, queuedAt, error, log);
    }
    return shipmentBookingFor(order, await orders.declaredItems(orderId), {
      serviceId: match.courierService.serviceId,
      collectionOptionId: match.collectionOptionId,
    });
  }

  /**
   * 3. "Calling the courier now" is committed just before the request, nothing else between the
   * two, so a job that stopped before this point is simply run again. Then BookShipment; its
   * reply is kept before anything else (4), then the booking settled (5).
   */
  private async book(
    orderId: string,
    booking: ShipmentBooking,
    queuedAt: Date,
    log: Logger,
    started: number,
  ): Promise<JobOutcome> {
    const { repository, clock, orders, courier } = this.deps;
    const marked = await repository.transaction((tx) =>
      orders.transition(
        orderId,
        'authorised',
        'booking',
        {
          bookingStartedAt: clock.now(),
          bookingProcess: this.processId,
          courierServiceId: booking.serviceId,
          collectionOptionId: booking.collectionOptionId ?? null,
        },
        tx,
      ),
    );
    if (!marked) return { result: 'done' };
    const courierStarted = performance.now();
    const calledAt = clock.now();
    let exchange: CourierExchange | undefined;
    try {
      let result: BookingResult;
      try {
        result = await courier.bookShipment(booking, (seen) => {
          exchange = seen;
        });
      } catch (error) {
        return await this.callFailed(orderId, queuedAt, error, log, courierStarted);
      }
      const courierMs = performance.now() - courierStarted;
      // The courier has booked it: its reference goes to the log at once, and the reply is kept
      // before anything else (retried through a lost connection).
      log.info({ courierReference: result.orderReference }, 'courier confirmed the booking');
      await this.keepReply(orderId, marked.paymentAttempt, result, log);
      // 5. SUCCESS: labels, documents, `booked`, the email and the capture in one transaction.
      await this.complete(orderId, result, log, started, courierMs);
      return { result: 'done' };
    } finally {
      // The exchange goes to the order's courier log only after the booking's own writes, and
      // is not waited for: a failed log write is logged and changes nothing.
      if (exchange) this.logExchange(orderId, calledAt, exchange, log);
    }
  }

  /** Writes the exchange to `courier_exchanges` in the background; a failure is only logged. */
  private logExchange(orderId: string, at: Date, exchange: CourierExchange, log: Logger): void {
    const write = this.deps.repository
      .logCourierExchange({
        id: randomUUID(),
        orderId,
        operation: exchange.operation,
        request: exchange.request,
        httpStatus: exchange.httpStatus,
        outcome: exchange.outcome,
        reply: exchange.reply,
        error: exchange.error?.slice(0, 2000) ?? null,
        durationMs: exchange.durationMs,
        at,
      })
      .catch((error: unknown) => {
        log.warn({ err: error, operation: exchange.operation }, 'courier exchange not logged');
      })
      .finally(() => this.logWrites.delete(write));
    this.logWrites.add(write);
  }

  private readonly logWrites = new Set<Promise<void>>();

  /** Resolves once the courier log writes started so far have ended (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.logWrites]);
  }

  /** Keeps the courier's reply, retrying a failed write for up to `replyWriteWindowMs`. */
  private async keepReply(orderId: string, attempt: number, result: BookingResult, log: Logger) {
    const { repository, clock } = this.deps;
    await this.retrying(log, 'booking reply not kept yet', () =>
      repository.keepBookingReply({
        orderId,
        paymentAttempt: attempt,
        courierReference: result.orderReference,
        reply: bookingResultToJson(result),
        receivedAt: clock.now(),
      }),
    );
  }

  /** Marks the order booked from the courier's reply (retried through a lost connection). */
  private async complete(
    orderId: string,
    result: BookingResult,
    log: Logger,
    started: number,
    courierMs: number,
  ) {
    const stored = await this.retrying(log, 'booked order not stored yet', async () =>
      this.storeBooked(await this.deps.orders.load(orderId), result),
    );
    if (stored) {
      log.info(
        {
          courierReference: result.orderReference,
          ms: Math.round(performance.now() - started),
          courierMs: Math.round(courierMs),
          serverMs: Math.round(performance.now() - started - courierMs),
        },
        'order booked',
      );
    } else {
      const order = await this.deps.orders.load(orderId);
      if (order.status !== 'booked') {
        log.error(
          { courierReference: result.orderReference, status: order.status },
          'the courier confirmed a booking for an order no longer in booking: kept for an operator',
        );
      }
    }
  }

  /** Runs a database write until it succeeds or the reply-keeping window has passed. */
  private async retrying<T>(log: Logger, what: string, write: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.options.replyWriteWindowMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (performance.now() >= deadline) throw error;
        log.warn({ err: error, attempt }, what);
        const delay = Math.min(5_000, 100 * 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
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
    // The outcome is in doubt (a timeout, a broken or unreadable reply): the courier is asked
    // what it booked under our reference before anything else (decision 142).
    const courierMs = Math.round(performance.now() - courierStarted);
    log.warn({ err: error, courierMs }, 'booking outcome unknown: asking the courier');
    const order = await orders.load(orderId);
    if (order.status !== 'booking') return { result: 'done' };
    const cause = `${errorMessage(error)}.`;
    const found = await this.lookUp(orderId, order, queuedAt, log, performance.now(), cause);
    if (found !== 'book again') return found;
    return { result: 'retry', delayMs: 0, error: 'no booking at the courier: booked again' };
  }

  /** Labels, documents, `booked`, the capture job and the confirmation email: one transaction. */
  private async storeBooked(order: OrderRow, result: BookingResult): Promise<boolean> {
    const { repository, clock, orders, jobs, mail } = this.deps;
    const orderId = order.id;
    const now = clock.now();
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
      await this.deps.tracking.enrol(tx, booked, result.orderReference);
      await repository.insertDocuments(
        documents.map(({ attachment: _, ...stored }) => stored),
        tx,
      );
      const [captured] = await repository.movePayments(
        { orderId, attempt: order.paymentAttempt },
        'authorised',
        'capture_pending',
        now,
        tx,
      );
      if (captured) {
        await jobs.enqueue(tx, capturePaymentJob, { paymentId: captured.id, orderId });
      }
      const bookedOrder = { ...order, bookedAt: now };
      await mail.emails.send(
        tx,
        'booking-confirmation',
        bookedOrder,
        bookingConfirmationOf(this.deps, bookedOrder, documents),
      );
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
    const message = errorMessage(error);
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
    const { repository, orders, jobs } = this.deps;
    await repository.transaction(async (tx) => {
      const updated = await orders.transition(
        orderId,
        from === 'booking' ? ['booking', 'authorised'] : ['authorised'],
        'booking_failed',
        { failureCode: code, failureMessage: message.slice(0, 1000), newPaymentAttempt: true },
        tx,
      );
      if (!updated) return;
      await releaseAuthorisations(this.deps, orderId, tx);
    });
    jobs.wake();
    log.warn({ code, message }, 'booking failed; authorisation cancelled');
    return { result: 'done' };
  }
}

/** The courier's reply as kept in `courier_booking_replies` (PDFs base64-encoded). */
export function bookingResultToJson(result: BookingResult): Record<string, unknown> {
  return {
    ...result,
    labels: result.labels.map((l) => ({ ...l, content: l.content.toString('base64') })),
    documents: result.documents.map((d) => ({ ...d, content: d.content.toString('base64') })),
  };
}

export function bookingResultFromJson(json: unknown): BookingResult {
  type Kept<T> = Omit<T, 'content'> & { content: string };
  const kept = json as Omit<BookingResult, 'labels' | 'documents'> & {
    labels: Kept<BookingResult['labels'][number]>[];
    documents: Kept<BookingResult['documents'][number]>[];
  };
  return {
    ...kept,
    labels: kept.labels.map((l) => ({ ...l, content: Buffer.from(l.content, 'base64') })),
    documents: kept.documents.map((d) => ({ ...d, content: Buffer.from(d.content, 'base64') })),
  };
}

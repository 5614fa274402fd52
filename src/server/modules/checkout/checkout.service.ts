import type { CheckoutStatus, PaymentSession } from '../../../domain/checkout.js';
import type { PaymentEvent, PaymentProvider } from '../../providers/payment/payment-provider.js';
import { BookingJob } from './booking-job.js';
import {
  BOOK_SHIPMENT_JOB,
  CANCEL_PAYMENT_JOB,
  CAPTURE_PAYMENT_JOB,
  DEFAULT_CHECKOUT_OPTIONS,
  type CheckoutDeps,
  type CheckoutOptions,
} from './checkout-deps.js';
import { checkoutStatus } from './checkout-status.js';
import { PaymentEvents } from './payment-events.js';
import { PaymentSessions } from './payment-session.js';
import { SettlementJobs } from './settlement-jobs.js';

/**
 * Pay, book and confirm (every state and transition is in docs/orders.md), wired from its parts:
 * 1. `PaymentSessions`: create or reuse the provider payment for the server's price; confirm;
 * 2. `PaymentEvents` (the confirm call or the webhook, whichever comes first) marks the order
 *    `authorised` and queues the booking job, once;
 * 3. `BookingJob` books the shipment once, stores labels and documents, marks the order `booked`,
 *    queues the email and the capture; or cancels the authorisation (`booking_failed`); or flags
 *    an unknown outcome (`needs_attention`);
 * 4. `SettlementJobs` capture or cancel the authorisation;
 * 5. `checkoutStatus` and `document` serve the pages.
 */
export class CheckoutService {
  readonly options: CheckoutOptions;
  private readonly sessions: PaymentSessions;
  private readonly events: PaymentEvents;

  constructor(
    private readonly deps: CheckoutDeps,
    options: Partial<CheckoutOptions> = {},
  ) {
    this.options = { ...DEFAULT_CHECKOUT_OPTIONS, ...options };
    this.events = new PaymentEvents(deps);
    this.sessions = new PaymentSessions(deps, this.events);
    const booking = new BookingJob(deps, this.options);
    const settlement = new SettlementJobs(deps);
    deps.jobs.register(BOOK_SHIPMENT_JOB, (payload, ctx) =>
      booking.run(String(payload.orderId), ctx.createdAt, ctx.log),
    );
    deps.jobs.register(CAPTURE_PAYMENT_JOB, (payload) =>
      settlement.capture(String(payload.paymentId)),
    );
    deps.jobs.register(CANCEL_PAYMENT_JOB, (payload) =>
      settlement.cancel(String(payload.paymentId)),
    );
  }

  get provider(): PaymentProvider {
    return this.deps.payment;
  }

  startPayment(orderId: string): Promise<PaymentSession> {
    return this.sessions.start(orderId);
  }

  async confirmPayment(orderId: string): Promise<CheckoutStatus> {
    await this.sessions.confirm(orderId);
    return this.status(orderId);
  }

  handleEvent(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.events.handle(event);
  }

  status(orderId: string): Promise<CheckoutStatus> {
    return checkoutStatus(this.deps, orderId);
  }

  /** A stored label or document of the order (downloads never go to the courier's URL). */
  document(orderId: string, documentId: string) {
    return this.deps.repository.document(orderId, documentId);
  }
}

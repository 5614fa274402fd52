import type { CheckoutStatus, PaymentSession } from '#src/domain/checkout.js';
import type { PaymentEvent, PaymentProvider } from '../../providers/payment/payment-provider.js';
import { BookingJob } from './booking-job.js';
import {
  DEFAULT_CHECKOUT_OPTIONS,
  documentPath,
  type CheckoutDeps,
  type CheckoutOptions,
} from './checkout-deps.js';
import { checkoutStatus, paymentSummary } from './checkout-status.js';
import {
  addOperatorDocument,
  documentsOf,
  resendBookingConfirmation,
} from './confirmation-email.js';
import type { BookedLabel } from '../../providers/courier/courier-provider.js';
import type { MailAttachment } from '../email/index.js';
import { PaymentEvents } from './payment-events.js';
import { PaymentReconciliation } from './payment-reconciliation.js';
import { PaymentSessions } from './payment-session.js';
import { SettlementJobs } from './settlement-jobs.js';
import { RestoreReconciliation } from './restore-reconciliation.js';
import type { DbTransaction } from '../../db/client.js';
import {
  fetchCourierDocuments,
  resolveNeedsAttention,
  type CourierDocuments,
  type Resolution,
} from './operator-resolution.js';
import { type CancelledBy, resumeCaptures, settleCancelledBooking } from './cancelled-booking.js';
import { ChangePayments } from './change-payments.js';
import { cancelAuthorisation } from './operator-payments.js';
import {
  Refunds,
  refundsUnderKey,
  type RefundBy,
  type RefundRequester,
  type RefundSettledHandler,
} from './refunds.js';
import type { RefundRow } from './checkout.repository.js';
import type { PaymentSummary } from '#src/domain/refunds.js';

export type { Resolution };

/**
 * Pay, book and confirm (every state and transition is in docs/orders.md), wired from its parts:
 * 1. `PaymentSessions`: create or reuse the provider payment for the server's price; confirm;
 * 2. `PaymentEvents` (the confirm call or the webhook, whichever comes first) marks the order
 *    `authorised` and queues the booking job, once;
 * 3. `BookingJob` books the shipment once, stores labels and documents, marks the order `booked`,
 *    queues the email and the capture; or cancels the authorisation (`booking_failed`); or flags
 *    an unknown outcome (`needs_attention`);
 * 4. `SettlementJobs` capture or cancel the authorisation;
 *    `Refunds`: every refund (an operator's, a cancelled booking's) and the refund job;
 *    `operator-resolution.ts` and `operator-payments.ts`: the console's answers and its cancel;
 * 5. `checkoutStatus` and `document` serve the pages;
 * 6. `PaymentReconciliation` (recurring) applies or cancels authorisations no order accounts for.
 */
export class CheckoutService {
  readonly options: CheckoutOptions;
  private readonly sessions: PaymentSessions;
  private readonly events: PaymentEvents;
  private readonly refunding: Refunds;
  /** Payments for a change to a booked order, apart from its own (a cover raise). */
  readonly changePayments: ChangePayments;
  readonly jobParts: {
    booking: BookingJob;
    settlement: SettlementJobs;
    refunds: Refunds;
    reconciliation: PaymentReconciliation;
    restore: RestoreReconciliation;
  };

  constructor(
    private readonly deps: CheckoutDeps,
    options: Partial<CheckoutOptions> = {},
  ) {
    this.options = { ...DEFAULT_CHECKOUT_OPTIONS, ...options };
    this.events = new PaymentEvents(deps);
    this.sessions = new PaymentSessions(deps, this.events);
    this.refunding = new Refunds(deps);
    this.changePayments = new ChangePayments(deps, this.events);
    // What the checkout's jobs run (./jobs/*.job.ts), given to them by the job registry.
    const booking = new BookingJob(deps, this.options);
    this.jobParts = {
      booking,
      restore: new RestoreReconciliation(deps, booking, this.refunding),
      settlement: new SettlementJobs(deps, this.refunding),
      refunds: this.refunding,
      reconciliation: new PaymentReconciliation(deps, this.events, this.options),
    };
  }

  /** The newest restore of the site's data and what its reconciliation found (the console). */
  lastRestore() {
    return this.jobParts.restore.latest();
  }

  /**
   * Whether a restore's reconciliation left a booking change for an operator: the site before
   * the restore may have told its outcome, so the emails of its later settling are held.
   */
  changeLeftAtRestore(changeId: string): Promise<boolean> {
    return this.jobParts.restore.changeLeftForOperator(changeId);
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

  /** Every payment of the order, oldest first. */
  payments(orderId: string) {
    return this.deps.repository.listPayments(orderId);
  }

  /** An operator's answer for a `needs_attention` order, in the caller's transaction. */
  resolveNeedsAttention(
    orderId: string,
    resolution: Resolution,
    tx: DbTransaction,
    courier?: CourierDocuments,
  ) {
    return resolveNeedsAttention(this.deps, orderId, resolution, tx, courier);
  }

  /** The courier's labels and documents of a booking it has (outside any transaction). */
  fetchCourierDocuments(courierReference: string): Promise<CourierDocuments> {
    return fetchCourierDocuments(this.deps, courierReference);
  }

  /**
   * The payments of a booking the courier has cancelled, in the caller's transaction (the one
   * that marks the order `cancelled`): refunded in full, or the hold released.
   */
  settleCancelledBooking(orderId: string, by: CancelledBy, tx: DbTransaction) {
    return settleCancelledBooking(this.deps, this.refunding, orderId, by, tx);
  }

  /** After a refused cancellation, in its transaction: a capture that waited goes ahead. */
  resumeCaptures(orderId: string, tx: DbTransaction) {
    return resumeCaptures(this.deps, orderId, tx);
  }

  /** An operator cancels an `authorised` order and its authorisation, in the caller's transaction. */
  cancelAuthorisation(orderId: string, tx: DbTransaction) {
    return cancelAuthorisation(this.deps, orderId, tx);
  }

  /** An operator refunds the order's captured payment (in part or whole), in the caller's transaction. */
  requestRefund(
    orderId: string,
    input: { amount: string; requestKey: string; by: RefundRequester },
    tx: DbTransaction,
  ) {
    return this.refunding.requestRefund(orderId, input, tx);
  }

  /**
   * Refunds everything left of the order's captured payment, in the caller's transaction (a
   * cancelled booking): locks the order and the payment, writes the refund and queues its job.
   * Null when nothing was captured or nothing is left; the same `requestKey` again returns the
   * first refund and queues nothing. Call `wake()` after the transaction commits.
   */
  refundInFull(
    orderId: string,
    input: { requestKey: string; reason: string; by: RefundBy },
    tx: DbTransaction,
  ): Promise<RefundRow | null> {
    return this.refunding.refundInFull(orderId, input, tx);
  }

  /** An operator sends a refund needing action (or refused) to the provider again. */
  retryRefund(orderId: string, refundId: string, tx: DbTransaction) {
    return this.refunding.retryRefund(orderId, refundId, tx);
  }

  /** An operator marks a refund needing action (or refused) as refunded outside the site. */
  markRefundedOutside(
    orderId: string,
    refundId: string,
    input: { note: string; byEmail: string },
    tx: DbTransaction,
  ) {
    return this.refunding.markRefundedOutside(orderId, refundId, input, tx);
  }

  /** The order's refunds asked under `requestKey` (one per payment it took from), in `tx`. */
  async refundsUnder(orderId: string, requestKey: string, tx: DbTransaction): Promise<RefundRow[]> {
    return refundsUnderKey(await this.deps.repository.listRefunds({ orderId }, tx), requestKey);
  }

  /** Calls `handler` in the transaction that settles each refund as refunded (refunds.ts). */
  onRefundSettled(handler: RefundSettledHandler): void {
    this.refunding.onSettled(handler);
  }

  /** The order's refunds and what is left to refund. */
  refunds(orderId: string) {
    return this.refunding.ofOrder(orderId);
  }

  /**
   * What was paid and refunded, in the customer's words; `showCard: false` (the tracking page)
   * leaves the card's digits out. Null until the payment is taken.
   */
  paymentSummary(orderId: string, options: { showCard: boolean }): Promise<PaymentSummary | null> {
    return paymentSummary(this.deps, orderId, options);
  }

  /** A booked order's confirmation email again (an operator's action), in the caller's transaction. */
  resendConfirmation(orderId: string, tx: DbTransaction) {
    return resendBookingConfirmation(this.deps, orderId, tx);
  }

  /** An operator's upload of a label or document for a booked order, in the caller's transaction. */
  addOperatorDocument(
    orderId: string,
    upload: { kind: 'label' | 'document'; type: string; pdf: Buffer },
    tx: DbTransaction,
  ) {
    return addOperatorDocument(this.deps, orderId, upload, tx);
  }

  /**
   * A moved collection's labels from the courier in place of the order's, in the caller's
   * transaction (the move's); the email's attachments for them.
   */
  async replaceLabels(
    order: { id: string; reference: string },
    labels: BookedLabel[],
    tx: DbTransaction,
  ): Promise<MailAttachment[]> {
    const now = this.deps.clock.now();
    const files = documentsOf(order.reference, { labels, documents: [] });
    await this.deps.repository.replaceLabels(
      order.id,
      files.map(({ attachment: _, ...file }) => ({
        ...file,
        contentType: 'application/pdf',
        createdAt: now,
      })),
      tx,
    );
    return files.map((file) => ({
      filename: file.attachment.filename,
      contentType: 'application/pdf',
      content: file.content,
    }));
  }

  /** The order's labels and documents with their download paths (any status). */
  async documents(orderId: string) {
    const rows = await this.deps.repository.listDocuments(orderId);
    return rows.map((d) => ({ ...d, path: documentPath(orderId, d.id) }));
  }

  /** The order's courier exchanges (credentials and document contents removed), oldest first. */
  courierExchanges(orderId: string) {
    return this.deps.repository.courierExchanges(orderId);
  }

  /** Resolves once the courier log writes in flight have ended. */
  idle(): Promise<void> {
    return this.jobParts.booking.idle();
  }

  /** After the caller's transaction commits: run queued jobs and send queued mail now. */
  wake(): void {
    this.deps.jobs.wake();
    this.deps.mail.worker.wake();
  }
}

import type { Logger } from 'pino';
import type { RestoredChange } from '#src/domain/api/admin/restore.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import type { Clock } from '../../clock.js';
import type { DbTransaction } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CourierProvider } from '../../providers/courier/courier-provider.js';
import type { PaymentProvider } from '../../providers/payment/payment-provider.js';
import type { MailDeps } from '../email/index.js';
import type { OrdersService, OrderAccess } from '../orders/index.js';
import type { TrackingService } from '../tracking/index.js';
import type { CheckoutRepository, PaymentRow } from './checkout.repository.js';
import { cancelPaymentJob } from './jobs/cancel-payment.job.js';

export const RECONCILE_PAYMENTS_JOB = 'reconcile-payments';

export interface CheckoutOptions {
  /** How long transient booking failures are retried before the booking fails for good. */
  bookingRetryWindowMs: number;
  bookingRetryDelayMs: number;
  /**
   * How long after "calling the courier now" a booking may still be in flight on another worker
   * (the courier's booking timeout plus `replyWriteWindowMs`): a resumed job waits this long for
   * its reply to be kept before it calls the outcome unknown.
   */
  bookingInFlightMs: number;
  /**
   * Whether one process at a time runs on the database (the embedded one): a booking marked by
   * another process than this one belongs to a process that is gone, and is looked up at once.
   */
  singleProcess: boolean;
  /**
   * How long after a gone process's "calling the courier now" a look-up that finds nothing is
   * asked once more before the order is booked again (a request the courier was still making).
   */
  lookupSettleMs: number;
  /** How long the courier's reply and the booked order are retried through a lost database. */
  replyWriteWindowMs: number;
  /** How often authorisations no order state accounts for are looked for. */
  reconcileEveryMs: number;
  /** How long a payment is left untouched before reconciliation looks at it. */
  reconcileAfterMs: number;
}

export const DEFAULT_CHECKOUT_OPTIONS: CheckoutOptions = {
  bookingRetryWindowMs: 30 * 60_000,
  bookingRetryDelayMs: 30_000,
  bookingInFlightMs: 90_000 + 120_000,
  singleProcess: false,
  lookupSettleMs: 15_000,
  replyWriteWindowMs: 120_000,
  reconcileEveryMs: 2 * 60_000,
  reconcileAfterMs: 5 * 60_000,
};

/** What every part of the checkout is built from (wired once in `checkout.service.ts`). */
export interface CheckoutDeps {
  repository: CheckoutRepository;
  clock: Clock;
  logger: Logger;
  payment: PaymentProvider;
  courier: CourierProvider;
  orders: OrdersService;
  mail: Pick<MailDeps, 'emails' | 'worker' | 'outbox'>;
  jobs: JobQueue;
  /** Signs the read-only links to labels in the confirmation email. */
  orderAccess: Pick<OrderAccess, 'readUrl'>;
  /** Starts tracking a shipment in the transaction that marks its order booked. */
  tracking: Pick<TrackingService, 'enrol' | 'trackingUrl' | 'trackingPath'>;
}

/**
 * What a booking change paid for separately (a cover raise) answers when its payment is
 * authorised, under the order's and the payment's row locks (docs/cover-and-import-charges.md,
 * "Raising the cover after payment").
 */
export interface ChangePaymentHandler {
  /**
   * The card is authorised: true keeps the authorisation (the handler queues, in `tx`, what
   * uses it); false releases it (the change ended meanwhile, or the booking did).
   */
  authorised(payment: PaymentRow, tx: DbTransaction): Promise<boolean>;
  /** Whether something still waits for this authorised payment (reconciliation asks). */
  holds(payment: PaymentRow, tx: DbTransaction): Promise<boolean>;
}

/**
 * The booking changes a restored site settles before its jobs run (decision 141), set once at
 * start-up by the module that makes them: each change under way in the backup, as the courier
 * and the card provider have it.
 */
export interface RestoredChangesHandler {
  settleRestored(): Promise<RestoredChange[]>;
}

/** Queues the cancel job of each payment just moved to `cancel_pending`, in the mover's transaction. */
export async function queueCancels(
  jobs: Pick<JobQueue, 'enqueue'>,
  moved: readonly Pick<PaymentRow, 'id' | 'orderId'>[],
  tx: DbTransaction,
): Promise<void> {
  for (const p of moved) {
    await jobs.enqueue(tx, cancelPaymentJob, { paymentId: p.id, orderId: p.orderId });
  }
}

/**
 * Releases the order's authorisations, in the caller's transaction: each `authorised` payment
 * moves to `cancel_pending` and its cancel job is queued. Returns the payments moved.
 */
export async function releaseAuthorisations(
  deps: Pick<CheckoutDeps, 'repository' | 'jobs' | 'clock'>,
  orderId: string,
  tx: DbTransaction,
): Promise<PaymentRow[]> {
  const moved = await deps.repository.movePayments(
    { orderId },
    'authorised',
    'cancel_pending',
    deps.clock.now(),
    tx,
  );
  await queueCancels(deps.jobs, moved, tx);
  return moved;
}

/** Messages the customer sees when something other than the card stops the booking. */
export const CHECKOUT_MESSAGES = {
  incomplete:
    'Your order is not ready for payment yet. Please complete your addresses, collection date and declared items.',
  amountMismatch:
    'The amount authorised did not match the price of your order, so we cancelled it. You have not been charged. Please try again.',
  interrupted:
    'We could not confirm whether your collection was booked. Our team will check with the courier and contact you.',
  serviceUnavailable: 'This service is no longer available for your order. Please get a new quote.',
  courierUnavailable:
    'We could not reach the courier to book your collection, so we cancelled the payment. You have not been charged. Please try again later.',
  courierRejected:
    'The courier could not accept this booking, so we cancelled the payment. You have not been charged. Please check your addresses and collection date and try again, or contact us and we will help.',
  changeEnded:
    'The change you were paying for no longer applies (the booking changed, or another amount was chosen), so we released the payment. You have not been charged for it.',
  termsNotAccepted:
    'The Terms & Conditions were not accepted for your order as it is now, so we cancelled the payment. You have not been charged. Please tick the box and pay again.',
} as const;

/**
 * The collection date chosen earlier can no longer be booked (it is today or has passed): before
 * the card step, and when an authorisation arrives for it (then the payment is cancelled).
 */
export function collectionDateLapsedMessage(date: string, cancelled: boolean): string {
  const day = formatCalendarDate(date);
  return cancelled
    ? `Your collection date, ${day}, can no longer be booked, so we cancelled the payment. You have not been charged. Please choose a new collection date and pay again.`
    : `Your collection date, ${day}, can no longer be booked. Please choose a new collection date.`;
}

/**
 * The sentence the customer sees for an order's failure. Whatever the courier said (a refusal or
 * a technical failure) is ours to read, never the customer's: its words stay in the order's
 * failure_message, the courier exchange and the log, which the operator's console shows.
 */
export function customerFailureMessage(code: string, stored: string | null): string {
  if (code === 'BOOKING_OUTCOME_UNKNOWN' || code === 'INVALID_RESPONSE' || code === 'HTTP_ERROR') {
    return CHECKOUT_MESSAGES.interrupted;
  }
  if (code === 'SERVICE_UNAVAILABLE') return stored || CHECKOUT_MESSAGES.serviceUnavailable;
  if (code === 'COURIER_REJECTED') return CHECKOUT_MESSAGES.courierRejected;
  if (code.startsWith('COURIER_')) return CHECKOUT_MESSAGES.courierUnavailable;
  return stored ?? '';
}

/** Where a stored label or document is downloaded. */
export function documentPath(orderId: string, documentId: string): string {
  return `/api/v1/orders/${orderId}/documents/${documentId}`;
}

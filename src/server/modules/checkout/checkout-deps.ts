import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CourierProvider } from '../../providers/courier/courier-provider.js';
import type { PaymentProvider } from '../../providers/payment/payment-provider.js';
import type { MailDeps } from '../email/mail.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { CheckoutRepository } from './checkout.repository.js';

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

/** What every part of the checkout is built from (wired once in `checkout.service.ts`). */
export interface CheckoutDeps {
  repository: CheckoutRepository;
  clock: Clock;
  logger: Logger;
  payment: PaymentProvider;
  courier: CourierProvider;
  orders: OrdersService;
  mail: Pick<MailDeps, 'emails' | 'worker'>;
  jobs: JobQueue;
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
} as const;

/** Where a stored label or document is downloaded. */
export function documentPath(orderId: string, documentId: string): string {
  return `/api/v1/orders/${orderId}/documents/${documentId}`;
}

import { isOrderStatus, type OrderStatus } from '../../domain/order-states.js';

/**
 * What each order status is called, one map per reader: a new status in
 * src/domain/order-states.ts is a type error here until both name it.
 */

/** As operators read it (the console). */
export const OPERATOR_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Draft',
  authorised: 'Paid (authorised)',
  booking: 'Booking',
  booked: 'Booked',
  booking_failed: 'Booking failed',
  needs_attention: 'Needs attention',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};

/** What it means to the order's customer (the account pages). */
export const CUSTOMER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Booking in progress',
  authorised: 'Paid, booking the collection',
  booking: 'Paid, booking the collection',
  booked: 'Booked',
  booking_failed: 'Not booked: you have not been charged',
  needs_attention: 'We are checking your booking',
  cancelling: 'Being cancelled',
  cancelled: 'Cancelled',
};

/** A status as the reader of `labels` reads it; a status this build does not know, as it is. */
export function statusLabel(labels: Readonly<Record<OrderStatus, string>>, status: string): string {
  return isOrderStatus(status) ? labels[status] : status;
}

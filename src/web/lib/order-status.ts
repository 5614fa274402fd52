import { isOrderStatus, type OrderStatus } from '../../domain/order-states.js';
import { TRACKING_STATUS_REGISTRY, type TrackingStatus } from '../../domain/tracking.js';

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

/** An order as every list and page of it has it from the API: its booking's state and, once booked, where its boxes are. */
export interface OrderStatuses {
  status: string;
  trackingStatus: TrackingStatus | null;
}

/**
 * What an order's status reads (docs/tracking.md, "The order's status"): once booked, the
 * order's status from its boxes' as the server derived it (the customer's or the console's name
 * of the registry's status), never "Booked" for boxes delivered days ago; before, the booking's
 * state as today.
 */
export function orderStatusText(order: OrderStatuses, reader: 'customer' | 'operator'): string {
  if (order.trackingStatus) {
    const record = TRACKING_STATUS_REGISTRY[order.trackingStatus];
    return reader === 'operator' ? record.consoleLabel : record.label;
  }
  return statusLabel(
    reader === 'operator' ? OPERATOR_STATUS_LABELS : CUSTOMER_STATUS_LABELS,
    order.status,
  );
}

/**
 * The status's colour, as a booking state's class names it: a tracked order needing attention
 * takes `needs_attention`'s, any other tracked one `booked`'s.
 */
export function orderStatusClass(order: OrderStatuses): string {
  if (!order.trackingStatus) return order.status;
  return TRACKING_STATUS_REGISTRY[order.trackingStatus].tone === 'attention'
    ? 'needs_attention'
    : 'booked';
}

/**
 * The courier's tracking event codes in our words (TrackingStatus, src/domain/tracking.ts).
 * Which codes the real TrackOrder sends is only partly known (docs/providers.md, "TrackOrder
 * (assumed)"): the numeric codes were seen on a UPS leg; the text codes are the simulator's.
 * A code not in this table is never dropped: it is an `exception`, marked not recognised, so an
 * operator looks at it and the table grows.
 */
import type { TrackingStatus } from '#src/domain/tracking.js';

export const TRACKING_CODES: Readonly<Record<string, TrackingStatus>> = {
  // Numeric codes seen on a UPS leg (meanings as far as the published samples show them).
  '003': 'booked', // shipment prepared, awaiting collection
  '005': 'in_transit',
  '021': 'in_transit',
  '160': 'in_transit',
  '167': 'in_transit',
  '011': 'delivered',
  // Text codes (the simulator's; a real carrier's words may differ).
  BOOKED: 'booked',
  COLLECTION_REBOOKED: 'booked',
  COLLECTED: 'collected',
  COLLECTION_MISSED: 'collection_missed',
  AT_HUB: 'in_transit',
  DEPARTED: 'in_transit',
  ARRIVED: 'in_transit',
  CUSTOMS_HOLD: 'customs_hold',
  CUSTOMS_CLEARED: 'in_transit',
  OUT_FOR_DELIVERY: 'out_for_delivery',
  DELIVERY_FAILED: 'delivery_failed',
  DELIVERED: 'delivered',
  RETURNED: 'returned',
  CANCELLED: 'cancelled', // the booking cancelled before collection: the journey's last event
  LOST: 'exception', // the courier has stopped searching: a claim for a lost box may be made
};

/**
 * The table's key for a code as sent: trimmed, upper case; a numeric code padded to three
 * digits, since a code sent as a JSON number ("3") has lost its leading zeros ("003").
 */
export function trackingCodeKey(code: string): string {
  const key = code.trim().toUpperCase();
  return /^\d{1,2}$/.test(key) ? key.padStart(3, '0') : key;
}

/** Our status for a courier's code; an unknown code is an `exception`, not recognised. */
export function trackingStatusOf(code: string): { status: TrackingStatus; recognised: boolean } {
  const key = trackingCodeKey(code);
  const status = Object.hasOwn(TRACKING_CODES, key) ? TRACKING_CODES[key] : undefined;
  return status ? { status, recognised: true } : { status: 'exception', recognised: false };
}

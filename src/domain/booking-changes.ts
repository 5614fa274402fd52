import { londonAt } from './london-time.js';
import { coverPricePence, type CoverSettings } from './pricing.js';
import { COLLECTION_WINDOW } from './tracking.js';

/**
 * What a customer (or an operator for them) may change after paying, and until when
 * (docs/booking-changes.md). Pure: the server decides with it, the pages show the same.
 */

/**
 * The kinds of change: cancel the booking, move the collection day, change the contact, raise
 * the cover (a second payment).
 */
export const BOOKING_CHANGE_KINDS = ['cancel', 'collection_date', 'contact', 'cover'] as const;
export type BookingChangeKind = (typeof BOOKING_CHANGE_KINDS)[number];

/**
 * A change is asked (`pending`), made, refused by the courier, or given up after retries. A cover
 * raise waits for its card payment first (`awaiting_payment`), and ends `cancelled` when that
 * payment is not made (card declined, another amount chosen, the booking cancelled meanwhile). A
 * change whose courier call got no answer (a timeout, a lost connection, a process stopped during
 * the call) is `checking`: the courier may or may not have made it, so we ask it what it has, and
 * the change ends as the courier has it; never told as refused (decision 138).
 */
export const BOOKING_CHANGE_STATUSES = [
  'awaiting_payment',
  'pending',
  'checking',
  'done',
  'refused',
  'failed',
  'cancelled',
] as const;
export type BookingChangeStatus = (typeof BOOKING_CHANGE_STATUSES)[number];

/**
 * A new date or contact reaches the driver only before the collection window opens: changes
 * close at its start (09:00, UK time) on the collection day. A cancellation stays open until the
 * courier collects the boxes (the courier refuses it after that).
 */
export function changesCloseAt(collectionDate: string): Date {
  return londonAt(collectionDate, COLLECTION_WINDOW.from);
}

const COVER_UNREACHABLE = 'We could not reach the courier, so your cover has not changed.';
const COVER_REFUSED = 'The courier could not raise the cover: it reports your boxes as collected.';
const COVER_HOLD_RELEASED =
  'The hold on your card for the extra cover has been released: you have not been charged for it.';

/** What the customer reads when a change cannot be made, and why. */
export const BOOKING_CHANGE_MESSAGES = {
  collected:
    'The courier has collected your boxes, so this booking can no longer be cancelled or changed. If something is wrong, contact us with your order reference.',
  notBooked: 'Only a booking made with the courier can be cancelled or changed here.',
  cancelled: 'This booking is cancelled.',
  cancelling: 'This booking is being cancelled.',
  changesClosed:
    'The collection window has opened, so the date and contact can no longer be changed here. You can still cancel until the courier collects your boxes.',
  changeInProgress: 'Another change to this booking is being made. Wait a moment and try again.',
  courierRefusedCancel:
    'The courier could not cancel this booking: it reports your boxes as collected. Nothing has been refunded. Contact us if this is wrong.',
  courierRefusedChange:
    'The courier could not make this change. Nothing has changed: try another date, or contact us.',
  /** A change (or cancellation) whose courier answer is not known yet. */
  confirming:
    'We are confirming this change with the courier and will email you as soon as it is settled. Until then your booking stays as shown.',
  sameDate: 'That is the collection date already booked. Choose another date.',
  coverNotHigher: (currentText: string) =>
    `Choose more cover than the ${currentText} you have now: cover can be raised after payment, not lowered.`,
  /** `limitWords`: `coverLimitWords` (src/domain/cover.ts), what the most cover is. */
  coverAtMost: (maxText: string, limitWords = 'the value of the items you declared') =>
    `This shipment already has the most cover it can have (${maxText}): ${limitWords}, at most the maximum per shipment.`,
  coverPaymentFailed:
    'The payment for the extra cover did not go through, so your cover has not changed. Try again, or use another card.',
  courierUnreachableCover: `${COVER_UNREACHABLE} ${COVER_HOLD_RELEASED}`,
  courierRefusedCover: `${COVER_REFUSED} ${COVER_HOLD_RELEASED}`,
  /** The same, for a raise that cost nothing (no card was asked for). */
  courierUnreachableFreeCover: COVER_UNREACHABLE,
  courierRefusedFreeCover: COVER_REFUSED,
  addressesFixed:
    'Addresses and boxes cannot change after payment: the courier has priced and labelled the shipment for them. To send from or to another address, or other boxes, cancel this booking (free until the courier collects) and book again.',
} as const;

/**
 * What raising the cover after payment costs: the price of the new cover less the price of the
 * cover already bought, both at the settings the booking was priced with, so that what is paid
 * in all is exactly the price of the new cover (docs/cover-and-import-charges.md).
 */
export function coverRaisePricePence(
  fromCoverPence: number,
  toCoverPence: number,
  settings: CoverSettings,
): number {
  return Math.max(
    0,
    coverPricePence(toCoverPence, settings) - coverPricePence(fromCoverPence, settings),
  );
}

/** "in 2 days 4 hours", "in 3 hours 5 minutes", "in 12 minutes": time left before a cut-off. */
export function timeLeft(until: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `in ${unit(days, 'day')}${hours ? ` ${unit(hours, 'hour')}` : ''}`;
  if (hours > 0) return `in ${unit(hours, 'hour')}${mins ? ` ${unit(mins, 'minute')}` : ''}`;
  return `in ${unit(Math.max(mins, 1), 'minute')}`;
}

import { addWorkingDays, transitRange } from '#src/domain/delivery-estimate.js';
import { addDays } from '#src/domain/collection-calendar.js';
import { londonAt, londonDate } from '#src/domain/london-time.js';
import { TRACKING_STATUS_REGISTRY, type TrackingStatus } from '#src/domain/tracking.js';

/**
 * When the tracking job next asks the courier about a shipment, sends its reminder or checks for
 * a missed collection (docs/tracking.md, "Polling"). Pure: the times follow from the shipment's
 * stage and when it was last polled. Every time is a UK (Europe/London) clock time.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The collection window closes at 17:30; the day's last poll comes a little after. */
export const END_OF_DAY_CHECK = '17:45';
/**
 * With the courier unreachable all evening, a collection no event confirmed by this time is
 * treated as missed all the same: the customer hears the same evening.
 */
export const MISSED_BY = '20:00';
/** The reminder goes the evening before the collection day. */
export const REMINDER_AT = '18:00';
/** A failed poll is tried again sooner than its stage's interval, at most after this. */
export const RETRY_AFTER_FAILURE_MS = 30 * MINUTE;

/** Polled this often on the collection day, and in transit from the day before delivery is due. */
const COLLECTION_DAY_INTERVAL_MS = HOUR;
const NEAR_DELIVERY_INTERVAL_MS = 2 * HOUR;

export interface ScheduleState {
  status: TrackingStatus;
  /** yyyy-mm-dd */
  collectionDate: string;
  /** yyyy-mm-dd: the collection date plus the service's longest transit time. */
  expectedDelivery: string;
  createdAt: Date;
  lastPolledAt: Date | null;
  /** Whether the last poll failed (the courier did not answer usefully). */
  lastPollFailed: boolean;
  missedAt: Date | null;
  stoppedAt: Date | null;
  /** The collection date the reminder was sent (or skipped) for. */
  reminderSentFor: string | null;
}

/** When the courier should next be asked; null once polling stopped. */
export function pollDueAt(s: ScheduleState): Date | null {
  // How often the order's status is polled is its record's (a status never polled: null).
  const every = TRACKING_STATUS_REGISTRY[s.status].pollEveryMs;
  if (s.stoppedAt || every === null) return null;
  const last = s.lastPolledAt;
  if (!last) return s.createdAt;
  const lastDay = londonDate(last);
  let next: Date;
  if (s.status === 'booked' && !s.missedAt) {
    if (lastDay < s.collectionDate) {
      // Nothing happens before the collection day: its first poll is at the window's start.
      next = londonAt(s.collectionDate, '09:00');
    } else if (lastDay === s.collectionDate) {
      const endOfDay = londonAt(s.collectionDate, END_OF_DAY_CHECK);
      next = new Date(last.getTime() + COLLECTION_DAY_INTERVAL_MS);
      if (last < endOfDay && next > endOfDay) next = endOfDay;
    } else {
      next = new Date(last.getTime() + every);
    }
  } else if (
    (s.status === 'collected' || s.status === 'in_transit') &&
    lastDay >= addDays(s.expectedDelivery, -1)
  ) {
    next = new Date(last.getTime() + NEAR_DELIVERY_INTERVAL_MS);
  } else {
    next = new Date(last.getTime() + every);
  }
  if (s.lastPollFailed) {
    const retry = new Date(last.getTime() + RETRY_AFTER_FAILURE_MS);
    if (retry < next) next = retry;
  }
  return next;
}

/** When the reminder is due; null when it was sent for this date or the day has passed. */
export function reminderDueAt(s: ScheduleState): Date | null {
  if (s.stoppedAt || s.missedAt || s.status !== 'booked') return null;
  if (s.reminderSentFor === s.collectionDate) return null;
  return londonAt(addDays(s.collectionDate, -1), REMINDER_AT);
}

/** When a collection with no event confirming it counts as missed, even without the courier. */
export function missedByAt(s: ScheduleState): Date | null {
  if (s.stoppedAt || s.missedAt || s.status !== 'booked') return null;
  return londonAt(s.collectionDate, MISSED_BY);
}

/** Whether a collection still `booked` after a poll at `now` has been missed. */
export function collectionMissed(s: ScheduleState, now: Date, polled: boolean): boolean {
  if (s.missedAt || s.status !== 'booked') return false;
  const threshold = polled ? END_OF_DAY_CHECK : MISSED_BY;
  return now >= londonAt(s.collectionDate, threshold);
}

/** The shipment's next wake-up: its next poll, reminder or missed-collection check. */
export function nextWakeAt(s: ScheduleState): Date | null {
  const times = [pollDueAt(s), reminderDueAt(s), missedByAt(s)].filter(
    (t): t is Date => t !== null,
  );
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/** The latest day delivery is expected: the collection date plus the longest transit, in working days. */
export function expectedDeliveryOf(collectionDate: string, transitDays: string | null): string {
  return addWorkingDays(collectionDate, transitRange(transitDays).most);
}

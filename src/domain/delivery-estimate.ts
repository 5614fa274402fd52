import { addDays, isWeekend } from './collection-calendar.js';
import { TRACKING_STATUS_REGISTRY, type TrackingStatus } from './tracking.js';

/**
 * The expected delivery window (docs/tracking.md, "Expected delivery"): the collection day plus
 * the service's transit time from the rate table, counted in working days (Monday to Friday).
 * Always an estimate. When the order's status means a delay (held by customs, a failed attempt,
 * an unrecognised event), or the window's last day has passed without delivery, the window moves
 * to start on the next working day after today and keeps its width.
 */
export interface DeliveryEstimate {
  /** yyyy-mm-dd, the first day delivery is expected. */
  from: string;
  /** yyyy-mm-dd, the last day; the same as `from` for a one-day transit. */
  to: string;
  /** The window was moved because the boxes are late or held. */
  delayed: boolean;
}

/** Transit days when the rate table gives none: the slowest service's. */
const DEFAULT_TRANSIT = { fewest: 3, most: 5 };

/** "2-4" → 2 and 4; "3" → 3 and 3; anything else → the default. */
export function transitRange(transitDays: string | null): { fewest: number; most: number } {
  const match = /^\s*(\d{1,2})\s*(?:-\s*(\d{1,2})\s*)?$/.exec(transitDays ?? '');
  if (!match) return DEFAULT_TRANSIT;
  const fewest = Number(match[1]);
  const most = match[2] === undefined ? fewest : Number(match[2]);
  return most < fewest ? DEFAULT_TRANSIT : { fewest, most };
}

/** The day `count` working days after `date` (Saturdays and Sundays not counted). */
export function addWorkingDays(date: string, count: number): string {
  let day = date;
  for (let added = 0; added < count;) {
    day = addDays(day, 1);
    if (!isWeekend(day)) added++;
  }
  return day;
}

/** The window for an order now; null when its status shows none (delivered, back, cancelled, missed). */
export function deliveryEstimate(input: {
  collectionDate: string;
  transitDays: string | null;
  status: TrackingStatus;
  /** Today in London, yyyy-mm-dd. */
  today: string;
}): DeliveryEstimate | null {
  const outlook = TRACKING_STATUS_REGISTRY[input.status].delivery;
  if (outlook === 'none') return null;
  const { fewest, most } = transitRange(input.transitDays);
  const from = addWorkingDays(input.collectionDate, fewest);
  const to = addWorkingDays(input.collectionDate, most);
  if (outlook === 'on time' && input.today <= to) return { from, to, delayed: false };
  const tomorrow = addWorkingDays(input.today, 1);
  if (tomorrow <= from) return { from, to, delayed: true };
  return { from: tomorrow, to: addWorkingDays(tomorrow, most - fewest), delayed: true };
}

/** "Tuesday 1 December" or "Tuesday 1 – Thursday 3 December", for pages and emails. */
export function deliveryWindowText({ from, to }: Pick<DeliveryEstimate, 'from' | 'to'>): string {
  const day = (date: string, withMonth: boolean) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      ...(withMonth ? { month: 'long' } : {}),
    });
  if (from === to) return day(from, true);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  return `${day(from, !sameMonth)} – ${day(to, true)}`;
}

/**
 * "Tuesday 1 – Thursday 3 December (an estimate)", or "Later than planned: now expected …" when
 * the window moved for a delay: what the tracking pages and the collected email say.
 */
export function expectedDeliveryText(estimate: DeliveryEstimate): string {
  const window = deliveryWindowText(estimate);
  return estimate.delayed
    ? `Later than planned: now expected ${window} (an estimate)`
    : `${window} (an estimate)`;
}

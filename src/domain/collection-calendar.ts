/**
 * Collection dates (docs/product-rules.md, "Booking wizard"): from the next working day after today to the
 * fifth working day after today, "today" being the calendar date in Europe/London. Weekends and
 * the bank holidays of the collection address's part of the UK are not working days. Dates are
 * ISO calendar dates ("2026-11-23"); holidays come from a lookup the caller provides, so this
 * module stays pure.
 */
import { londonDate } from './london-time.js';

export const COLLECTION_WINDOW_WORKING_DAYS = 5;
export const COLLECTION_HOURS = { from: '9:00am', to: '5:30pm' } as const;
/**
 * The time the courier is told the boxes are ready: the start of the window the customer is
 * promised, so the courier's label and tracking page say the same as our pages and emails
 * (docs/decisions/030-one-collection-window.md).
 */
export const COLLECTION_READY_FROM = '09:00';

export const COLLECTION_DATE_MESSAGES = {
  required: 'Please select date.',
  past: 'Please select a date and time in the future.',
  weekend: 'Saturdays and Sundays are not allowed.',
} as const;

/** Which bank holidays apply to a collection address. */
export type HolidayRegion = 'england-and-wales' | 'scotland' | 'northern-ireland';

/** Returns the bank holiday's name on that date in that region, or undefined. */
export type HolidayLookup = (isoDate: string, region: HolidayRegion) => string | undefined;

const SCOTTISH_AREAS = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
]);

/** The holiday region of a UK post code's area letters (e.g. "EH", "BT", "SW"). */
export function holidayRegionForPostcodeArea(area: string): HolidayRegion {
  if (area === 'BT') return 'northern-ireland';
  if (SCOTTISH_AREAS.has(area)) return 'scotland';
  return 'england-and-wales';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day === 0 || day === 6;
}

export interface CalendarDay {
  date: string;
  selectable: boolean;
  /** Why a day between the first and last selectable day cannot be chosen. */
  reason?: 'weekend' | 'holiday';
  holidayName?: string;
}

export interface CollectionWindow {
  today: string;
  earliest: string;
  latest: string;
  /** Every day from earliest to latest, with the ones that cannot be chosen marked. */
  days: CalendarDay[];
}

/** The dates a collection may be booked for, seen from `now`. */
export function collectionWindow(
  now: Date,
  region: HolidayRegion,
  holidayOn: HolidayLookup,
): CollectionWindow {
  const today = londonDate(now);
  const days: CalendarDay[] = [];
  let workingDays = 0;
  let date = today;
  while (workingDays < COLLECTION_WINDOW_WORKING_DAYS) {
    date = addDays(date, 1);
    const holidayName = holidayOn(date, region);
    if (isWeekend(date)) {
      if (workingDays > 0) days.push({ date, selectable: false, reason: 'weekend' });
    } else if (holidayName) {
      if (workingDays > 0) days.push({ date, selectable: false, reason: 'holiday', holidayName });
    } else {
      workingDays += 1;
      days.push({ date, selectable: true });
    }
  }
  const selectable = days.filter((d) => d.selectable);
  return {
    today,
    earliest: selectable[0]?.date ?? date,
    latest: selectable.at(-1)?.date ?? date,
    days,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Wednesday 25 November 2026": the same text on every runtime, whatever its locale data. */
export function formatCalendarDate(isoDate: string): string {
  return `${WEEKDAYS[dayOfWeek(isoDate)]} ${formatDayMonthYear(isoDate)}`;
}

/** "26 November 2026" from "2026-11-26": a date without its weekday (a table's date). */
export function formatDayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/**
 * The message for a chosen date, or undefined when it can be booked. The order of checks
 * follows docs/product-rules.md: missing, in the past, weekend; then bank holidays and the window.
 */
export function collectionDateError(
  value: string | undefined | null,
  now: Date,
  region: HolidayRegion,
  holidayOn: HolidayLookup,
): string | undefined {
  if (!value || !value.trim()) return COLLECTION_DATE_MESSAGES.required;
  const date = value.trim();
  if (!isIsoDate(date)) return COLLECTION_DATE_MESSAGES.required;
  const window = collectionWindow(now, region, holidayOn);
  if (date <= window.today) return COLLECTION_DATE_MESSAGES.past;
  if (isWeekend(date)) return COLLECTION_DATE_MESSAGES.weekend;
  const holiday = holidayOn(date, region);
  if (holiday) {
    return `${formatCalendarDate(date)} is a bank holiday (${holiday}). Please choose another day.`;
  }
  if (date < window.earliest || date > window.latest) {
    return `Please choose a date from ${formatCalendarDate(window.earliest)} to ${formatCalendarDate(window.latest)}.`;
  }
  return undefined;
}

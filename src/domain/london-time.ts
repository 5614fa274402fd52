/**
 * UK time, the one way. The business runs on the calendar and clock of Europe/London (GMT in
 * winter, BST in summer): collection days, "today" on the dashboard, the times in emails and on
 * receipts. Every date or time shown to a person or compared with a UK calendar date comes from
 * here, so no other file names the time zone.
 *
 * Formats always use hourCycle h23 and the en-GB locale, so the text is the same on every
 * runtime (Node, the browser, the prerender).
 */

export const LONDON = 'Europe/London';

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'weekday', string>;

const NUMERIC = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

function toDate(at: Date | string): Date {
  return typeof at === 'string' ? new Date(at) : at;
}

function numericParts(at: Date | string): Parts {
  const parts = Object.fromEntries(
    NUMERIC.formatToParts(toDate(at)).map((p) => [p.type, p.value]),
  ) as Parts;
  return parts;
}

/** The UK calendar date of an instant, `yyyy-mm-dd`. */
export function londonDate(at: Date | string): string {
  const p = numericParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The UK calendar date and 24-hour clock time of an instant: `{ date: 'yyyy-mm-dd', time: 'HH:mm' }`. */
export function londonClock(at: Date | string): { date: string; time: string } {
  const p = numericParts(at);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

const OFFSET = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, timeZoneName: 'shortOffset' });

/** The instant of midnight in the UK at the start of a calendar date `yyyy-mm-dd` (GMT or BST). */
export function londonMidnight(date: string): Date {
  const utc = new Date(`${date}T00:00:00Z`);
  const offset = OFFSET.formatToParts(utc).find((p) => p.type === 'timeZoneName')?.value;
  const hours = offset === 'GMT' || !offset ? 0 : Number(offset.replace('GMT', ''));
  return new Date(utc.getTime() - hours * 3_600_000);
}

/** The instant a UK clock shows `time` (HH:mm) on calendar date `date` (GMT or BST). */
export function londonAt(date: string, time: string): Date {
  const utc = new Date(`${date}T${time}:00Z`);
  const offset = OFFSET.formatToParts(utc).find((p) => p.type === 'timeZoneName')?.value;
  const hours = offset === 'GMT' || !offset ? 0 : Number(offset.replace('GMT', ''));
  return new Date(utc.getTime() - hours * 3_600_000);
}

const FORMATS = {
  /** "23 November 2026 at 14:05": the time something happened, in an email's sentence. */
  sentence: { dateStyle: 'long', timeStyle: 'short' },
  /** "23 November 2026, 14:05": receipts and order pages. */
  long: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "23 Nov 2026, 14:05": dense tables (the console). */
  short: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "23 November 2026": the day an order was made. */
  day: { day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type LondonFormat = keyof typeof FORMATS;

const formatters = new Map<LondonFormat, Intl.DateTimeFormat>();

/** An instant as UK time for people to read, in one of the site's formats (see FORMATS). */
export function formatLondon(at: Date | string, format: LondonFormat): string {
  let formatter = formatters.get(format);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      ...FORMATS[format],
      hourCycle: 'h23',
      timeZone: LONDON,
    });
    formatters.set(format, formatter);
  }
  if (format === 'long') {
    // en-GB puts "at" or "," between date and time depending on the runtime's ICU: build it.
    const parts = formatter.formatToParts(toDate(at));
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((p) => p.type === type)?.value ?? '';
    return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
  }
  return formatter.format(toDate(at));
}

/** A calendar date `yyyy-mm-dd` as "23 Nov" (no time zone: a date is the same everywhere). */
export function formatDayMonth(date: string): string {
  return DAY_MONTH.format(new Date(`${date}T00:00:00Z`));
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

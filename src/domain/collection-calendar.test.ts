import { describe, expect, it } from 'vitest';
import {
  COLLECTION_HOURS,
  COLLECTION_READY_FROM,
  collectionDateError,
  collectionWindow,
  holidayRegionForPostcodeArea,
  type HolidayLookup,
} from './collection-calendar.js';
import { londonDate } from './london-time.js';

const none: HolidayLookup = () => undefined;
const table =
  (holidays: Record<string, string>): HolidayLookup =>
  (date) =>
    holidays[date];

const selectable = (now: string, lookup: HolidayLookup = none) =>
  collectionWindow(new Date(now), 'england-and-wales', lookup)
    .days.filter((d) => d.selectable)
    .map((d) => d.date);

describe('londonDate', () => {
  it('is the calendar date in London, in winter (GMT) and summer (BST)', () => {
    expect(londonDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-23');
    expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
  });

  it('handles the DST change days', () => {
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonDate(new Date('2026-03-28T23:59:00Z'))).toBe('2026-03-28');
    expect(londonDate(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(londonDate(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDate(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });
});

describe('collectionWindow', () => {
  it('from a Monday: Tuesday to the next Monday', () => {
    expect(selectable('2026-11-23T10:00:00Z')).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
  });

  it('from a Friday, Saturday or Sunday: the next Monday to Friday', () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    expect(selectable('2026-11-20T16:00:00Z')).toEqual(week);
    expect(selectable('2026-11-21T09:00:00Z')).toEqual(week);
    expect(selectable('2026-11-22T22:00:00Z')).toEqual(week);
  });

  it('marks weekends and holidays inside the window, and skips holidays', () => {
    const window = collectionWindow(
      new Date('2026-11-23T10:00:00Z'),
      'england-and-wales',
      table({ '2026-11-26': 'Test Day' }),
    );
    expect(window.days).toEqual([
      { date: '2026-11-24', selectable: true },
      { date: '2026-11-25', selectable: true },
      { date: '2026-11-26', selectable: false, reason: 'holiday', holidayName: 'Test Day' },
      { date: '2026-11-27', selectable: true },
      { date: '2026-11-28', selectable: false, reason: 'weekend' },
      { date: '2026-11-29', selectable: false, reason: 'weekend' },
      { date: '2026-11-30', selectable: true },
      { date: '2026-12-01', selectable: true },
    ]);
    expect(window.earliest).toBe('2026-11-24');
    expect(window.latest).toBe('2026-12-01');
  });

  it('uses the London date across the DST change', () => {
    // 23:30 UTC on Sunday 29 March 2026 is already Monday 30 March in London.
    expect(selectable('2026-03-29T23:30:00Z')[0]).toBe('2026-03-31');
  });
});

describe('collectionDateError', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const check = (value: string | undefined, lookup: HolidayLookup = none) =>
    collectionDateError(value, now, 'england-and-wales', lookup);

  it('uses the product’s messages', () => {
    expect(check(undefined)).toBe('Please select date.');
    expect(check('')).toBe('Please select date.');
    expect(check('2026-11-20')).toBe('Please select a date and time in the future.');
    expect(check('2026-11-23')).toBe('Please select a date and time in the future.');
    expect(check('2026-11-28')).toBe('Saturdays and Sundays are not allowed.');
    expect(check('2026-11-29')).toBe('Saturdays and Sundays are not allowed.');
  });

  it('refuses bank holidays and dates beyond the window', () => {
    expect(check('2026-11-25', table({ '2026-11-25': 'Test Day' }))).toBe(
      'Wednesday 25 November 2026 is a bank holiday (Test Day). Please choose another day.',
    );
    expect(check('2026-12-01')).toBe(
      'Please choose a date from Tuesday 24 November 2026 to Monday 30 November 2026.',
    );
  });

  it('accepts every selectable day', () => {
    for (const date of selectable('2026-11-23T10:00:00Z')) expect(check(date)).toBeUndefined();
  });
});

describe('holidayRegionForPostcodeArea', () => {
  it('maps Scotland, Northern Ireland and the rest', () => {
    expect(holidayRegionForPostcodeArea('EH')).toBe('scotland');
    expect(holidayRegionForPostcodeArea('HS')).toBe('scotland');
    expect(holidayRegionForPostcodeArea('BT')).toBe('northern-ireland');
    expect(holidayRegionForPostcodeArea('SW')).toBe('england-and-wales');
    expect(holidayRegionForPostcodeArea('PO')).toBe('england-and-wales');
    expect(holidayRegionForPostcodeArea('CF')).toBe('england-and-wales');
  });
});

describe('the collection window', () => {
  it('tells the courier the boxes are ready when the window we promise opens', () => {
    // "9:00am" on our pages and emails; "09:00" on the courier's label and tracking page.
    const [, hour, minute, half] = /^(\d{1,2}):(\d{2})(am|pm)$/.exec(COLLECTION_HOURS.from)!;
    const from = `${String((Number(hour) % 12) + (half === 'pm' ? 12 : 0)).padStart(2, '0')}:${minute}`;
    expect(COLLECTION_READY_FROM).toBe(from);
  });
});

import { describe, expect, it } from 'vitest';
import { collectionWindow } from '#src/domain/collection-calendar.js';
import { createUkHolidayLookup } from './uk-holidays.js';

const holidayOn = createUkHolidayLookup();

const ENGLAND_AND_WALES = {
  2026: [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-04',
    '2026-05-25',
    '2026-08-31',
    '2026-12-25',
    '2026-12-28',
  ],
  2027: [
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-05-03',
    '2027-05-31',
    '2027-08-30',
    '2027-12-27',
    '2027-12-28',
  ],
};

describe('UK bank holidays', () => {
  it('knows every England & Wales bank holiday of 2026 and 2027 that falls on a weekday', () => {
    for (const dates of Object.values(ENGLAND_AND_WALES)) {
      for (const date of dates) expect(holidayOn(date, 'england-and-wales'), date).toBeTruthy();
    }
    expect(holidayOn('2026-11-30', 'england-and-wales')).toBeUndefined();
    expect(holidayOn('2026-03-17', 'england-and-wales')).toBeUndefined();
  });

  it('knows Scotland’s and Northern Ireland’s own', () => {
    expect(holidayOn('2026-01-02', 'scotland')).toBe('January 2nd');
    expect(holidayOn('2026-11-30', 'scotland')).toMatch(/St Andrew/);
    expect(holidayOn('2026-08-03', 'scotland')).toMatch(/Summer/);
    expect(holidayOn('2026-08-31', 'scotland')).toBeUndefined();
    expect(holidayOn('2026-03-17', 'northern-ireland')).toMatch(/Patrick/);
    expect(holidayOn('2026-07-13', 'northern-ireland')).toMatch(/Boyne/);
    expect(holidayOn('2027-07-12', 'northern-ireland')).toMatch(/Boyne/);
  });

  it('skip Christmas and New Year in the collection window', () => {
    // Wednesday 23 December 2026, 3pm in London.
    const window = collectionWindow(
      new Date('2026-12-23T15:00:00Z'),
      'england-and-wales',
      holidayOn,
    );
    expect(window.days.filter((d) => d.selectable).map((d) => d.date)).toEqual([
      '2026-12-24',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
    ]);
    const scotland = collectionWindow(new Date('2026-12-23T15:00:00Z'), 'scotland', holidayOn);
    expect(scotland.latest).toBe('2027-01-05');
  });
});

describe('every bank holiday of 2026 and 2027 on a weekday, by region', () => {
  // The published lists (gov.uk), substitute days included.
  const published = {
    scotland: [
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
      '2027-01-04',
      '2027-03-26',
      '2027-05-03',
      '2027-05-31',
      '2027-08-02',
      '2027-11-30',
      '2027-12-27',
      '2027-12-28',
    ],
    'northern-ireland': [
      '2026-01-01',
      '2026-03-17',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-07-13',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
      '2027-03-17',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-07-12',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ],
    'england-and-wales': [...ENGLAND_AND_WALES[2026], ...ENGLAND_AND_WALES[2027]],
  } as const;

  for (const [region, dates] of Object.entries(published)) {
    it(`matches the published list for ${region}`, () => {
      const weekdayHolidays: string[] = [];
      for (
        let d = new Date('2026-01-01T00:00:00Z');
        d < new Date('2028-01-01T00:00:00Z');
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const iso = d.toISOString().slice(0, 10);
        const day = d.getUTCDay();
        if (day !== 0 && day !== 6 && holidayOn(iso, region as keyof typeof published))
          weekdayHolidays.push(iso);
      }
      expect(weekdayHolidays).toEqual([...dates].sort());
    });
  }
});

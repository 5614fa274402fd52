import { describe, expect, it } from 'vitest';
import {
  formatDayMonth,
  formatLondon,
  londonClock,
  londonDate,
  londonMidnight,
} from './london-time.js';

describe('UK time', () => {
  const winter = new Date('2026-11-23T14:05:00Z'); // GMT
  const summer = new Date('2026-07-01T23:30:00Z'); // BST: already 2 July in the UK

  it('gives the UK calendar date, across midnight in summer time', () => {
    expect(londonDate(winter)).toBe('2026-11-23');
    expect(londonDate(summer)).toBe('2026-07-02');
    expect(londonDate('2026-07-01T22:59:00Z')).toBe('2026-07-01');
  });

  it('gives the date and a 24-hour clock time', () => {
    expect(londonClock(winter)).toEqual({ date: '2026-11-23', time: '14:05' });
    expect(londonClock(summer)).toEqual({ date: '2026-07-02', time: '00:30' });
  });

  it('finds midnight at the start of a UK day in GMT and in BST', () => {
    expect(londonMidnight('2026-11-23').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(londonMidnight('2026-07-02').toISOString()).toBe('2026-07-01T23:00:00.000Z');
  });

  it('formats an instant in each of the site formats', () => {
    expect(formatLondon(winter, 'sentence')).toBe('23 November 2026 at 14:05');
    expect(formatLondon(winter, 'long')).toBe('23 November 2026, 14:05');
    expect(formatLondon(summer, 'long')).toBe('2 July 2026, 00:30');
    expect(formatLondon(winter.toISOString(), 'short')).toBe('23 Nov 2026, 14:05');
    expect(formatLondon(summer, 'day')).toBe('2 July 2026');
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
  });
});

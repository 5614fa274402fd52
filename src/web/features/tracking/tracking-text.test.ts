import { describe, expect, it } from 'vitest';
import type { TrackedBox } from '#src/domain/api/tracking.js';
import {
  boxTitle,
  clockText,
  collectionDayText,
  collectionText,
  newestFirst,
  placeText,
  statusReasons,
} from './tracking-text.js';

const box = (number: number, fields: Partial<TrackedBox> = {}): TrackedBox => ({
  number,
  trackingNumber: `TRK${number}`,
  status: 'in_transit',
  reason: null,
  events: [],
  ...fields,
});

describe('how the tracking pages say things', () => {
  it('writes the collection day and its window as the site does', () => {
    expect(clockText('09:00')).toBe('9:00');
    expect(clockText('17:30')).toBe('17:30');
    expect(collectionDayText('2026-11-27')).toBe('Friday 27 November');
    expect(collectionText('2026-11-27', { from: '09:00', to: '17:30' })).toBe(
      'Friday 27 November, 9:00–17:30',
    );
  });

  it('names places and boxes', () => {
    expect(placeText({ city: 'Paris', country: 'France' })).toBe('Paris, France');
    expect(placeText({ city: '', country: 'France' })).toBe('France');
    expect(boxTitle(1, 2)).toBe('Box 1 of 2');
  });

  it('shows a history latest first, leaving the given one as it was', () => {
    const events = [
      {
        at: '2026-11-27T10:00:00Z',
        status: 'collected',
        description: 'a',
        location: null,
        reason: null,
      },
      {
        at: '2026-11-28T10:00:00Z',
        status: 'in_transit',
        description: 'b',
        location: null,
        reason: null,
      },
    ] as const;
    expect(newestFirst(events).map((e) => e.description)).toEqual(['b', 'a']);
    expect(events[0].description).toBe('a');
  });

  it('gives the reasons of the boxes at the order’s status, naming the box when there are several', () => {
    const held = box(2, { status: 'customs_hold', reason: 'Commercial invoice missing' });
    expect(statusReasons({ status: 'customs_hold', boxes: [held] })).toEqual([
      'Commercial invoice missing',
    ]);
    expect(statusReasons({ status: 'customs_hold', boxes: [box(1), held] })).toEqual([
      'Box 2 of 2: Commercial invoice missing',
    ]);
    // Only boxes at the order's status: another box's reason is shown on that box alone.
    expect(
      statusReasons({ status: 'customs_hold', boxes: [held, box(3, { reason: 'Late' })] }),
    ).toEqual(['Box 2 of 2: Commercial invoice missing']);
    expect(statusReasons({ status: 'booked', boxes: [box(1, { reason: 'Late' })] })).toEqual([]);
  });
});

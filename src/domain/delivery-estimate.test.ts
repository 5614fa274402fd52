import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  deliveryEstimate,
  deliveryWindowText,
  transitRange,
} from './delivery-estimate.js';

describe('the expected delivery window', () => {
  it('reads the rate table’s transit days, and falls back on bad ones', () => {
    expect(transitRange('2-4')).toEqual({ fewest: 2, most: 4 });
    expect(transitRange('3')).toEqual({ fewest: 3, most: 3 });
    expect(transitRange(' 1 - 2 ')).toEqual({ fewest: 1, most: 2 });
    for (const bad of [null, '', 'soon', '4-2', '-1']) {
      expect(transitRange(bad)).toEqual({ fewest: 3, most: 5 });
    }
  });

  it('counts working days only', () => {
    // Friday 27 November 2026 + 1 working day: Monday 30 November.
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-27', 5)).toBe('2026-12-04');
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('is the collection day plus the transit, while the boxes are on time', () => {
    const base = { collectionDate: '2026-11-27', transitDays: '2-4', today: '2026-11-27' };
    expect(deliveryEstimate({ ...base, status: 'booked' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
      delayed: false,
    });
    expect(deliveryEstimate({ ...base, status: 'in_transit', today: '2026-12-03' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
      delayed: false,
    });
  });

  it('moves past today, keeping its width, when the boxes are held or late', () => {
    const base = { collectionDate: '2026-11-27', transitDays: '2-4' };
    // Held by customs on Wednesday 2 December: from Thursday 3 to Monday 7 December.
    expect(deliveryEstimate({ ...base, status: 'customs_hold', today: '2026-12-02' })).toEqual({
      from: '2026-12-03',
      to: '2026-12-07',
      delayed: true,
    });
    // Held on the collection day, before the window starts: the window stands, marked delayed.
    expect(deliveryEstimate({ ...base, status: 'customs_hold', today: '2026-11-27' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
      delayed: true,
    });
    // Still in transit the day after the window's last day.
    expect(deliveryEstimate({ ...base, status: 'in_transit', today: '2026-12-04' })).toEqual({
      from: '2026-12-07',
      to: '2026-12-09',
      delayed: true,
    });
  });

  it('shows none once the boxes are delivered, back, cancelled or waiting for a new collection', () => {
    const base = { collectionDate: '2026-11-27', transitDays: '2-4', today: '2026-11-30' };
    for (const status of ['delivered', 'returned', 'cancelled', 'collection_missed'] as const) {
      expect(deliveryEstimate({ ...base, status })).toBeNull();
    }
  });

  it('says the window in words', () => {
    expect(deliveryWindowText({ from: '2026-12-01', to: '2026-12-03' })).toBe(
      'Tuesday 1 – Thursday 3 December',
    );
    expect(deliveryWindowText({ from: '2026-11-30', to: '2026-12-02' })).toBe(
      'Monday 30 November – Wednesday 2 December',
    );
    expect(deliveryWindowText({ from: '2026-12-01', to: '2026-12-01' })).toBe('Tuesday 1 December');
  });
});

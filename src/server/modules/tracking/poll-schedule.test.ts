import { describe, expect, it } from 'vitest';
import { londonAt } from '#src/domain/london-time.js';
import {
  collectionMissed,
  expectedDeliveryOf,
  nextWakeAt,
  pollDueAt,
  reminderDueAt,
  type ScheduleState,
} from './poll-schedule.js';
import { TrackingTokens } from './tracking-token.js';

/** Booked on Monday 23 November 2026 for Wednesday 25th, delivery due by Friday 27th. */
function state(changes: Partial<ScheduleState> = {}): ScheduleState {
  return {
    status: 'booked',
    collectionDate: '2026-11-25',
    expectedDelivery: '2026-11-27',
    createdAt: new Date('2026-11-23T10:00:00Z'),
    lastPolledAt: null,
    lastPollFailed: false,
    missedAt: null,
    stoppedAt: null,
    reminderSentFor: null,
    ...changes,
  };
}

const day = (time: string, date = '2026-11-25') => londonAt(date, time);

describe('the polling schedule', () => {
  it('polls once at once, then not before the collection day', () => {
    expect(pollDueAt(state())).toEqual(new Date('2026-11-23T10:00:00Z'));
    expect(pollDueAt(state({ lastPolledAt: new Date('2026-11-23T10:00:01Z') }))).toEqual(
      day('09:00'),
    );
  });

  it('polls hourly on the collection day, and at 17:45 for the end-of-day check', () => {
    expect(pollDueAt(state({ lastPolledAt: day('10:00') }))).toEqual(day('11:00'));
    expect(pollDueAt(state({ lastPolledAt: day('17:00') }))).toEqual(day('17:45'));
  });

  it('polls rarely in transit, more often near delivery, hourly out for delivery', () => {
    const polled = new Date('2026-11-25T22:00:00Z');
    expect(pollDueAt(state({ status: 'in_transit', lastPolledAt: polled }))).toEqual(
      new Date('2026-11-26T04:00:00Z'),
    );
    const nearly = new Date('2026-11-26T12:00:00Z');
    expect(pollDueAt(state({ status: 'in_transit', lastPolledAt: nearly }))).toEqual(
      new Date('2026-11-26T14:00:00Z'),
    );
    expect(pollDueAt(state({ status: 'out_for_delivery', lastPolledAt: nearly }))).toEqual(
      new Date('2026-11-26T13:00:00Z'),
    );
  });

  it('tries a failed poll again within 30 minutes, and stops once stopped', () => {
    const polled = new Date('2026-11-25T22:00:00Z');
    expect(
      pollDueAt(state({ status: 'in_transit', lastPolledAt: polled, lastPollFailed: true })),
    ).toEqual(new Date('2026-11-25T22:30:00Z'));
    expect(pollDueAt(state({ stoppedAt: polled }))).toBeNull();
    expect(nextWakeAt(state({ stoppedAt: polled }))).toBeNull();
  });

  it('stops polling a cancelled shipment, stopped or not', () => {
    const polled = new Date('2026-11-24T10:00:00Z');
    expect(pollDueAt(state({ status: 'cancelled', lastPolledAt: polled }))).toBeNull();
    expect(nextWakeAt(state({ status: 'cancelled', lastPolledAt: polled }))).toBeNull();
  });

  it('reminds at 18:00 the evening before, once per collection date', () => {
    expect(reminderDueAt(state())).toEqual(day('18:00', '2026-11-24'));
    expect(reminderDueAt(state({ reminderSentFor: '2026-11-25' }))).toBeNull();
    expect(reminderDueAt(state({ reminderSentFor: '2026-11-24' }))).toEqual(
      day('18:00', '2026-11-24'),
    );
    expect(nextWakeAt(state({ lastPolledAt: new Date('2026-11-23T10:00:01Z') }))).toEqual(
      day('18:00', '2026-11-24'),
    );
  });

  it('finds a collection missed after the 17:45 poll, or by 20:00 without one', () => {
    expect(collectionMissed(state(), day('17:44'), true)).toBe(false);
    expect(collectionMissed(state(), day('17:45'), true)).toBe(true);
    expect(collectionMissed(state(), day('19:59'), false)).toBe(false);
    expect(collectionMissed(state(), day('20:00'), false)).toBe(true);
    expect(collectionMissed(state({ status: 'collected' }), day('20:00'), true)).toBe(false);
  });

  it('expects delivery after the service’s longest transit, in working days', () => {
    expect(expectedDeliveryOf('2026-11-25', '2-4')).toBe('2026-12-01');
    expect(expectedDeliveryOf('2026-11-27', '1')).toBe('2026-11-30');
    expect(expectedDeliveryOf('2026-11-25', null)).toBe('2026-12-02');
  });
});

describe('a tracking link’s token', () => {
  const tokens = new TrackingTokens('a secret of the site, 32 characters or more');
  const orderId = '6f1c3a5e-2b7d-4c9e-8a1f-0d2e3c4b5a69';

  it('names its order, and nothing when changed or signed with another secret', () => {
    const token = tokens.of(orderId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(tokens.orderIdOf(token)).toBe(orderId);
    const other = tokens.of('6f1c3a5e-2b7d-4c9e-8a1f-0d2e3c4b5a6a');
    expect(tokens.orderIdOf(`${other.slice(0, 22)}${token.slice(22)}`)).toBeUndefined();
    expect(new TrackingTokens('another secret').orderIdOf(token)).toBeUndefined();
    expect(tokens.orderIdOf(`${token}x`)).toBeUndefined();
  });
});

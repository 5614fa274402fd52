/**
 * The simulator's journeys (tracking.ts) on their own: the collection window, working days
 * across a weekend, UK time in the API's dates, and codes the client's table knows.
 */
import { describe, expect, it } from 'vitest';
import { trackingStatusOf } from '../transglobal/tracking-codes.js';
import {
  apiDateTime,
  collectedBoxes,
  currentContact,
  currentInstructions,
  DAMAGED_REASON,
  LOST_REASON,
  SIMULATOR_EVENT_CODES,
  timelines,
  trackingAt,
  UNKNOWN_EVENT_CODE,
  type TrackedOrder,
} from './tracking.js';

const place = (city: string, country: string) => ({
  name: 'A Person',
  lines: ['1 Street'],
  city,
  postcode: 'X1',
  country,
});

function order(overrides: Partial<TrackedOrder> = {}): TrackedOrder {
  return {
    airWaybill: '4012345673',
    bookedAt: new Date('2026-11-23T10:00:00Z'),
    collectionDate: '2026-11-27',
    readyFrom: '09:00',
    transit: '1-2',
    carrierName: 'DHL',
    from: place('Leeds', 'United Kingdom (Mainland)'),
    to: place('Berlin', 'Germany'),
    packageCount: 1,
    rebookings: [],
    scenario: { name: 'normal' },
    ...overrides,
  };
}

const when = (t: TrackedOrder, code: string) =>
  timelines(t)[0]!
    .events.find((e) => e.code === code)
    ?.at.toISOString();

describe('simulated journeys', () => {
  it('collects inside 09:00–17:30 whenever the boxes are ready, and delivers on working days', () => {
    expect(when(order({ readyFrom: '06:00' }), 'COLLECTED')).toBe('2026-11-27T11:30:00.000Z');
    expect(when(order({ readyFrom: '17:15' }), 'COLLECTED')).toBe('2026-11-27T17:20:00.000Z');
    expect(when(order({ readyFrom: 'noon' }), 'COLLECTED')).toBe('2026-11-27T11:30:00.000Z');
    // Collected on a Friday, two working days: arrives Monday, delivered Tuesday.
    expect(when(order(), 'ARRIVED')).toBe('2026-11-30T05:20:00.000Z');
    expect(when(order(), 'DELIVERED')).toBe('2026-12-01T13:45:00.000Z');
    expect(timelines(order())[0]!.events[1]).toMatchObject({
      description: 'Collected from Leeds, United Kingdom',
      location: 'Leeds, United Kingdom',
    });
    // No transit time given: three working days.
    expect(when(order({ transit: '' }), 'DELIVERED')).toBe('2026-12-02T13:45:00.000Z');
  });

  it('names times as UK wall clock with its offset, in winter and in summer', () => {
    expect(apiDateTime(new Date('2026-11-24T15:00:07.250Z'))).toBe('2026-11-24T15:00:07+00:00');
    expect(apiDateTime(new Date('2026-06-02T15:00:00Z'))).toBe('2026-06-02T16:00:00+01:00');
  });

  it('ends a cancelled journey at its cancellation, after a missed collection too', () => {
    const cancellation = { at: new Date('2026-11-28T09:00:00Z'), count: 1 };
    const missed = order({ scenario: { name: 'collection_missed' }, cancellation });
    const [box] = timelines(missed);
    expect(box!.events.map((e) => e.code)).toEqual(['BOOKED', 'COLLECTION_MISSED', 'CANCELLED']);
    expect(box!.events.at(-1)!.at).toEqual(cancellation.at);
    expect(box!.collectedAt).toBeUndefined();
    expect(collectedBoxes(missed, new Date('2026-12-31T12:00:00Z'))).toBe(0);
    // Before its collection day: booked, then cancelled, nothing after.
    const early = order({ cancellation: { at: new Date('2026-11-24T09:00:00Z'), count: 1 } });
    expect(timelines(early)[0]!.events.map((e) => e.code)).toEqual(['BOOKED', 'CANCELLED']);
  });

  it('moves nothing for a change of contact or instructions alone', () => {
    const contact = { name: 'Ann Smith', phone: '07700 900456', email: 'ann@example.com' };
    const amended = order({
      rebookings: [
        {
          collectionDate: '2026-11-27',
          readyFrom: '09:00',
          at: new Date('2026-11-24T09:00:00Z'),
          contact,
        },
        {
          collectionDate: '2026-11-27',
          readyFrom: '09:00',
          at: new Date('2026-11-25T09:00:00Z'),
          instructions: 'Ring twice',
        },
      ],
    });
    expect(timelines(amended)).toEqual(timelines(order()));
    expect(currentContact(amended)).toEqual(contact);
    expect(currentContact(order())).toEqual({ name: 'A Person', phone: '', email: '' });
    expect(currentInstructions(amended)).toBe('Ring twice');
    expect(collectedBoxes(amended, new Date('2026-11-27T11:30:00Z'))).toBe(1);
    expect(collectedBoxes(amended, new Date('2026-11-27T11:29:59Z'))).toBe(0);
  });

  it('loses a box: quiet after leaving the UK, then declared lost 12 working days after its expected delivery', () => {
    const lost = order({ scenario: { name: 'lost' } });
    // Expected on Tuesday 1 December (the normal journey's delivery day).
    expect(timelines(lost)[0]!.events.map((e) => e.code)).toEqual([
      'BOOKED',
      'COLLECTED',
      'AT_HUB',
      'DEPARTED',
      'LOST',
    ]);
    expect(when(lost, 'LOST')).toBe('2026-12-17T10:00:00.000Z');
    expect(timelines(lost)[0]!.events.at(-1)?.reason).toBe(LOST_REASON);
    // In between, the last thing the courier says is that the box left the UK.
    const quiet = trackingAt(lost, new Date('2026-12-16T12:00:00Z'))[0]!.events;
    expect(quiet.at(-1)?.code).toBe('DEPARTED');
    expect(trackingStatusOf('LOST')).toEqual({ status: 'exception', recognised: true });
  });

  it('delivers a box damaged: delivered as usual, the delivery saying the box was damaged', () => {
    const damaged = order({ scenario: { name: 'damaged' } });
    expect(when(damaged, 'DELIVERED')).toBe('2026-12-01T13:45:00.000Z');
    const delivered = timelines(damaged)[0]!.events.find((e) => e.code === 'DELIVERED');
    expect(delivered?.reason).toBe(DAMAGED_REASON);
    expect(
      timelines(order())[0]!.events.find((e) => e.code === 'DELIVERED')?.reason,
    ).toBeUndefined();
  });

  it('sends codes the client knows, except the one meant to be unknown', () => {
    for (const code of SIMULATOR_EVENT_CODES) {
      expect(trackingStatusOf(code).recognised, code).toBe(true);
    }
    expect(trackingStatusOf(UNKNOWN_EVENT_CODE)).toEqual({
      status: 'exception',
      recognised: false,
    });
  });
});

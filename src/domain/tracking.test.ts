import { describe, expect, it } from 'vitest';
import {
  ATTENTION_TRACKING_STATUSES,
  COLLECTED_OR_LATER,
  FINAL_TRACKING_STATUSES,
  isFinalTrackingStatus,
  ORDER_STATUS_PRECEDENCE,
  orderStatusSentence,
  orderTrackingStatus,
  TRACKING_EMAILS,
  TRACKING_STATUS_REGISTRY,
  TRACKING_STATUSES,
  trackingFinished,
} from './tracking.js';

describe('an order’s tracking status, from its boxes’', () => {
  it('is delivered only when every box is; some delivered and not all is partly delivered', () => {
    expect(orderTrackingStatus(['delivered', 'delivered'])).toBe('delivered');
    expect(orderTrackingStatus(['delivered'])).toBe('delivered');
    expect(orderTrackingStatus(['delivered', 'out_for_delivery'])).toBe('partly_delivered');
    expect(orderTrackingStatus(['delivered', 'in_transit'])).toBe('partly_delivered');
    expect(orderTrackingStatus(['booked', 'delivered', 'delivered'])).toBe('partly_delivered');
  });

  it('is as far along as its least advanced box', () => {
    expect(orderTrackingStatus(['collected', 'in_transit'])).toBe('collected');
    expect(orderTrackingStatus(['booked', 'collected'])).toBe('booked');
    expect(orderTrackingStatus(['in_transit', 'out_for_delivery'])).toBe('in_transit');
    expect(orderTrackingStatus(['out_for_delivery', 'out_for_delivery'])).toBe('out_for_delivery');
  });

  it('needs attention when any box does, the most urgent first, over every step of the journey', () => {
    // A box held by customs outranks another out for delivery (or delivered: not partly delivered).
    expect(orderTrackingStatus(['customs_hold', 'out_for_delivery'])).toBe('customs_hold');
    expect(orderTrackingStatus(['customs_hold', 'delivered'])).toBe('customs_hold');
    expect(orderTrackingStatus(['exception', 'out_for_delivery'])).toBe('exception');
    expect(orderTrackingStatus(['delivery_failed', 'delivered'])).toBe('delivery_failed');
    expect(orderTrackingStatus(['exception', 'in_transit'])).toBe('exception');
    expect(orderTrackingStatus(['returned', 'delivered'])).toBe('returned');
    expect(orderTrackingStatus(['collection_missed', 'booked'])).toBe('collection_missed');
    // Between problems: collection missed > customs hold > delivery failed > exception > returned.
    expect(orderTrackingStatus(['customs_hold', 'collection_missed'])).toBe('collection_missed');
    expect(orderTrackingStatus(['delivery_failed', 'customs_hold'])).toBe('customs_hold');
    expect(orderTrackingStatus(['exception', 'delivery_failed'])).toBe('delivery_failed');
    expect(orderTrackingStatus(['returned', 'exception'])).toBe('exception');
  });

  it('is returned when every box is, and booked before any box is known', () => {
    expect(orderTrackingStatus(['returned', 'returned'])).toBe('returned');
    expect(orderTrackingStatus([])).toBe('booked');
  });

  it('is cancelled when any box is: final, never a state needing attention', () => {
    expect(orderTrackingStatus(['cancelled', 'cancelled'])).toBe('cancelled');
    // A box that has not reported the cancellation yet does not hold the order back.
    expect(orderTrackingStatus(['cancelled', 'booked'])).toBe('cancelled');
    // The cancellation is the last word, even after a missed collection.
    expect(orderTrackingStatus(['cancelled', 'collection_missed'])).toBe('cancelled');
    const cancelled = TRACKING_STATUS_REGISTRY.cancelled;
    expect({
      label: cancelled.label,
      sentence: cancelled.sentence({ total: 2, at: 2 }),
      nextStep: cancelled.nextStep,
      tone: cancelled.tone,
    }).toEqual({
      label: 'Cancelled',
      sentence: 'This booking was cancelled before the courier collected it.',
      nextStep: 'Nothing more will happen with this shipment. Any refund is shown below.',
      tone: 'done',
    });
    expect(isFinalTrackingStatus('cancelled')).toBe(true);
  });

  it('follows the registry’s precedence for every pair of box statuses', () => {
    // Of two boxes, the one whose status comes first wins, but a step of the journey beside a
    // delivered box: partly delivered (which is never a box's own status).
    const partly = ORDER_STATUS_PRECEDENCE.indexOf('partly_delivered');
    const boxStatuses = ORDER_STATUS_PRECEDENCE.filter((s) => s !== 'partly_delivered');
    for (const [i, first] of boxStatuses.entries()) {
      expect(orderTrackingStatus([first]), first).toBe(first);
      for (const second of boxStatuses.slice(i + 1)) {
        const journey = ORDER_STATUS_PRECEDENCE.indexOf(first) > partly;
        const expected = journey && second === 'delivered' ? 'partly_delivered' : first;
        expect(orderTrackingStatus([first, second]), `${first} + ${second}`).toBe(expected);
        expect(orderTrackingStatus([second, first]), `${second} + ${first}`).toBe(expected);
      }
    }
    expect(ORDER_STATUS_PRECEDENCE).toEqual([
      'cancelled',
      'collection_missed',
      'customs_hold',
      'delivery_failed',
      'exception',
      'returned',
      'partly_delivered',
      'booked',
      'collected',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    const precedences = TRACKING_STATUSES.map((s) => TRACKING_STATUS_REGISTRY[s].order.precedence);
    expect(new Set(precedences).size).toBe(TRACKING_STATUSES.length);
  });

  it('finishes when every box is delivered, returned or cancelled', () => {
    expect(trackingFinished(['cancelled', 'cancelled'])).toBe(true);
    expect(trackingFinished(['cancelled', 'booked'])).toBe(false);
    expect(trackingFinished(['delivered', 'returned'])).toBe(true);
    expect(trackingFinished(['delivered', 'customs_hold'])).toBe(false);
    expect(trackingFinished([])).toBe(false);
  });
});

describe('the registry', () => {
  it('has words for every status, and a next step for every one that needs attention', () => {
    for (const status of TRACKING_STATUSES) {
      const record = TRACKING_STATUS_REGISTRY[status];
      expect(record.label.length).toBeGreaterThan(0);
      expect(record.consoleLabel.length).toBeGreaterThan(0);
      expect(record.sentence({ total: 1, at: 1 }).length).toBeGreaterThan(0);
      expect(record.sentence({ total: 3, at: 2 }).length).toBeGreaterThan(0);
      if (record.tone === 'attention') expect(record.nextStep.length).toBeGreaterThan(0);
      if (record.email) expect(Object.keys(TRACKING_EMAILS)).toContain(record.email);
    }
  });

  it('gives every list of statuses', () => {
    expect(FINAL_TRACKING_STATUSES).toEqual(['delivered', 'returned', 'cancelled']);
    expect(ATTENTION_TRACKING_STATUSES).toEqual([
      'customs_hold',
      'collection_missed',
      'delivery_failed',
      'returned',
      'exception',
    ]);
    expect(COLLECTED_OR_LATER).toEqual([
      'collected',
      'in_transit',
      'customs_hold',
      'out_for_delivery',
      'partly_delivered',
      'delivered',
      'delivery_failed',
      'returned',
    ]);
    // Polled at every status but the one that stops it.
    expect(
      TRACKING_STATUSES.filter((s) => TRACKING_STATUS_REGISTRY[s].pollEveryMs === null),
    ).toEqual(['cancelled']);
  });
});

describe('the order’s sentence', () => {
  it('names the number of boxes right', () => {
    expect(orderStatusSentence('collected', ['collected'])).toBe(
      'The courier has collected your box.',
    );
    expect(orderStatusSentence('collected', ['collected', 'in_transit'])).toBe(
      'The courier has collected your 2 boxes.',
    );
    expect(orderStatusSentence('in_transit', ['in_transit', 'in_transit'])).toBe(
      'Your 2 boxes are on their way.',
    );
    expect(orderStatusSentence('out_for_delivery', ['out_for_delivery'])).toBe(
      'Your box is with the driver and should be delivered today.',
    );
    expect(orderStatusSentence('out_for_delivery', ['out_for_delivery', 'out_for_delivery'])).toBe(
      'Your 2 boxes are with the driver and should be delivered today.',
    );
    expect(orderStatusSentence('customs_hold', ['customs_hold', 'out_for_delivery'])).toBe(
      'Customs in the destination country are holding 1 of your 2 boxes until they have what they need.',
    );
    expect(orderStatusSentence('customs_hold', ['customs_hold'])).toBe(
      'Customs in the destination country are holding your box until they have what they need.',
    );
    expect(orderStatusSentence('partly_delivered', ['delivered', 'in_transit', 'in_transit'])).toBe(
      '1 of your 3 boxes has been delivered; the others are still on the way.',
    );
    expect(orderStatusSentence('partly_delivered', ['delivered', 'delivered', 'in_transit'])).toBe(
      '2 of your 3 boxes have been delivered; the other is still on the way.',
    );
    expect(orderStatusSentence('delivered', ['delivered', 'delivered'])).toBe(
      'All 2 boxes have been delivered.',
    );
    expect(orderStatusSentence('returned', ['returned', 'delivered'])).toBe(
      '1 of your 2 boxes is being returned to the sender.',
    );
    expect(orderStatusSentence('returned', ['returned', 'returned'])).toBe(
      'Your 2 boxes are being returned to the sender.',
    );
    expect(
      orderStatusSentence('collection_missed', ['collection_missed', 'collection_missed']),
    ).toBe('The courier did not collect your 2 boxes on the collection day.');
    // Before the courier reported any box: the order's boxes are not known yet.
    expect(orderStatusSentence('booked', [])).toBe(
      'The collection is booked and the courier will come on the collection day.',
    );
  });
});

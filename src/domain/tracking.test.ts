import { describe, expect, it } from 'vitest';
import {
  isFinalTrackingStatus,
  orderTrackingStatus,
  TRACKING_STATUS_TEXT,
  TRACKING_STATUSES,
  trackingFinished,
} from './tracking.js';

describe('an order’s tracking status, from its boxes’', () => {
  it('is delivered only when every box is', () => {
    expect(orderTrackingStatus(['delivered', 'delivered'])).toBe('delivered');
    expect(orderTrackingStatus(['delivered', 'out_for_delivery'])).toBe('out_for_delivery');
    expect(orderTrackingStatus(['delivered', 'in_transit'])).toBe('in_transit');
  });

  it('is as far along as its least advanced box', () => {
    expect(orderTrackingStatus(['collected', 'in_transit'])).toBe('collected');
    expect(orderTrackingStatus(['booked', 'collected'])).toBe('booked');
  });

  it('needs attention when any box does, the most urgent first', () => {
    expect(orderTrackingStatus(['customs_hold', 'delivered'])).toBe('customs_hold');
    expect(orderTrackingStatus(['delivery_failed', 'customs_hold'])).toBe('customs_hold');
    expect(orderTrackingStatus(['exception', 'in_transit'])).toBe('exception');
    expect(orderTrackingStatus(['returned', 'delivered'])).toBe('returned');
    expect(orderTrackingStatus(['collection_missed', 'booked'])).toBe('collection_missed');
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
    expect(TRACKING_STATUS_TEXT.cancelled).toEqual({
      label: 'Cancelled',
      sentence: 'This booking was cancelled before the courier collected it.',
      nextStep: 'Nothing more will happen with this shipment. Any refund is shown below.',
      tone: 'done',
    });
    expect(isFinalTrackingStatus('cancelled')).toBe(true);
  });

  it('finishes when every box is delivered, returned or cancelled', () => {
    expect(trackingFinished(['cancelled', 'cancelled'])).toBe(true);
    expect(trackingFinished(['cancelled', 'booked'])).toBe(false);
    expect(trackingFinished(['delivered', 'returned'])).toBe(true);
    expect(trackingFinished(['delivered', 'customs_hold'])).toBe(false);
    expect(trackingFinished([])).toBe(false);
  });

  it('has words for every status, and a next step for every one that needs attention', () => {
    for (const status of TRACKING_STATUSES) {
      const text = TRACKING_STATUS_TEXT[status];
      expect(text.label.length).toBeGreaterThan(0);
      expect(text.sentence.length).toBeGreaterThan(0);
      if (text.tone === 'attention') expect(text.nextStep.length).toBeGreaterThan(0);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { collectedEmail } from './tracking-collected.email.js';
import { collectionMissedEmail } from './tracking-collection-missed.email.js';
import { customsHoldEmail } from './tracking-customs-hold.email.js';
import { deliveredEmail } from './tracking-delivered.email.js';
import type { Opening, TrackingEmailSubject } from './tracking-email.js';
import { outForDeliveryEmail } from './tracking-out-for-delivery.email.js';

const EMAILS = {
  collected: collectedEmail,
  collection_missed: collectionMissedEmail,
  out_for_delivery: outForDeliveryEmail,
  delivered: deliveredEmail,
  customs_hold: customsHoldEmail,
};

const subject = (boxCount: number): TrackingEmailSubject => ({
  reference: 'BA-7K2M9QXD',
  destination: 'United States',
  collectionDate: '2026-11-24',
  boxCount,
  trackingUrl: 'https://boxabroad.test/track/t',
});

/** What the person who booked reads (Ada, collecting on 24 November; not personal effects). */
const opening = (s: TrackingEmailSubject): Opening => ({
  hello: 'Hello Ada,',
  day: 'Tuesday 24 November 2026',
  reason: s.box?.reason ? ` The courier says: “${s.box.reason}”.` : '',
  to: { email: 'ada@example.com', firstName: 'Ada', party: 'booker' },
  sender: 'Ada',
  documents: null,
});

function trackingEmailWording(name: keyof typeof EMAILS, s: TrackingEmailSubject) {
  return EMAILS[name].wording(s, opening(s));
}

describe('the tracking emails’ words', () => {
  it('give the expected delivery window in the collected email, as an estimate', () => {
    const estimate = { from: '2026-11-26', to: '2026-11-30', delayed: false };
    const words = trackingEmailWording('collected', { ...subject(1), expectedDelivery: estimate });
    expect(words.paragraphs[2]).toBe(
      'Expected delivery: Thursday 26 – Monday 30 November (an estimate).',
    );
    expect(trackingEmailWording('collected', subject(1)).paragraphs).toHaveLength(2);
  });

  it('name the boxes right, one or several', () => {
    const one = trackingEmailWording('collected', subject(1));
    expect(one.heading).toBe('Your box has been collected');
    expect(one.paragraphs[1]).toBe(
      'The courier has collected your box. We will email you when it is out for delivery in United States.',
    );
    const two = trackingEmailWording('collected', subject(2));
    expect(two.heading).toBe('Your boxes have been collected');
    expect(two.paragraphs[1]).toBe(
      'The courier has collected your 2 boxes. We will email you when they are out for delivery in United States.',
    );
    expect(trackingEmailWording('collection_missed', subject(1)).heading).toBe(
      'The courier did not collect your box',
    );
    expect(trackingEmailWording('collection_missed', subject(2)).heading).toBe(
      'The courier did not collect your boxes',
    );
    expect(trackingEmailWording('out_for_delivery', subject(2)).paragraphs[1]).toBe(
      'Your boxes are with the driver in United States and should be delivered today. The recipient should be in to receive them.',
    );
    expect(trackingEmailWording('delivered', subject(2)).paragraphs[1]).toBe(
      'All 2 boxes have been delivered in United States. Thank you for sending with BoxAbroad.',
    );
  });

  it('name the box a problem is about among the order’s', () => {
    const held = trackingEmailWording('customs_hold', {
      ...subject(2),
      box: { number: 1, trackingNumber: 'SIM-1', reason: 'Invoice needed' },
    });
    expect(held.paragraphs[1]).toBe(
      'Box 1 of 2 (tracking number SIM-1) is held by customs in United States. The courier says: “Invoice needed”.',
    );
  });
});

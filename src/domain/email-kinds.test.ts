import { describe, expect, it } from 'vitest';
import { TRACKING_EMAILS } from './tracking.js';
import { EMAIL_KIND_TEXT, emailKindText, trackingMailKind } from './email-kinds.js';

describe('email kinds', () => {
  it('names each email by the kind the outbox stores, and an unknown kind as it is', () => {
    expect(emailKindText('tracking-reminder')).toBe('Collection reminder');
    expect(emailKindText('tracking-customs-hold')).toBe('Held by customs');
    expect(emailKindText('cover-raised')).toBe('Cover raised');
    expect(emailKindText('something_new')).toBe('something_new');
    expect(emailKindText('constructor')).toBe('constructor');
  });

  it('stores each tracking email under a kind the console names', () => {
    expect(trackingMailKind('out_for_delivery')).toBe('tracking-out-for-delivery');
    for (const kind of [...Object.keys(TRACKING_EMAILS), 'collection_rebooked']) {
      expect(Object.keys(EMAIL_KIND_TEXT)).toContain(trackingMailKind(kind));
    }
  });
});

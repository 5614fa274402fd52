import { describe, expect, it } from 'vitest';
import { lastBookingStep, type BookingProgressFacts } from './booking-progress.js';

const start: BookingProgressFacts = {
  hasCollectionAddress: false,
  hasDeliveryAddress: false,
  hasCollectionDate: false,
  declaredAt: null,
  termsAcceptedAt: null,
};
const declared = new Date('2026-11-23T10:00:00Z');

describe('lastBookingStep', () => {
  it('is the last step still complete, in the booking’s order', () => {
    expect(lastBookingStep(start)).toBe('service_chosen');
    const one = { ...start, hasCollectionAddress: true };
    expect(lastBookingStep(one)).toBe('collection_address_given');
    const both = { ...one, hasDeliveryAddress: true };
    expect(lastBookingStep(both)).toBe('addresses_given');
    const dated = { ...both, hasCollectionDate: true };
    expect(lastBookingStep(dated)).toBe('collection_date_chosen');
    expect(lastBookingStep({ ...dated, declaredAt: declared })).toBe('items_declared');
    expect(
      lastBookingStep({ ...dated, declaredAt: declared, termsAcceptedAt: new Date(declared) }),
    ).toBe('ready_to_pay');
  });

  it('goes back when a later step is undone: items changed, or Terms ticked before the declaration', () => {
    const dated = { ...start, hasCollectionAddress: true, hasDeliveryAddress: true };
    const withDate = { ...dated, hasCollectionDate: true };
    expect(lastBookingStep({ ...withDate, termsAcceptedAt: declared })).toBe(
      'collection_date_chosen',
    );
    expect(
      lastBookingStep({
        ...withDate,
        declaredAt: declared,
        termsAcceptedAt: new Date(declared.getTime() - 1),
      }),
    ).toBe('items_declared');
    // A delivery address without a collection one is not "Addresses given".
    expect(lastBookingStep({ ...start, hasDeliveryAddress: true })).toBe('service_chosen');
  });
});

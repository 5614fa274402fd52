/**
 * How far an unpaid booking has got, in the customer's words (the account page's bookings in
 * progress, docs/accounts.md). The step is the last one still complete, by the same rule that
 * decides where "Continue your booking" carries on (`continuePath`): a declaration changed after
 * it was confirmed is no longer "Items declared".
 */
export const BOOKING_STEPS = [
  'service_chosen',
  'collection_address_given',
  'addresses_given',
  'collection_date_chosen',
  'items_declared',
  'ready_to_pay',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export const BOOKING_STEP_LABELS: Record<BookingStep, string> = {
  service_chosen: 'Service chosen',
  collection_address_given: 'Collection address given',
  addresses_given: 'Addresses given',
  collection_date_chosen: 'Collection date chosen',
  items_declared: 'Items declared',
  ready_to_pay: 'Ready to pay',
};

/** What the step is read from: the order's choices and its steps' times. */
export interface BookingProgressFacts {
  hasCollectionAddress: boolean;
  hasDeliveryAddress: boolean;
  hasCollectionDate: boolean;
  declaredAt: Date | null;
  /** The payment step's box (Terms accepted, nothing prohibited inside). */
  termsAcceptedAt: Date | null;
}

/** The last step of the booking still complete (Select always chooses a service: the first). */
export function lastBookingStep(facts: BookingProgressFacts): BookingStep {
  if (!facts.hasCollectionAddress) return 'service_chosen';
  if (!facts.hasDeliveryAddress) return 'collection_address_given';
  if (!facts.hasCollectionDate) return 'addresses_given';
  if (!facts.declaredAt) return 'collection_date_chosen';
  if (!facts.termsAcceptedAt || facts.termsAcceptedAt < facts.declaredAt) return 'items_declared';
  return 'ready_to_pay';
}

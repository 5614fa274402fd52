/**
 * The rules in the customer's words: the Terms, the FAQ and the booking confirmation say the
 * same (docs/booking-changes.md). Apart from booking-changes.ts so those pages load nothing else.
 */
export const CHANGES_POLICY = {
  cancel:
    'You can cancel free of charge until the courier collects your boxes, from your order page or Manage my booking. We refund what you paid in full, to the card you paid with, as soon as the courier confirms the cancellation; banks usually take up to 5 working days to show it.',
  change:
    'You can move the collection to another working day, or change the phone, email or instructions for the driver, until 9:00am on the collection day, when the collection window opens. There is no charge. When the day moves we email you new labels showing it: print those.',
  fixed:
    'Addresses and boxes cannot change after payment, because the courier has priced and labelled the shipment for them: to change them, cancel and book again.',
} as const;

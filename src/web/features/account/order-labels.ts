/** What an order's status means to its customer. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'draft':
      return 'Booking in progress';
    case 'authorised':
    case 'booking':
      return 'Paid, booking the collection';
    case 'booked':
      return 'Booked';
    case 'booking_failed':
      return 'Not booked: you have not been charged';
    case 'needs_attention':
      return 'We are checking your booking';
    default:
      return status;
  }
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "23 November 2026", for when an order was made. */
export function formatOrderDate(iso: string): string {
  return DATE.format(new Date(iso));
}

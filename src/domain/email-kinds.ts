/**
 * Every email the site sends, by the kind the outbox stores (`mail.kind`), in the console's
 * words. The server's email registry has one definition per kind (its template, when it is sent
 * and who receives it: docs/email.md) and fails `tsc` when a kind here has none or one there is
 * missing here; the console reads the words from here, so stored and shown kinds are one string.
 */
export const EMAIL_KIND_TEXT = {
  'booking-confirmation': 'Booking confirmation',
  'not-booked': 'Booking not made',
  'cancelled-before-booking': 'Cancelled before booking',
  'pay-again': 'Asked to pay again',
  'booking-cancelled': 'Booking cancelled',
  'cancel-not-made': 'Cancellation not made',
  'contact-changed': 'Collection contact changed',
  'change-not-made': 'Change not made',
  'cover-raised': 'Cover raised',
  'cover-not-raised': 'Cover not raised',
  refund: 'Refund',
  'claim-submitted': 'Claim submitted',
  'claim-more-info': 'Claim: more information needed',
  'claim-approved': 'Claim approved',
  'claim-declined': 'Claim declined',
  'claim-paid': 'Claim paid',
  'order-link': 'Manage my booking link',
  'tracking-reminder': 'Collection reminder',
  'tracking-collected': 'Collected',
  'tracking-out-for-delivery': 'Out for delivery',
  'tracking-delivered': 'Delivered',
  'tracking-collection-missed': 'Collection missed',
  'tracking-collection-rebooked': 'Collection rebooked',
  'tracking-new-labels': 'New labels',
  'tracking-customs-hold': 'Held by customs',
  'tracking-delivery-failed': 'Delivery attempt failed',
  'tracking-returned': 'Returned',
  'tracking-exception': 'Needs checking',
  'sign-up-link': 'Sign-up link',
  'sign-up-existing-account': 'Sign-up with an existing account',
  'sign-in-failures': 'Sign-in failures',
  'verify-email': 'Email confirmation',
  'password-reset': 'Password reset',
  'operator-invitation': 'Operator invitation',
  'contact-message': 'Contact form message',
  'dev-sample': 'Sample (local mailbox)',
} as const satisfies Record<string, string>;

export type EmailKind = keyof typeof EMAIL_KIND_TEXT;

/** An email's kind in words; a kind this build does not know, as it is. */
export function emailKindText(kind: string): string {
  return Object.hasOwn(EMAIL_KIND_TEXT, kind) ? EMAIL_KIND_TEXT[kind as EmailKind] : kind;
}

/** `customs_hold` → `customs-hold`: a tracking email's kind as the outbox stores it. */
type Hyphenated<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Hyphenated<B>}` : S;

/** The stored kind of a tracking email (docs/tracking.md): `tracking-` and its name hyphenated. */
export type TrackingMailKind<T extends string> = `tracking-${Hyphenated<T>}`;

export function trackingMailKind<T extends string>(kind: T): TrackingMailKind<T> {
  return `tracking-${kind.replace(/_/g, '-')}` as TrackingMailKind<T>;
}

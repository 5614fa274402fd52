import type { EmailKind } from '#src/domain/email-kinds.js';
import { PARTY_WORDS, type EmailDefinition } from './define-email.js';
import { bookingCancelledEmail } from './emails/booking-cancelled.email.js';
import { bookingConfirmationEmail } from './emails/booking-confirmation.email.js';
import { cancelNotMadeEmail } from './emails/cancel-not-made.email.js';
import { cancelledBeforeBookingEmail } from './emails/cancelled-before-booking.email.js';
import { contactChangedEmail } from './emails/contact-changed.email.js';
import { changeNotMadeEmail } from './emails/change-not-made.email.js';
import { contactMessageEmail } from './emails/contact-message.email.js';
import { coverNotRaisedEmail } from './emails/cover-not-raised.email.js';
import { coverRaisedEmail } from './emails/cover-raised.email.js';
import { devSampleEmail } from './emails/dev-sample.email.js';
import { notBookedEmail } from './emails/not-booked.email.js';
import { operatorInvitationEmail } from './emails/operator-invitation.email.js';
import { orderLinkEmail } from './emails/order-link.email.js';
import { passwordResetEmail } from './emails/password-reset.email.js';
import { payAgainEmail } from './emails/pay-again.email.js';
import { refundEmail } from './emails/refund.email.js';
import { claimApprovedEmail } from './emails/claim-approved.email.js';
import { claimDeclinedEmail } from './emails/claim-declined.email.js';
import { claimMoreInfoEmail } from './emails/claim-more-info.email.js';
import { claimPaidEmail } from './emails/claim-paid.email.js';
import { claimSubmittedEmail } from './emails/claim-submitted.email.js';
import { signInFailuresEmail } from './emails/sign-in-failures.email.js';
import { signUpExistingAccountEmail } from './emails/sign-up-existing-account.email.js';
import { signUpLinkEmail } from './emails/sign-up-link.email.js';
import { verifyEmailEmail } from './emails/verify-email.email.js';
import { collectedEmail } from './emails/tracking-collected.email.js';
import { collectionMissedEmail } from './emails/tracking-collection-missed.email.js';
import { collectionRebookedEmail } from './emails/tracking-collection-rebooked.email.js';
import { customsHoldEmail } from './emails/tracking-customs-hold.email.js';
import { deliveredEmail } from './emails/tracking-delivered.email.js';
import { deliveryFailedEmail } from './emails/tracking-delivery-failed.email.js';
import { exceptionEmail } from './emails/tracking-exception.email.js';
import { outForDeliveryEmail } from './emails/tracking-out-for-delivery.email.js';
import { reminderEmail } from './emails/tracking-reminder.email.js';
import { returnedEmail } from './emails/tracking-returned.email.js';
import { newLabelsEmail } from './emails/tracking-new-labels.email.js';

/**
 * Every email the site sends (docs/email.md): one entry each, its definition in its own
 * `*.email.ts` file (template, when, who receives it). Sending (`Emails.send`, `Emails.sendTo`),
 * the console's kind names (`EMAIL_KIND_TEXT`, which must name the same kinds) and docs/email.md's
 * table (kept equal by `registry.test.ts`) all read it. A kind without a definition, or a
 * definition filed under another kind, fails `tsc`.
 */
export const EMAILS = {
  'booking-confirmation': bookingConfirmationEmail,
  'not-booked': notBookedEmail,
  'cancelled-before-booking': cancelledBeforeBookingEmail,
  'pay-again': payAgainEmail,
  'booking-cancelled': bookingCancelledEmail,
  'cancel-not-made': cancelNotMadeEmail,
  'contact-changed': contactChangedEmail,
  'change-not-made': changeNotMadeEmail,
  'cover-raised': coverRaisedEmail,
  'cover-not-raised': coverNotRaisedEmail,
  refund: refundEmail,
  'claim-submitted': claimSubmittedEmail,
  'claim-more-info': claimMoreInfoEmail,
  'claim-approved': claimApprovedEmail,
  'claim-declined': claimDeclinedEmail,
  'claim-paid': claimPaidEmail,
  'order-link': orderLinkEmail,
  'tracking-reminder': reminderEmail,
  'tracking-collected': collectedEmail,
  'tracking-out-for-delivery': outForDeliveryEmail,
  'tracking-delivered': deliveredEmail,
  'tracking-collection-missed': collectionMissedEmail,
  'tracking-collection-rebooked': collectionRebookedEmail,
  'tracking-new-labels': newLabelsEmail,
  'tracking-customs-hold': customsHoldEmail,
  'tracking-delivery-failed': deliveryFailedEmail,
  'tracking-returned': returnedEmail,
  'tracking-exception': exceptionEmail,
  'sign-up-link': signUpLinkEmail,
  'sign-up-existing-account': signUpExistingAccountEmail,
  'sign-in-failures': signInFailuresEmail,
  'verify-email': verifyEmailEmail,
  'password-reset': passwordResetEmail,
  'operator-invitation': operatorInvitationEmail,
  'contact-message': contactMessageEmail,
  'dev-sample': devSampleEmail,
} as const satisfies { [K in EmailKind]: EmailDefinition<K, never> };

type Emails = typeof EMAILS;

/** The kinds of email about an order, sent with `Emails.send`. */
export type OrderEmailKind = {
  [K in EmailKind]: Emails[K] extends { about: 'order' } ? K : never;
}[EmailKind];

/** The kinds of email to one address, sent with `Emails.sendTo`. */
export type AddressEmailKind = Exclude<EmailKind, OrderEmailKind>;

/** What an email of this kind is sent with: the compiler checks it per kind. */
export type EmailData<K extends EmailKind> =
  Emails[K] extends EmailDefinition<K, infer Data> ? Data : never;

/** Who receives an email, in words: docs/email.md's table reads it. */
export function whoReceives(kind: EmailKind): string {
  const definition = EMAILS[kind] as EmailDefinition<EmailKind, never>;
  if (definition.about === 'address') return definition.who;
  const words = definition.to.map((party) => PARTY_WORDS[party]);
  const last = words.pop() ?? '';
  return words.length > 0 ? `${words.join(', ')} and ${last}` : last;
}

/** docs/email.md's table of the emails: kind, when, who receives it (`registry.test.ts`). */
export function emailTable(): { kind: EmailKind; when: string; who: string }[] {
  return (Object.keys(EMAILS) as EmailKind[]).map((kind) => ({
    kind,
    when: EMAILS[kind].when,
    who: whoReceives(kind),
  }));
}

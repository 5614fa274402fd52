import { renderAccountLink, VERIFY_EMAIL_SUBJECT } from '../templates/account-link.js';
import { defineAddressEmail } from '../define-email.js';

/** The link that confirms an account's email (after sign-up or a change of email). */
export const verifyEmailEmail = defineAddressEmail({
  kind: 'verify-email',
  when: 'An account’s email is to be confirmed (a change of email, or asked again)',
  who: 'the address to confirm',
  replyTo: 'none',
  key: (data: { email: string; url: string; requestId: string }) =>
    `verify-email:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) =>
    renderAccountLink(
      {
        subject: VERIFY_EMAIL_SUBJECT,
        heading: 'Confirm your email',
        intro:
          'Confirm that this address belongs to your BoxAbroad account. Orders you booked with it as a guest will then show in your account.',
        buttonText: 'Confirm my email',
        url: data.url,
        validity: 'for an hour',
        ignore: 'If you did not create a BoxAbroad account, ignore this email.',
      },
      context,
    ),
});

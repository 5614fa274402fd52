import { renderAccountLink, SIGN_UP_LINK_SUBJECT } from '../templates/account-link.js';
import { defineAddressEmail } from '../define-email.js';

/** The link that finishes a sign-up (decision 077): nothing exists until it is opened. */
export const signUpLinkEmail = defineAddressEmail({
  kind: 'sign-up-link',
  when: 'Someone signs up with an address that has no account (or asks for the link again)',
  who: 'the address signing up',
  replyTo: 'none',
  key: (data: { email: string; url: string; requestId: string }) =>
    `sign-up-link:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) =>
    renderAccountLink(
      {
        subject: SIGN_UP_LINK_SUBJECT,
        heading: 'Finish creating your account',
        intro:
          'Open this link to confirm your email and finish creating your BoxAbroad account. Orders you booked with this address as a guest will then show in your account.',
        buttonText: 'Create my account',
        url: data.url,
        validity: 'once, for an hour',
        ignore:
          'If you did not try to create a BoxAbroad account, ignore this email: nothing is created.',
      },
      context,
    ),
});

import { renderAccountLink, SIGN_UP_EXISTING_SUBJECT } from '../templates/account-link.js';
import { defineAddressEmail } from '../define-email.js';

/**
 * To the owner of an address that already has an account when someone signs up with it: the
 * sign-up page answers the same either way, so only the owner learns of it.
 */
export const signUpExistingAccountEmail = defineAddressEmail({
  kind: 'sign-up-existing-account',
  when: 'Someone signs up with an address that already has an account',
  who: 'the account’s address',
  replyTo: 'none',
  key: (data: { email: string; signInUrl: string; resetUrl: string; requestId: string }) =>
    `sign-up-existing-account:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) =>
    renderAccountLink(
      {
        subject: SIGN_UP_EXISTING_SUBJECT,
        heading: 'You already have an account',
        intro:
          'Someone — maybe you — tried to create an account with this address. Sign in, or reset your password:',
        buttonText: 'Sign in',
        url: data.signInUrl,
        validity: 'as long as your account does',
        ignore: `Forgotten your password? Choose a new one at ${data.resetUrl}. If it was not you, you need do nothing: your account has not changed.`,
      },
      context,
    ),
});

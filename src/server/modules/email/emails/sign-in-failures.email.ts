import { renderAccountLink, SIGN_IN_FAILURES_SUBJECT } from '../templates/account-link.js';
import { defineAddressEmail } from '../define-email.js';

/**
 * To the owner of an account that wrong passwords, or wrong second-step codes after the right
 * password, were tried on again and again (decision 115): each further try now waits; the owner
 * learns of it, and how to choose a new password.
 */
export const signInFailuresEmail = defineAddressEmail({
  kind: 'sign-in-failures',
  when: 'An account’s sign-in waits begin (decision 115)',
  who: 'the account’s address',
  replyTo: 'none',
  key: (data: {
    email: string;
    step: 'password' | 'code';
    failures: number;
    resetUrl: string;
    requestId: string;
  }) => `sign-in-failures:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) =>
    renderAccountLink(
      {
        subject: SIGN_IN_FAILURES_SUBJECT,
        heading: 'Someone is trying to sign in to your account',
        intro:
          data.step === 'password'
            ? `A wrong password has been entered for your BoxAbroad account ${data.failures} times. To protect it, each further try now has to wait longer, from wherever it comes. If it was not you, your password is still safe; if you have forgotten it, choose a new one:`
            : `Your BoxAbroad password was entered correctly, then a wrong two-step sign-in code ${data.failures} times. If it was not you, someone knows your password: choose a new one now.`,
        buttonText: 'Choose a new password',
        url: data.resetUrl,
        validity: 'as long as your account does',
        ignore:
          'If it was you, you need do nothing: you can sign in again once the wait shown on the sign-in page has passed.',
      },
      context,
    ),
});

import { renderPasswordReset, type PasswordResetInput } from '../templates/password-reset.js';
import { defineAddressEmail } from '../define-email.js';

/** The forgotten-password link. */
export const passwordResetEmail = defineAddressEmail({
  kind: 'password-reset',
  when: 'Someone asks to reset the password of an account that exists',
  who: 'the account’s address',
  replyTo: 'none',
  key: (data: PasswordResetInput) => `password-reset:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) => renderPasswordReset(data, context),
});

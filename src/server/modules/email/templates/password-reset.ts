import type { RenderedMail } from './layout.js';
import { renderOneTimeLinkMail, type OneTimeLinkWords } from './one-time-link.js';

export interface PasswordResetInput {
  /** The account's address. */
  email: string;
  /** The one-time link that sets a new password. */
  resetUrl: string;
  /** When the link stops working. */
  expiresAt: Date;
  /** The reset request's id: one email per request. */
  requestId: string;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your BoxAbroad password';

const WORDS: OneTimeLinkWords = {
  subject: PASSWORD_RESET_SUBJECT,
  heading: 'Reset your password',
  intro:
    'Someone asked to reset the password of your BoxAbroad account. If it was you, choose a new password:',
  buttonText: 'Choose a new password',
  ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
};

export function renderPasswordReset(
  input: PasswordResetInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  return renderOneTimeLinkMail(WORDS, { url: input.resetUrl, expiresAt: input.expiresAt }, context);
}

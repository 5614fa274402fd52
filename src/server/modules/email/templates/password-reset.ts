import type { RenderedMail } from './layout.js';
import { html, link } from './html.js';
import { button, heading, framedMail, paragraph, textLayout } from './layout.js';
import { formatLondon } from '#src/domain/london-time.js';

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

export function renderPasswordReset(
  input: PasswordResetInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const expires = `${formatLondon(input.expiresAt, 'sentence')} (UK time)`;
  const body = html`${heading('Reset your password')}
  ${paragraph('Someone asked to reset the password of your BoxAbroad account. If it was you, choose a new password:')}
  ${button(input.resetUrl, 'Choose a new password')}
  ${paragraph(html`Or open this link: ${link(input.resetUrl, input.resetUrl)}`)}
  ${paragraph(html`The link works once and expires on <strong>${expires}</strong>.`)}
  ${paragraph('If you did not ask for this, ignore this email: your password stays as it is.')}`;
  const text = textLayout(
    [
      'Reset your password',
      '',
      'Someone asked to reset the password of your BoxAbroad account. If it was you, choose a new password:',
      input.resetUrl,
      '',
      `The link works once and expires on ${expires}.`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    context.siteUrl,
  );
  return framedMail(
    {
      subject: PASSWORD_RESET_SUBJECT,
      preheader: `The link expires on ${expires}.`,
      body,
      text,
    },
    context,
  );
}

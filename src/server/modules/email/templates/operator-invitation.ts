import type { RenderedMail } from './layout.js';
import { html, link } from './html.js';
import { button, heading, framedMail, paragraph, textLayout } from './layout.js';
import { formatLondon } from '#src/domain/london-time.js';

export interface OperatorInvitationInput {
  /** The account's address: whoever reads this mailbox may accept. */
  email: string;
  /** The one-time link that sets a new password and makes the account an operator. */
  acceptUrl: string;
  /** When the link stops working. */
  expiresAt: Date;
  /** The invitation's id: one email per invitation. */
  requestId: string;
}

export const OPERATOR_INVITATION_SUBJECT = 'You are invited to run BoxAbroad';

const INTRO =
  'BoxAbroad’s operators want to make the account of this address an operator account (the console where orders, rates and messages are handled). To accept, choose a new password for it:';
const AFTER =
  'Accepting replaces the account’s password and signs it out everywhere: sign in again with the new password.';
const IGNORE = 'If you did not expect this, ignore this email: nothing changes without the link.';

export function renderOperatorInvitation(
  input: OperatorInvitationInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const expires = `${formatLondon(input.expiresAt, 'sentence')} (UK time)`;
  const body = html`${heading('Become a BoxAbroad operator')} ${paragraph(INTRO)}
  ${button(input.acceptUrl, 'Choose a password and accept')}
  ${paragraph(html`Or open this link: ${link(input.acceptUrl, input.acceptUrl)}`)}
  ${paragraph(AFTER)}
  ${paragraph(html`The link works once and expires on <strong>${expires}</strong>.`)}
  ${paragraph(IGNORE)}`;
  const text = textLayout(
    [
      'Become a BoxAbroad operator',
      '',
      INTRO,
      input.acceptUrl,
      '',
      AFTER,
      '',
      `The link works once and expires on ${expires}.`,
      '',
      IGNORE,
    ],
    context.siteUrl,
  );
  return framedMail(
    {
      subject: OPERATOR_INVITATION_SUBJECT,
      preheader: `The link expires on ${expires}.`,
      body,
      text,
    },
    context,
  );
}

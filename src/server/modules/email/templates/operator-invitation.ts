import type { RenderedMail } from './layout.js';
import { renderOneTimeLinkMail, type OneTimeLinkWords } from './one-time-link.js';

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

const WORDS: OneTimeLinkWords = {
  subject: OPERATOR_INVITATION_SUBJECT,
  heading: 'Become a BoxAbroad operator',
  intro:
    'BoxAbroad’s operators want to make the account of this address an operator account (the console where orders, rates and messages are handled). To accept, choose a new password for it:',
  after:
    'Accepting replaces the account’s password and signs it out everywhere: sign in again with the new password.',
  buttonText: 'Choose a password and accept',
  ignore: 'If you did not expect this, ignore this email: nothing changes without the link.',
};

export function renderOperatorInvitation(
  input: OperatorInvitationInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  return renderOneTimeLinkMail(
    WORDS,
    { url: input.acceptUrl, expiresAt: input.expiresAt },
    context,
  );
}

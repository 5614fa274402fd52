import {
  renderOperatorInvitation,
  type OperatorInvitationInput,
} from '../templates/operator-invitation.js';
import { defineAddressEmail } from '../define-email.js';

/** `npm run admin:create` for an existing account: the one-time link that makes it an operator. */
export const operatorInvitationEmail = defineAddressEmail({
  kind: 'operator-invitation',
  when: '`npm run admin:create` names an address that already has an account',
  who: 'the account’s address',
  replyTo: 'none',
  key: (data: OperatorInvitationInput) => `operator-invitation:${data.requestId}`,
  address: (data) => data.email,
  render: (data, context) => renderOperatorInvitation(data, context),
});

import { renderContactMessage, type ContactEmailInput } from '../templates/contact-message.js';
import { validAddress } from '../mail-headers.js';
import { defineAddressEmail } from '../define-email.js';

/**
 * A contact form message to the sales mailbox, Reply-To the visitor. A visitor address that is
 * not a single valid address is left out of the headers (it still shows in the body).
 */
export const contactMessageEmail = defineAddressEmail({
  kind: 'contact-message',
  when: 'A visitor sends the contact form',
  who: 'the sales mailbox (`SALES_EMAIL`), Reply-To the visitor',
  replyTo: (data: ContactEmailInput) => validAddress(data.email),
  key: (data) => `contact-message:${data.id}`,
  address: (_data, context) => context.salesEmail,
  render: (data, context) => renderContactMessage(data, context),
});

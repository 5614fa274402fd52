import { TOO_MANY_ATTEMPTS_REPLY } from './session.js';
import { ContactMessageInputSchema, ContactMessageReceiptSchema } from '../contact.js';
import { apiError, defineRoute } from './define-route.js';

export const createContactMessage = defineRoute({
  method: 'POST',
  path: '/api/v1/contact-messages',
  access: 'public',
  tag: 'Contact',
  summary: 'Send a “Contact us” message',
  description:
    'Stored, then emailed to the sales team. The reply never echoes what was sent. Control characters are removed and surrounding spaces trimmed.',
  body: ContactMessageInputSchema,
  responses: {
    201: ContactMessageReceiptSchema.describe('The message is stored'),
    422: apiError('A field is missing or not valid (VALIDATION_FAILED), with a message per field'),
    429: TOO_MANY_ATTEMPTS_REPLY,
  },
});

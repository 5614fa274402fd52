import { BOOKER } from '../define-email.js';
import { defineTrackingEmail } from './tracking-email.js';

export const deliveredEmail = defineTrackingEmail('delivered', {
  when: 'The courier reports every box delivered (optional)',
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `Delivered: booking ${s.reference}`,
    heading:
      s.boxCount === 1 ? 'Your box has been delivered' : 'All your boxes have been delivered',
    paragraphs: [
      o.hello,
      `${s.boxCount === 1 ? 'Your box has' : `All ${s.boxCount} boxes have`} been delivered in ${s.destination}. Thank you for sending with BoxAbroad.`,
    ],
    trackingText: 'See the delivery details',
  }),
});

import { BOOKER } from '../define-email.js';
import { defineTrackingEmail } from './tracking-email.js';

export const outForDeliveryEmail = defineTrackingEmail('out_for_delivery', {
  when: 'The courier reports the boxes out for delivery (optional)',
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `Out for delivery today: booking ${s.reference}`,
    heading: 'Out for delivery today',
    paragraphs: [
      o.hello,
      `${s.boxCount === 1 ? 'Your box is' : 'Your boxes are'} with the driver in ${s.destination} and should be delivered today. The recipient should be in to receive ${s.boxCount === 1 ? 'it' : 'them'}.`,
    ],
    trackingText: 'Track your boxes',
  }),
});

import { BOOKER } from '../define-email.js';
import { defineTrackingEmail } from './tracking-email.js';

export const newLabelsEmail = defineTrackingEmail('new_labels', {
  when: "A moved day's labels the courier gave only after the move, attached",
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `New labels for your collection on ${o.day}: booking ${s.reference}`,
    heading: 'Your new labels',
    paragraphs: [
      o.hello,
      `The labels for your collection on ${o.day} are attached, showing that day. Print these and use them instead of the ones you have.`,
    ],
    trackingText: 'Track your boxes',
  }),
});

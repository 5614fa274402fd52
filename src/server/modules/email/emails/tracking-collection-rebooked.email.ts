import { BOOKER } from '../define-email.js';
import { boxes, defineTrackingEmail, labelsSentence } from './tracking-email.js';

export const collectionRebookedEmail = defineTrackingEmail('collection_rebooked', {
  when: 'The collection moves to another day (a missed collection rebooked, or a date change)',
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `Collection rebooked for ${o.day}: booking ${s.reference}`,
    heading: 'Your collection is rebooked',
    paragraphs: [
      o.hello,
      `The courier will collect ${boxes(s.boxCount)} on ${o.day}, between 9:00 and 17:30. There is nothing to pay.`,
      labelsSentence(s.newLabels ?? false),
    ],
    trackingText: 'Track your boxes',
  }),
});

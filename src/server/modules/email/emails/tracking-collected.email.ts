import { expectedDeliveryText } from '#src/domain/delivery-estimate.js';
import { BOOKER } from '../define-email.js';
import { boxes, defineTrackingEmail } from './tracking-email.js';

export const collectedEmail = defineTrackingEmail('collected', {
  when: 'The courier reports the boxes collected (optional)',
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `Collected: booking ${s.reference} is on its way to ${s.destination}`,
    heading: s.boxCount === 1 ? 'Your box has been collected' : 'Your boxes have been collected',
    paragraphs: [
      o.hello,
      `The courier has collected ${boxes(s.boxCount)}. We will email you when ${s.boxCount === 1 ? 'it is' : 'they are'} out for delivery in ${s.destination}.`,
      ...(s.expectedDelivery
        ? [`Expected delivery: ${expectedDeliveryText(s.expectedDelivery)}.`]
        : []),
    ],
    trackingText: 'Track your boxes',
  }),
});

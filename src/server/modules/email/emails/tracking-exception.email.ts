import { TRACKING_STATUS_REGISTRY } from '#src/domain/tracking.js';
import { BOOKER } from '../define-email.js';
import { boxName, defineTrackingEmail } from './tracking-email.js';

export const exceptionEmail = defineTrackingEmail('exception', {
  when: 'The courier reports an event we need to check about a box',
  to: [...BOOKER, 'contact'],
  wording: (s, o) => ({
    subject: `We are checking a box with the courier: booking ${s.reference}`,
    heading: 'We are checking a box with the courier',
    paragraphs: [
      o.hello,
      `The courier reported something we need to check about ${boxName(s, true)}.`,
      TRACKING_STATUS_REGISTRY.exception.nextStep,
    ],
    trackingText: 'Track your boxes',
  }),
});

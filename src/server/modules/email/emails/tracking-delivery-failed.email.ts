import { TRACKING_STATUS_REGISTRY } from '#src/domain/tracking.js';
import { BOOKER } from '../define-email.js';
import { boxProblem, defineTrackingEmail } from './tracking-email.js';

export const deliveryFailedEmail = defineTrackingEmail('delivery_failed', {
  when: 'The courier could not deliver a box',
  to: [...BOOKER, 'contact'],
  wording: (s, o) =>
    boxProblem(s, o, {
      subject: `Delivery attempt failed: booking ${s.reference}`,
      heading: 'The courier could not deliver a box',
      happened: 'could not be delivered',
      nextStep: TRACKING_STATUS_REGISTRY.delivery_failed.nextStep,
    }),
});

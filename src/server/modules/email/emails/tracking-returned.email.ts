import { TRACKING_STATUS_REGISTRY } from '#src/domain/tracking.js';
import { BOOKER } from '../define-email.js';
import { boxProblem, defineTrackingEmail } from './tracking-email.js';

export const returnedEmail = defineTrackingEmail('returned', {
  when: 'The courier is returning a box to the sender',
  to: [...BOOKER, 'contact'],
  wording: (s, o) =>
    boxProblem(s, o, {
      subject: `A box is being returned: booking ${s.reference}`,
      heading: 'A box is being returned to you',
      happened: 'is being returned to the sender',
      nextStep: TRACKING_STATUS_REGISTRY.returned.nextStep,
    }),
});

import {
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from '../templates/booking-confirmation.js';
import { defineAddressEmail } from '../define-email.js';

/** `/dev/mail`'s sample booking confirmation, to preview the template (local mailbox only). */
export const devSampleEmail = defineAddressEmail({
  kind: 'dev-sample',
  when: '“Send a sample booking confirmation” on `/dev/mail` (the local mailbox only)',
  who: 'the sample’s made-up contact',
  replyTo: 'business',
  key: (data: BookingConfirmationInput) => `dev-sample:${data.orderReference}`,
  address: (data) => data.recipient.email,
  render: (data, context) => renderBookingConfirmation(data, context),
});

import {
  renderBookingConfirmation,
  type BookingConfirmationInput,
} from '../templates/booking-confirmation.js';
import { BOOKER, defineOrderEmail } from '../define-email.js';

/**
 * The booking confirmation, with its receipt, labels, tracking link and the cancel and change
 * rules: one template however the order was booked (the booking job, or an operator who found
 * the booking with the courier). Without labels it says they follow. `copy` names an operator's
 * "send it again", a new email.
 */
export const bookingConfirmationEmail = defineOrderEmail({
  kind: 'booking-confirmation',
  when: 'The order is booked with the courier (by the booking job, or when an operator finds the booking); again when an operator sends it again',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: BookingConfirmationInput & { copy?: string }) =>
    data.copy
      ? `booking-confirmation:${order.reference}:again:${data.copy}`
      : `booking-confirmation:${order.reference}`,
  render: (data, context) => renderBookingConfirmation(data, context),
});

import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** An operator cancelled an authorised order before its booking started. */
export const cancelledBeforeBookingEmail = defineOrderEmail({
  kind: 'cancelled-before-booking',
  when: 'An operator cancels a paid order before it is booked (the card hold released)',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: { paymentAttempt: number }) =>
    `order-update:${order.reference}:cancelled:${data.paymentAttempt}`,
  render: (_data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your booking is cancelled: ${order.reference}`,
        heading: 'Your booking is cancelled',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We have cancelled your booking ${order.reference} before it was made with the courier.`,
          'We have released the hold on your card: you have not been charged. You are welcome to book again at any time. Reply to this email if you have any question.',
        ],
      },
      context,
    ),
});

import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** An operator found that the courier has no booking: not charged, the hold released. */
export const notBookedEmail = defineOrderEmail({
  kind: 'not-booked',
  when: 'An operator checks a booking whose outcome was unknown and the courier has none',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, _data: Record<string, never>) => `order-update:${order.reference}:not-booked`,
  render: (_data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `We could not book your collection: ${order.reference}`,
        heading: 'We could not book your collection',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We have checked with the courier: your booking ${order.reference} was not made.`,
          'We have released the hold on your card: you have not been charged. You are welcome to book again at any time.',
        ],
      },
      context,
    ),
});

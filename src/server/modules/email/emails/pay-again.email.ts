import { renderOrderUpdate } from '../templates/order-update.js';
import { defineOrderEmail, hello } from '../define-email.js';

/**
 * An operator asks the customer of a `booking_failed` order to pay again, with a single-use link:
 * to the person who booked, whose email asks for a new link if it lapses.
 */
export const payAgainEmail = defineOrderEmail({
  kind: 'pay-again',
  when: 'An operator asks the customer of a failed booking to pay again',
  to: ['booker'],
  replyTo: true,
  key: (order, data: { url: string; days: number; manageUrl: string; requestId: string }) =>
    `order-update:${order.reference}:pay-again:${data.requestId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your booking did not go through: ${order.reference}`,
        heading: 'Your booking did not go through',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We could not book the collection for your order ${order.reference} with the courier.`,
          'You have not been charged: the hold on your card was released.',
          'Your order is kept as you left it. To book it, open it with this link and pay again:',
        ],
        action: { text: 'Open my order and pay again', url: data.url },
        closing: [
          `The link works once, for ${data.days} days. After that, ask for a new one at ${data.manageUrl} with your order reference and this email address.`,
          'Reply to this email if you have any question.',
        ],
      },
      context,
    ),
});

import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/**
 * A cancellation the courier refused (the boxes are collected), or one whose answer was in doubt
 * that the courier, asked, says it did not make (decision 138).
 */
export const cancelNotMadeEmail = defineOrderEmail({
  kind: 'cancel-not-made',
  when: 'A cancellation ends without the courier cancelling (refused, or found not made)',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: { outcome: 'refused' | 'failed'; changeId: string }) =>
    `order-update:${order.reference}:cancel-${data.outcome}:${data.changeId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `We could not cancel your booking: ${order.reference}`,
        heading: 'Your booking is not cancelled',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          data.outcome === 'refused'
            ? `The courier could not cancel booking ${order.reference}: it reports your boxes as collected. Nothing has been refunded, and your boxes are on their way.`
            : `The courier has not cancelled booking ${order.reference}: we asked it, and it still has your collection. Your booking stands: nothing has been refunded.`,
          'If you still need to cancel, reply to this email and we will sort it out with the courier.',
        ],
      },
      context,
    ),
});

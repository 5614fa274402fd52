import { formatPence } from '#src/domain/money.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** The card provider made a refund. */
export const refundEmail = defineOrderEmail({
  kind: 'refund',
  when: 'The card provider confirms a refund (after a cancellation, or an operator’s refund)',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: { refundId: string; amountPence: number; paragraphs: string[] }) =>
    `order-update:${order.reference}:refund:${data.refundId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `We have refunded ${formatPence(data.amountPence)}: ${order.reference}`,
        heading: 'Your refund',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          ...data.paragraphs,
          'Reply to this email if you have any question.',
        ],
      },
      context,
    ),
});

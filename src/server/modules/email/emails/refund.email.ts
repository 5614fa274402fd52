import { claimIdOfRefundKey } from '#src/domain/claims.js';
import { formatPence } from '#src/domain/money.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** The card provider made a refund. */
export const refundEmail = defineOrderEmail({
  kind: 'refund',
  when: 'The card provider confirms a refund (after a cancellation, or an operator’s refund); not for a claim’s payment, which `claim-paid` tells',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (
    order,
    data: { refundId: string; requestKey: string; amountPence: number; paragraphs: string[] },
  ) => `order-update:${order.reference}:refund:${data.refundId}`,
  toldBy: (data) => (claimIdOfRefundKey(data.requestKey) ? 'claim-paid' : undefined),
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

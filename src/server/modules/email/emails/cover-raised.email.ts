import { formatPence } from '#src/domain/money.js';
import { extraCoverText, formatWholePounds } from '#src/domain/pricing.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** The courier has the raised cover; its own payment is taken. */
export const coverRaisedEmail = defineOrderEmail({
  kind: 'cover-raised',
  when: 'The courier has the cover a customer raised after booking',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: { changeId: string; toPence: number; paidPence: number | null }) =>
    `order-update:${order.reference}:cover-raised:${data.changeId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your cover is raised to ${formatWholePounds(data.toPence)}: ${order.reference}`,
        heading: 'Your cover is raised',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `The courier now covers booking ${order.reference} for ${extraCoverText(data.toPence)}.`,
          data.paidPence !== null
            ? `We are taking ${formatPence(data.paidPence)} for it from the card you paid with, as a payment of its own: your booking's payment is unchanged. If you cancel before the courier collects your boxes, both are refunded in full.`
            : 'It costs nothing more: your booking’s payment is unchanged.',
          'Reply to this email if you have any question.',
        ],
      },
      context,
    ),
});

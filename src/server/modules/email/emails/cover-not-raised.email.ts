import { extraCoverText } from '#src/domain/pricing.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** The courier did not take the raised cover: the cover is unchanged, its hold released. */
export const coverNotRaisedEmail = defineOrderEmail({
  kind: 'cover-not-raised',
  when: 'A cover raise ends without the courier taking it (refused, or not reached)',
  to: [...BOOKER, 'contact'],
  replyTo: true,
  key: (order, data: { changeId: string; why: string; coverPence: number }) =>
    `order-update:${order.reference}:cover-not-raised:${data.changeId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your cover is not raised: ${order.reference}`,
        heading: 'Your cover is not raised',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          data.why,
          `Your shipment keeps its cover of ${extraCoverText(data.coverPence)}. Reply to this email if you have any question.`,
        ],
      },
      context,
    ),
});

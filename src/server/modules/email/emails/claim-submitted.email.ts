import { formatPence } from '#src/domain/money.js';
import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** A customer's claim for a lost or damaged box is received. */
export const claimSubmittedEmail = defineOrderEmail({
  kind: 'claim-submitted',
  when: 'A customer claims for a lost or damaged box',
  to: [...BOOKER],
  replyTo: true,
  key: (
    order,
    data: {
      claimId: string;
      kind: 'lost' | 'damaged';
      boxNumber: number;
      payablePence: number;
      sentence: string;
    },
  ) => `order-update:${order.reference}:claim-submitted:${data.claimId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `We have your claim for box ${data.boxNumber}: ${order.reference}`,
        heading: 'We have your claim',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We have your claim for box ${data.boxNumber} of booking ${order.reference}, ${data.kind === 'lost' ? 'lost' : 'damaged'}. As you chose the items, it can pay up to ${formatPence(data.payablePence)}.`,
          data.sentence,
          'You can follow it, and answer any question we ask, from your order’s page.',
        ],
      },
      context,
    ),
});

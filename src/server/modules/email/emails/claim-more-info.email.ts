import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** An operator needs more from the customer before a claim can go on. */
export const claimMoreInfoEmail = defineOrderEmail({
  kind: 'claim-more-info',
  when: 'An operator asks for more information on a claim (each time asked)',
  to: [...BOOKER],
  replyTo: true,
  key: (order, data: { claimId: string; requestId: string; boxNumber: number; question: string }) =>
    `order-update:${order.reference}:claim-more-info:${data.claimId}:${data.requestId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `We need more about your claim for box ${data.boxNumber}: ${order.reference}`,
        heading: 'We need more about your claim',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `Before your claim for box ${data.boxNumber} of booking ${order.reference} can go on, we need this from you:`,
          data.question,
          'Answer from your order’s page: the claim goes on as soon as you do.',
        ],
      },
      context,
    ),
});

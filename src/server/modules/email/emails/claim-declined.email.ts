import { renderOrderUpdate } from '../templates/order-update.js';
import { BOOKER, defineOrderEmail, hello } from '../define-email.js';

/** A claim is declined: the operator's reason and the rule's sentence. */
export const claimDeclinedEmail = defineOrderEmail({
  kind: 'claim-declined',
  when: 'An operator declines a claim (with the reason and the rule)',
  to: [...BOOKER],
  replyTo: true,
  key: (order, data: { claimId: string; boxNumber: number; reason: string; ruleText: string }) =>
    `order-update:${order.reference}:claim-declined:${data.claimId}`,
  render: (data, { order, ...context }) =>
    renderOrderUpdate(
      {
        subject: `Your claim is declined: ${order.reference}`,
        heading: 'Your claim is declined',
        paragraphs: [
          hello(order.collectionAddress?.firstName),
          `We have declined your claim for box ${data.boxNumber} of booking ${order.reference}.`,
          `Why: ${data.reason}`,
          `The rule: ${data.ruleText}`,
          'Reply to this email if you think we have it wrong.',
        ],
      },
      context,
    ),
});

import { defineClaimEmail, type ClaimEmailData } from './claim-email.js';

/** A claim is declined: the operator's reason and the rule's sentence. */
export const claimDeclinedEmail = defineClaimEmail({
  kind: 'claim-declined',
  when: 'An operator declines a claim (with the reason and the rule)',
  subject: (data: ClaimEmailData & { reason: string; ruleText: string }, order) =>
    `Your claim is declined: ${order.reference}`,
  heading: 'Your claim is declined',
  paragraphs: (data, order) => [
    `We have declined your claim for box ${data.boxNumber} of booking ${order.reference}.`,
    `Why: ${data.reason}`,
    `The rule: ${data.ruleText}`,
    'Reply to this email if you think we have it wrong.',
  ],
});

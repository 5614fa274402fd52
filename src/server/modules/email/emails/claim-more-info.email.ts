import { defineClaimEmail, type ClaimEmailData } from './claim-email.js';

interface ClaimMoreInfo extends ClaimEmailData {
  requestId: string;
  question: string;
}

/** An operator needs more from the customer before a claim can go on. */
export const claimMoreInfoEmail = defineClaimEmail({
  kind: 'claim-more-info',
  when: 'An operator asks for more information on a claim (each time asked)',
  occasion: (data: ClaimMoreInfo) => data.requestId,
  subject: (data, order) =>
    `We need more about your claim for box ${data.boxNumber}: ${order.reference}`,
  heading: 'We need more about your claim',
  paragraphs: (data, order) => [
    `Before your claim for box ${data.boxNumber} of booking ${order.reference} can go on, we need this from you:`,
    data.question,
    'Answer from your order’s page: the claim goes on as soon as you do.',
  ],
});

import { formatPence } from '#src/domain/money.js';
import { defineClaimEmail, type ClaimEmailData } from './claim-email.js';

interface ClaimSubmitted extends ClaimEmailData {
  kind: 'lost' | 'damaged';
  payablePence: number;
  sentence: string;
}

/** A customer's claim for a lost or damaged box is received. */
export const claimSubmittedEmail = defineClaimEmail({
  kind: 'claim-submitted',
  when: 'A customer claims for a lost or damaged box',
  subject: (data: ClaimSubmitted, order) =>
    `We have your claim for box ${data.boxNumber}: ${order.reference}`,
  heading: 'We have your claim',
  paragraphs: (data, order) => [
    `We have your claim for box ${data.boxNumber} of booking ${order.reference}, ${data.kind === 'lost' ? 'lost' : 'damaged'}. As you chose the items, it can pay up to ${formatPence(data.payablePence)}.`,
    data.sentence,
    'You can follow it, and answer any question we ask, from your order’s page.',
  ],
});

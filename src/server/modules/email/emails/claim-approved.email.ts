import { formatPence } from '#src/domain/money.js';
import { defineClaimEmail, type ClaimEmailData } from './claim-email.js';

interface ClaimApproved extends ClaimEmailData {
  extent: 'full' | 'part';
  amountPence: number;
  reason: string;
  method: 'refund' | 'bank';
  sentence: string;
}

/** A claim is approved, in full or in part: how much, why, and how it will be paid. */
export const claimApprovedEmail = defineClaimEmail({
  kind: 'claim-approved',
  when: 'An operator approves a claim (in full or in part)',
  subject: (data: ClaimApproved, order) =>
    `Your claim is approved: ${formatPence(data.amountPence)} for ${order.reference}`,
  heading: 'Your claim is approved',
  paragraphs: (data, order) => [
    `We have approved your claim for box ${data.boxNumber} of booking ${order.reference} ${data.extent === 'full' ? 'in full' : 'in part'}: we will pay you ${formatPence(data.amountPence)}.`,
    `Why: ${data.reason}`,
    data.method === 'refund'
      ? 'We are paying it back to the card you paid with.'
      : 'It is more than we can pay back to your card, so we will pay it by bank transfer: we will ask you for your bank details.',
    data.sentence,
  ],
});

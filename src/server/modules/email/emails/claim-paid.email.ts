import { formatPence } from '#src/domain/money.js';
import { defineClaimEmail, type ClaimEmailData } from './claim-email.js';

interface ClaimPaid extends ClaimEmailData {
  amountPence: number;
  method: 'refund' | 'bank';
  paidOn: string;
  bankReference: string | null;
}

/** An approved claim is paid: how and when. */
export const claimPaidEmail = defineClaimEmail({
  kind: 'claim-paid',
  when: 'An approved claim is paid (the card refund confirmed, or a bank transfer recorded)',
  subject: (data: ClaimPaid, order) =>
    `Your claim is paid: ${formatPence(data.amountPence)} for ${order.reference}`,
  heading: 'Your claim is paid',
  paragraphs: (data, order) => [
    data.method === 'refund'
      ? `On ${data.paidOn} we refunded ${formatPence(data.amountPence)} to the card you paid with, for your claim for box ${data.boxNumber} of booking ${order.reference}. A card refund can take a few working days to show.`
      : `On ${data.paidOn} we paid ${formatPence(data.amountPence)} by bank transfer (reference ${data.bankReference ?? ''}), for your claim for box ${data.boxNumber} of booking ${order.reference}.`,
    'Reply to this email if you have any question.',
  ],
});

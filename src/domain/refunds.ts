import { formatPence } from './money.js';
import { readPounds } from './typed-pounds.js';

/** What an operator sees when a refund amount cannot be used (the dialog and the API alike). */
export const REFUND_MESSAGES = {
  notANumber: 'Enter an amount in pounds, like 12.50',
  commaForPence: 'Use a full stop for pence, like 12.50 (a comma only separates thousands)',
  notPositive: 'Enter an amount above £0',
  tooManyDecimals: 'Use at most 2 decimal places (whole pence)',
  nothingLeft: 'Nothing of this payment is left to refund',
  tooMuch: (remainingPence: number) =>
    `At most ${formatPence(remainingPence)} is left to refund on this payment`,
} as const;

/** A refund's state: asked of the card provider, confirmed by it, or refused by it. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Reads an amount in pounds as typed ("12.50", "£1,250", "7") into pence, checked against what is
 * left to refund: positive, whole pence, at most the remainder.
 */
export function parseRefundAmount(
  text: string,
  remainingPence: number,
): { pence: number } | { error: string } {
  if (remainingPence <= 0) return { error: REFUND_MESSAGES.nothingLeft };
  const read = readPounds(text);
  if ('problem' in read) {
    return {
      error:
        read.problem === 'tooLarge'
          ? REFUND_MESSAGES.tooMuch(remainingPence)
          : REFUND_MESSAGES[read.problem],
    };
  }
  const { pence } = read;
  if (pence > remainingPence) return { error: REFUND_MESSAGES.tooMuch(remainingPence) };
  return { pence };
}

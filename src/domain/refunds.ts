import { formatPence } from './money.js';

/** What an operator sees when a refund amount cannot be used (the dialog and the API alike). */
export const REFUND_MESSAGES = {
  notAnAmount: 'Enter an amount in pounds, like 12.50',
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
  const trimmed = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^-?\d*(\.\d*)?$/.test(trimmed) || trimmed === '' || trimmed === '.' || trimmed === '-') {
    return { error: REFUND_MESSAGES.notAnAmount };
  }
  const [whole = '', decimals = ''] = trimmed.replace(/^-/, '').split('.');
  if (decimals.length > 2) return { error: REFUND_MESSAGES.tooManyDecimals };
  if (whole.length > 9) return { error: REFUND_MESSAGES.tooMuch(remainingPence) };
  const pence = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (trimmed.startsWith('-') || pence <= 0) return { error: REFUND_MESSAGES.notPositive };
  if (pence > remainingPence) return { error: REFUND_MESSAGES.tooMuch(remainingPence) };
  return { pence };
}

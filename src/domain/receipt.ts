import { COLLECTION_HOURS } from './collection-calendar.js';
import { formatLondon } from './london-time.js';
import { findCountry } from './countries.js';
import { extraCoverText, formatWholePounds } from './pricing.js';
import { z } from './zod.js';

/**
 * The receipt of a booked order's payment: what was paid, for what and when. The confirmation
 * page, the account's order page and the booking confirmation email all say it in these words.
 */
export const ReceiptSchema = z.object({
  amountPence: z.number().int(),
  /** When the payment was taken: the moment the booking was confirmed (ISO 8601). */
  paidAt: z.string(),
  /** The service's name as the customer chose it, e.g. "Express". */
  service: z.string(),
  /** "Express collection of 1 small box from the United Kingdom to France". */
  description: z.string(),
  /** yyyy-mm-dd, a Europe/London calendar date. */
  collectionDate: z.string(),
  /** What the amount is made of: the service, then the extra cover when some was bought. */
  lines: z.array(z.object({ text: z.string(), amountPence: z.number().int() })),
  /** The shipment's cover: the included cover, or the cover bought (its whole level). */
  coverPence: z.number().int(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** "between 9:00am and 5:30pm": the one window every page, email and label promises. */
export const COLLECTION_WINDOW_TEXT = `between ${COLLECTION_HOURS.from} and ${COLLECTION_HOURS.to}`;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1 large box and 2 small boxes". */
export function boxesText(boxes: { small: number; large: number }): string {
  const parts: string[] = [];
  if (boxes.large > 0) parts.push(count(boxes.large, 'large box', 'large boxes'));
  if (boxes.small > 0) parts.push(count(boxes.small, 'small box', 'small boxes'));
  return parts.join(' and ') || 'no boxes';
}

/** A country as it reads inside a sentence: "the United Kingdom", "the Netherlands", "France". */
export function countryInSentence(countryId: number): string {
  const country = findCountry(countryId);
  if (!country) return 'abroad';
  if (country.countryCode === 'GB') return 'the United Kingdom';
  return /^(United |Netherlands)/.test(country.title) ? `the ${country.title}` : country.title;
}

/** What the customer paid for, in one line. */
export function purchaseDescription(order: {
  service: string;
  smallBoxes: number;
  largeBoxes: number;
  collectionCountryId: number;
  destinationCountryId: number;
}): string {
  const boxes = boxesText({ small: order.smallBoxes, large: order.largeBoxes });
  return `${order.service} collection of ${boxes} from ${countryInSentence(order.collectionCountryId)} to ${countryInSentence(order.destinationCountryId)}`;
}

/** "23 November 2026, 14:05", UK time, the same on every runtime. */
export function formatPaidAt(at: Date | string): string {
  return formatLondon(at, 'long');
}

/**
 * The receipt's lines: the service at its price, then "Extra cover to £600: £11.00" when extra
 * cover was bought (docs/orders.md, "Price").
 */
export function receiptLines(order: {
  description: string;
  servicePricePence: number;
  coverPence: number;
  coverPricePence: number;
}): Receipt['lines'] {
  return [
    { text: order.description, amountPence: order.servicePricePence },
    ...(order.coverPricePence > 0
      ? [{ text: extraCoverText(order.coverPence), amountPence: order.coverPricePence }]
      : []),
  ];
}

/** "£600 (£50 included, £550 bought)" or "£50, included": the shipment's cover in words. */
export function coverText(coverPence: number, includedPence: number): string {
  if (coverPence <= includedPence) return `${formatWholePounds(includedPence)}, included`;
  return `${formatWholePounds(coverPence)} (${formatWholePounds(includedPence)} included, ${formatWholePounds(coverPence - includedPence)} bought)`;
}

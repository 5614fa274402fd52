import { formatDayMonth, londonDate } from './london-time.js';
import { formatPence } from './money.js';
import { readPounds } from './typed-pounds.js';
import { z } from './zod.js';

/** What an operator sees when a refund amount cannot be used (the dialog and the API alike). */
export const REFUND_MESSAGES = {
  notANumber: 'Enter an amount in pounds, like 12.50',
  commaForPence: 'Use a full stop for pence, like 12.50 (a comma only separates thousands)',
  notPositive: 'Enter an amount above £0',
  tooManyDecimals: 'Use at most 2 decimal places (whole pence)',
  nothingLeft: 'Nothing of this payment is left to refund',
  tooMuchToRetry:
    'Less than this refund is left to refund on this payment now: it cannot be sent again or marked refunded.',
  tooMuch: (remainingPence: number) =>
    `At most ${formatPence(remainingPence)} is left to refund on this payment`,
} as const;

/**
 * A refund's state (docs/orders.md, "Refund states"; decision 104): `pending` with the card
 * provider (its job runs, retried); `succeeded`, confirmed by it; `failed`, refused by it (nothing
 * was refunded); `needs_action`, the job gave up without knowing (an operator retries it or marks
 * it refunded outside the site); `refunded_outside`, an operator refunded it by other means.
 */
export const REFUND_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'needs_action',
  'refunded_outside',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who asked for a refund: an operator, the customer (a cancellation) or the site itself. */
export const REFUND_REQUESTERS = ['operator', 'customer', 'system'] as const;
export type RefundRequesterKind = (typeof REFUND_REQUESTERS)[number];

/**
 * States whose money may have gone, or will: they count against what is left to refund, so the
 * payment is never refunded beyond what was paid. Only `failed` gives its amount back.
 */
export const REFUND_STATUSES_HOLDING_MONEY: readonly RefundStatus[] = [
  'pending',
  'succeeded',
  'needs_action',
  'refunded_outside',
];
/** States in which the customer has the money back: the payment is `refunded` once they cover it. */
export const REFUND_STATUSES_REFUNDED: readonly RefundStatus[] = ['succeeded', 'refunded_outside'];
/** States an operator may act on: retry, or mark refunded outside the site. */
export const REFUND_STATUSES_ACTIONABLE: readonly RefundStatus[] = ['needs_action', 'failed'];

type Counted = { status: RefundStatus; amountPence: number };
const sumOf = (refunds: readonly Counted[], statuses: readonly RefundStatus[]) =>
  refunds.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.amountPence, 0);

/** What is left to refund of a payment: nothing that may already have gone counts as left. */
export function refundLeftPence(paidPence: number, refunds: readonly Counted[]): number {
  return Math.max(0, paidPence - sumOf(refunds, REFUND_STATUSES_HOLDING_MONEY));
}

/** What the customer has back: refunds confirmed by the provider or made outside the site. */
export function refundedPence(refunds: readonly Counted[]): number {
  return sumOf(refunds, REFUND_STATUSES_REFUNDED);
}

/** The operator's note on a refund marked refunded outside the site. */
export const REFUND_NOTE_MAX = 500;
export const REFUND_NOTE_MESSAGE = `Say how it was refunded, in at most ${REFUND_NOTE_MAX} characters`;

/** How long a card refund takes to show, in every sentence that promises it. */
export const REFUND_BANK_DELAY = 'banks take up to 5 working days to show it';

/** "26 Nov": the UK day of an instant. */
const dayOf = (at: string | Date) => formatDayMonth(londonDate(at));
const cardWords = (cardLast4: string | null) =>
  cardLast4 ? `your card ending ${cardLast4}` : 'your card';

/**
 * A refund's state in the customer's words (their order page, Manage my booking, the tracking
 * page, the refund email). `cardLast4` null leaves the card's digits out (the tracking page,
 * whose link may be shared with the recipient).
 */
export function refundStateWords(
  refund: { status: RefundStatus; settledAt: string | null },
  cardLast4: string | null,
): string {
  switch (refund.status) {
    case 'pending':
      return 'Refund being processed';
    case 'succeeded':
      return refund.settledAt
        ? `Refund sent to ${cardWords(cardLast4)} on ${dayOf(refund.settledAt)}; ${REFUND_BANK_DELAY}`
        : `Refund sent to ${cardWords(cardLast4)}; ${REFUND_BANK_DELAY}`;
    case 'needs_action':
      return 'Refund delayed: we are looking into it';
    case 'refunded_outside':
      return refund.settledAt
        ? `Refunded by other means on ${dayOf(refund.settledAt)}`
        : 'Refunded by other means';
    case 'failed':
      return 'Refund failed: we will contact you';
  }
}

/** What the customer paid and what came back: their order pages and the tracking page. */
export const PaymentSummarySchema = z.object({
  paid: z.object({
    amountPence: z.number().int(),
    /** When the payment was taken (ISO 8601). */
    paidAt: z.string(),
    /**
     * The card's last four digits when known and every part was paid with it (else each part's
     * words name its card); always null on the tracking page.
     */
    cardLast4: z.string().nullable(),
    /**
     * What the amount is made of: the booking, then each later payment for a change to it (more
     * cover bought after booking), oldest first.
     */
    parts: z.array(
      z.object({
        what: z.enum(['booking', 'cover']),
        amountPence: z.number().int(),
        paidAt: z.string(),
        /** In the customer's words ("More cover, bought on 27 Nov"). */
        words: z.string(),
      }),
    ),
  }),
  /** Oldest first. */
  refunds: z.array(
    z.object({
      amountPence: z.number().int(),
      /** When it was asked (ISO 8601). */
      askedAt: z.string(),
      /** When it ended (ISO 8601): sent, failed or refunded by other means; null while open. */
      settledAt: z.string().nullable(),
      state: z.enum(REFUND_STATUSES),
      /** The state in the customer's words (`refundStateWords`). */
      words: z.string(),
    }),
  ),
  /** What the customer has back (sent to the card or refunded by other means). */
  refundedPence: z.number().int(),
  /** What the customer has paid once those refunds are counted. */
  netPence: z.number().int(),
});
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

/** One part of what was paid, in the customer's words; with its card when cards differ. */
export function paymentPartWords(
  part: { what: 'booking' | 'cover'; paidAt: string },
  cardLast4: string | null = null,
): string {
  const words =
    part.what === 'booking'
      ? `Your booking, paid on ${dayOf(part.paidAt)}`
      : `More cover, bought on ${dayOf(part.paidAt)}`;
  return cardLast4 ? `${words} by card ending ${cardLast4}` : words;
}

type PaidPart = {
  what: 'booking' | 'cover';
  amountPence: number;
  paidAt: string;
  /** The card this part was paid with, when not the booking's. */
  cardLast4?: string | null;
};

/**
 * The summary of the captured payments and their refunds; `showCard` false leaves the digits
 * out. A part or a refund without a card of its own is the booking's card's; when the parts were
 * paid with different cards, each part and refund names its own.
 */
export function summarisePayment(
  paid: {
    amountPence: number;
    paidAt: string;
    cardLast4: string | null;
    parts?: readonly PaidPart[];
  },
  refunds: readonly {
    status: RefundStatus;
    amountPence: number;
    askedAt: string;
    settledAt: string | null;
    cardLast4?: string | null;
  }[],
  showCard: boolean,
): PaymentSummary {
  const cardOf = (x: { cardLast4?: string | null }) =>
    showCard ? (x.cardLast4 ?? paid.cardLast4) : null;
  const parts = paid.parts ?? [
    { what: 'booking' as const, amountPence: paid.amountPence, paidAt: paid.paidAt },
  ];
  const oneCard = new Set(parts.map(cardOf)).size <= 1;
  const back = refundedPence(refunds);
  return {
    paid: {
      amountPence: paid.amountPence,
      paidAt: paid.paidAt,
      cardLast4: oneCard ? cardOf(paid) : null,
      parts: parts.map((p) => ({
        what: p.what,
        amountPence: p.amountPence,
        paidAt: p.paidAt,
        words: paymentPartWords(p, oneCard ? null : cardOf(p)),
      })),
    },
    refunds: refunds.map((r) => ({
      amountPence: r.amountPence,
      askedAt: r.askedAt,
      settledAt: r.settledAt,
      state: r.status,
      words: refundStateWords(r, cardOf(r)),
    })),
    refundedPence: back,
    netPence: paid.amountPence - back,
  };
}

/**
 * The refund email's sentences after the provider confirmed a refund: the amount, the card, the
 * day and how long banks take; then the whole, or what is refunded in all and the net paid.
 */
export function refundEmailParagraphs(input: {
  reference: string;
  amountPence: number;
  cardLast4: string | null;
  settledAt: string | Date;
  refundedInAllPence: number;
  paidPence: number;
}): string[] {
  const { amountPence, paidPence, refundedInAllPence } = input;
  return [
    `We have refunded ${formatPence(amountPence)} to ${cardWords(input.cardLast4)} on ${dayOf(input.settledAt)} for booking ${input.reference}; ${REFUND_BANK_DELAY}.`,
    refundedInAllPence >= paidPence
      ? `That is the whole of the ${formatPence(paidPence)} you paid.`
      : `In all we have refunded ${formatPence(refundedInAllPence)} of the ${formatPence(paidPence)} you paid, so you have paid ${formatPence(paidPence - refundedInAllPence)} net.`,
  ];
}

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

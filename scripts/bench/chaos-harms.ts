/**
 * What `npm run chaos` (chaos.ts) counts as harm, from what it saw: pure functions over the
 * site's tables, the mail server's inbox, the courier's records and the answers the customers
 * and the operator got, so a test can prove each count and the exit decision without a run.
 */

/** One message in the site's outbox (`mail`). */
export interface OutboxMail {
  messageId: string;
  status: string;
}

/** What the mail server received, compared with the outbox by Message-ID. */
export interface MailReconciliation {
  /** Message-IDs the mail server received more than once (the customer got it twice). */
  receivedTwice: string[];
  /** Marked `sent` in the outbox and never received (the customer never got it). */
  sentNotReceived: string[];
  /** Written and never handed over: `pending`, `sending` (after settling) or `failed`. */
  neverSent: string[];
  /** `unknown` (the final dot went, no answer came): for an operator, received or not. */
  unknownReceived: string[];
  unknownNotReceived: string[];
  /** Received with a Message-ID the outbox does not have. */
  receivedNotInOutbox: string[];
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

export function reconcileMail(
  outbox: readonly OutboxMail[],
  received: readonly string[],
): MailReconciliation {
  const times = new Map<string, number>();
  for (const id of received) times.set(bare(id), (times.get(bare(id)) ?? 0) + 1);
  const known = new Set(outbox.map((m) => bare(m.messageId)));
  const ids = (status: readonly string[], got?: boolean) =>
    outbox
      .filter((m) => status.includes(m.status))
      .map((m) => bare(m.messageId))
      .filter((id) => got === undefined || times.has(id) === got);
  return {
    receivedTwice: [...times].filter(([, n]) => n > 1).map(([id]) => id),
    sentNotReceived: ids(['sent'], false),
    neverSent: ids(['pending', 'sending', 'failed']),
    unknownReceived: ids(['unknown'], true),
    unknownNotReceived: ids(['unknown'], false),
    receivedNotInOutbox: [...times.keys()].filter((id) => !known.has(id)),
  };
}

/** What the courier was asked and answered, and what the simulator itself holds. */
export interface CourierFacts {
  /** Every BookShipment the courier answered: `delivered` when the answer reached the site. */
  bookShipments: readonly { reference: string; success: boolean; delivered: boolean }[];
  /** The simulator's own bookings, by YourReference (GET /__calls `bookings`). */
  simulatorBookings: readonly string[];
  /** Each order's status on the site, by reference. */
  siteStatus: ReadonlyMap<string, string>;
}

/** Statuses an order reaches only once the courier booked it. */
const AFTER_BOOKING = new Set(['booked', 'cancelling', 'cancelled']);

export function courierHarms(facts: CourierFacts) {
  const successes = new Map<string, number>();
  for (const b of facts.bookShipments) {
    if (b.success) successes.set(b.reference, (successes.get(b.reference) ?? 0) + 1);
  }
  const heard = new Set(
    facts.bookShipments.filter((b) => b.success && b.delivered).map((b) => b.reference),
  );
  const unheard = [...successes.keys()].filter((r) => !heard.has(r));
  const atCourier = new Set(facts.simulatorBookings);
  return {
    /** Booked twice at the courier (two BookShipment SUCCESS answers for one order). */
    doubleBookings: [...successes.values()].filter((n) => n > 1).length,
    /** The courier's SUCCESS reached the site and the order does not show it. */
    confirmedNotBooked: [...heard].filter((r) => !AFTER_BOOKING.has(facts.siteStatus.get(r) ?? ''))
      .length,
    /** Booked, the answer died with a killed process: fine only booked or before an operator. */
    unheard: unheard.length,
    unheardNotBeforeAnOperator: unheard.filter((r) => {
      const s = facts.siteStatus.get(r) ?? '';
      return !AFTER_BOOKING.has(s) && s !== 'needs_attention';
    }).length,
    /** Booked (or cancelled after booking) on the site, with no booking at the courier. */
    bookedOnSiteNotAtCourier: [...facts.siteStatus]
      .filter(([ref, s]) => AFTER_BOOKING.has(s) && !atCourier.has(ref))
      .map(([ref]) => ref).length,
  };
}

/** Every harm a run counts; any one above 0 makes the run exit 1. */
export const HARMS = [
  ['doubleBookings', 'an order booked twice at the courier'],
  [
    'courierConfirmedNotBooked',
    'the courier’s booking reached the site, the order does not show it',
  ],
  ['bookedAnswerLostNotBeforeAnOperator', 'booked, answer lost, not before an operator'],
  ['bookedOnSiteNotAtCourier', 'booked on the site, unknown to the courier'],
  ['doubleCaptures', 'a payment captured twice'],
  ['refundsTwice', 'more refunded at the card provider than the site refunded'],
  ['refundsLost', 'a refund asked and not made (or made on the site only)'],
  ['mailReceivedTwice', 'a message the mail server received twice'],
  ['mailSentNotReceived', 'marked sent, never received by the mail server'],
  ['mailNeverSent', 'an email never handed to the mail server'],
  ['bookedWithoutSentConfirmation', 'a booked order without its confirmation sent'],
  ['cardsHeldWithoutBooking', 'a card held for an order neither booked nor before an operator'],
  ['ordersNotFinalAfterSettling', 'an order not final once the jobs settled'],
  ['processesDied', 'a process that died on its own'],
  ['http5xxWithoutRetryAfter', 'a 5xx answer without Retry-After'],
] as const;
export type HarmName = (typeof HARMS)[number][0];
export type HarmCounts = Record<HarmName, number>;

/** Counted and printed, not harm by themselves. */
export const NOTED = [
  ['cardsHeldForAnOperator', 'cards held for an order in needs_attention'],
  ['mailUnknownReceived', 'mail `unknown`, received (an operator looks)'],
  ['mailUnknownNotReceived', 'mail `unknown`, not received (an operator looks)'],
  ['mailReceivedNotInOutbox', 'received, with a Message-ID not in the outbox'],
  ['bookedAnswerLost', 'booked, answer lost with a killed process'],
  ['changesPendingNotYetDue', 'a change left pending, not yet due to be asked again (5 min)'],
  ['http5xxWithRetryAfter', '5xx with Retry-After (listed by cause)'],
] as const;
export type NotedName = (typeof NOTED)[number][0];

/** 0 when every harm is 0, else 1. */
export function exitCode(harms: HarmCounts): 0 | 1 {
  return Object.values(harms).some((n) => n > 0) ? 1 : 0;
}

/** The final table: every harm with its count per database, then what is only noted. */
export function harmTable(
  runs: readonly {
    database: string;
    harms: HarmCounts;
    noted: Record<NotedName, number>;
  }[],
): string {
  const rows: string[][] = [
    ['', ...runs.map((r) => r.database)],
    ...HARMS.map(([name]) => [`harm  ${name}`, ...runs.map((r) => String(r.harms[name]))]),
    ...NOTED.map(([name]) => [`noted ${name}`, ...runs.map((r) => String(r.noted[name]))]),
    ['exit', ...runs.map((r) => (exitCode(r.harms) ? 'harm' : 'none'))],
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) =>
          i === 0 ? cell.padEnd(widths?.[i] ?? 0) : cell.padStart(widths?.[i] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

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
  ['restoreSecondBookings', 'after a restore: an order booked again at the courier'],
  ['restoreSecondCaptures', 'after a restore: a capture asked of a payment already captured'],
  ['restoreMailSentAgain', 'after a restore: an email the original sent, sent again by itself'],
  [
    'restorePendingNotListed',
    'after a restore: an order pending in the backup, neither finished nor listed for an operator',
  ],
] as const;
export type HarmName = (typeof HARMS)[number][0];
export type HarmCounts = Record<HarmName, number>;
/** The harms only the backup-restore-start round trip measures; the fault runs measure the rest. */
export type RestoreHarmName = Extract<HarmName, `restore${string}`>;

/** Counted and printed, not harm by themselves. */
export const NOTED = [
  ['cardsHeldForAnOperator', 'cards held for an order in needs_attention'],
  ['mailUnknownReceived', 'mail `unknown`, received (an operator looks)'],
  ['mailUnknownNotReceived', 'mail `unknown`, not received (an operator looks)'],
  ['mailReceivedNotInOutbox', 'received, with a Message-ID not in the outbox'],
  ['bookedAnswerLost', 'booked, answer lost with a killed process'],
  ['changesPendingNotYetDue', 'a change left pending, not yet due to be asked again (5 min)'],
  ['http5xxWithRetryAfter', '5xx with Retry-After (listed by cause)'],
  ['restorePendingFinished', 'after a restore: orders pending in the backup, finished'],
  ['restorePendingForAnOperator', 'after a restore: orders pending in the backup, listed'],
  ['restoreFirstBookings', 'after a restore: orders the courier had not booked, booked'],
  ['restoreHeldEmails', 'after a restore: emails held for an operator'],
] as const;
export type NotedName = (typeof NOTED)[number][0];

/** 0 when every harm measured is 0, else 1. */
export function exitCode(harms: Partial<HarmCounts>): 0 | 1 {
  return Object.values(harms).some((n) => n > 0) ? 1 : 0;
}

/** One email as the mail server received it. */
export interface ReceivedMail {
  messageId: string;
  to: readonly string[];
  subject: string;
}

/**
 * What the backup-restore-start round trip saw: the original site ran on, stopped, and a site
 * restored from a backup taken during its checkouts ran on the same courier, card provider and
 * mail server.
 */
export interface RoundTripFacts {
  /** Our references of the courier's BookShipment SUCCESS answers, before the restored site started. */
  bookedBefore: readonly string[];
  /** The same, while the restored site ran. */
  bookedAfter: readonly string[];
  /** Every capture the restored site asked of the card provider, with the payment's state there just before. */
  capturesAsked: readonly { id: string; before: string }[];
  /** What the mail server received before the restored site started, and while it ran. */
  mailBefore: readonly ReceivedMail[];
  mailAfter: readonly ReceivedMail[];
  /** Orders pending in the backup: a booking waiting or in flight, a capture or release waiting. */
  pending: readonly string[];
  /** Each order's status on the restored site once its jobs settled, by id. */
  statusAfter: ReadonlyMap<string, string>;
  /** The orders its reconciliation listed with what it found; null when it never finished. */
  listed: ReadonlySet<string> | null;
}

/** Statuses an order ends in without an operator. */
const FINISHED = new Set(['booked', 'booking_failed', 'cancelled']);

export function restoreHarms(facts: RoundTripFacts) {
  const before = new Map<string, number>();
  for (const r of facts.bookedBefore) before.set(r, (before.get(r) ?? 0) + 1);
  const after = new Map<string, number>();
  for (const r of facts.bookedAfter) after.set(r, (after.get(r) ?? 0) + 1);
  const mailKey = (m: ReceivedMail) => `${[...m.to].sort().join(',')}\n${m.subject}`;
  const idsBefore = new Set(facts.mailBefore.map((m) => bare(m.messageId)));
  const keysBefore = new Set(facts.mailBefore.map(mailKey));
  const status = (id: string) => facts.statusAfter.get(id) ?? 'missing';
  const finished = facts.pending.filter((id) => FINISHED.has(status(id)));
  const forAnOperator = facts.pending.filter(
    (id) => status(id) === 'needs_attention' && facts.listed?.has(id),
  );
  // What each harm counts, printed beside the counts.
  const found = {
    /** Booked by the restored site under a reference the courier had booked (or booked twice). */
    restoreSecondBookings: [...after]
      .filter(([r, n]) => n + (before.get(r) ?? 0) > 1)
      .map(([r]) => r),
    /** The card provider asked to capture a payment it had captured already. */
    restoreSecondCaptures: facts.capturesAsked
      .filter((c) => c.before === 'captured')
      .map((c) => c.id),
    /** Received again, by Message-ID or as the same email to the same people. */
    restoreMailSentAgain: facts.mailAfter
      .filter((m) => idsBefore.has(bare(m.messageId)) || keysBefore.has(mailKey(m)))
      .map((m) => `${m.subject} (to ${m.to.join(', ')})`),
    restorePendingNotListed: facts.pending
      .filter((id) => !finished.includes(id) && !forAnOperator.includes(id))
      .map((id) => `${id} (${status(id)})`),
  } satisfies Record<RestoreHarmName, string[]>;
  return {
    found,
    harms: Object.fromEntries(
      Object.entries(found).map(([name, what]) => [name, what.length]),
    ) as Record<RestoreHarmName, number>,
    noted: {
      restorePendingFinished: finished.length,
      restorePendingForAnOperator: forAnOperator.length,
      restoreFirstBookings: [...after.keys()].filter((r) => !before.has(r)).length,
    },
  };
}

/** The final table: every harm with its count per database, then what is only noted. */
export function harmTable(
  runs: readonly {
    database: string;
    harms: Partial<HarmCounts>;
    noted: Partial<Record<NotedName, number>>;
  }[],
): string {
  // `-`: not measured by that run (the round trip measures the restore harms only).
  const rows: string[][] = [
    ['', ...runs.map((r) => r.database)],
    ...HARMS.map(([name]) => [`harm  ${name}`, ...runs.map((r) => String(r.harms[name] ?? '-'))]),
    ...NOTED.map(([name]) => [`noted ${name}`, ...runs.map((r) => String(r.noted[name] ?? '-'))]),
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

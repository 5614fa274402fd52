/**
 * Tracking after the booking, in our words (docs/tracking.md): the one status set of a box
 * (parcel) and of an order, each status one record of the registry below, and how an order's
 * status follows from its boxes'. The courier's own event codes are mapped onto these statuses
 * by the courier's adapter; nothing here knows the courier's words.
 */

const HOUR = 3_600_000;

/** How a status reads to the customer: calm progress, a problem to act on, or the end. */
export type TrackingTone = 'progress' | 'attention' | 'done';

/**
 * The emails tracking sends (docs/tracking.md). `optional` ones can be turned off by the customer
 * from a link in any of them (`reminder` alone, or the progress updates); problems always go.
 */
export const TRACKING_EMAILS = {
  reminder: { optional: 'reminder' },
  collected: { optional: 'updates' },
  out_for_delivery: { optional: 'updates' },
  delivered: { optional: 'updates' },
  collection_missed: { optional: null },
  customs_hold: { optional: null },
  delivery_failed: { optional: null },
  returned: { optional: null },
  exception: { optional: null },
} as const satisfies Record<string, { optional: 'reminder' | 'updates' | null }>;
export type TrackingEmailKind = keyof typeof TRACKING_EMAILS;

/** How many boxes a sentence is about: the order's, and how many of them are at the status. */
export interface BoxCount {
  total: number;
  at: number;
}

/**
 * When the order takes a status (docs/tracking.md, "The order's status"): `any box` when a box
 * of the order is at it; `some boxes delivered` when some of its boxes are delivered and not all
 * (a status of the order alone, never of a box).
 */
export const ORDER_CONDITIONS = {
  'any box': (boxes: readonly string[], status: string) => boxes.includes(status),
  'some boxes delivered': (boxes: readonly string[]) =>
    boxes.includes('delivered') && boxes.some((s) => s !== 'delivered'),
} as const;
export type OrderCondition = keyof typeof ORDER_CONDITIONS;

/** Everything about one status: a status without any of it is a type error. */
export interface TrackingStatusRecord {
  /** A short name, e.g. for a badge: "Held by customs". */
  label: string;
  /** What has happened, in one plain sentence that names the boxes right. */
  sentence: (boxes: BoxCount) => string;
  /** What the customer (or the recipient) should do now; the empty string when nothing. */
  nextStep: string;
  tone: TrackingTone;
  /** Nothing more happens after it: tracking stops. */
  final: boolean;
  /** Only a box the courier has: the collection happened. */
  afterCollection: boolean;
  /** How often the courier is asked while the order is at it (after the collection day); null: never. */
  pollEveryMs: number | null;
  /** How the operators' console names it. */
  consoleLabel: string;
  /** The tracking email the order reaching it sends, if any. */
  email: TrackingEmailKind | null;
  /** Where it stands in the order's rule: the first status, by precedence, whose condition holds. */
  order: { precedence: number; when: OrderCondition };
  /**
   * What it means for the expected delivery window (docs/tracking.md, "Expected delivery"):
   * `on time` keeps the estimate, `delayed` moves it past today, `none` shows none (delivered,
   * back, cancelled, or no collection day yet).
   */
  delivery: DeliveryOutlook;
}

export type DeliveryOutlook = 'on time' | 'delayed' | 'none';

/**
 * Declares the registry: every record complete (`TrackingStatusRecord`), its statuses the keys.
 * The type test (tracking.test-d.ts) shows a record missing a part refused.
 */
export function defineTrackingStatuses<const T extends Record<string, TrackingStatusRecord>>(
  records: T,
): T {
  return records;
}

/** "your box", "your 2 boxes", "1 of your 2 boxes". */
export function yourBoxes({ total, at }: BoxCount): string {
  if (total <= 1) return 'your box';
  return at >= total ? `your ${total} boxes` : `${at} of your ${total} boxes`;
}

/** The same at the start of a sentence. */
function YourBoxes(count: BoxCount): string {
  const words = yourBoxes(count);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "is" for one box, "are" for several. */
function isAre({ total, at }: BoxCount): string {
  return total <= 1 || at === 1 ? 'is' : 'are';
}

/** Every status a box can be in, and, derived from its boxes', an order: one record each. */
const REGISTRY = defineTrackingStatuses({
  booked: {
    label: 'Booked',
    sentence: ({ total }) =>
      total <= 1
        ? 'The collection is booked and the courier will come on the collection day.'
        : `The collection is booked and the courier will come for your ${total} boxes on the collection day.`,
    nextStep:
      'Print the labels from your confirmation email, attach one to each box and have the boxes ready from 9:00 on the collection day.',
    tone: 'progress',
    final: false,
    afterCollection: false,
    pollEveryMs: 3 * HOUR,
    consoleLabel: 'Booked',
    email: null,
    order: { precedence: 8, when: 'any box' },
    delivery: 'on time',
  },
  collected: {
    label: 'Collected',
    sentence: (n) => `The courier has collected ${yourBoxes({ ...n, at: n.total })}.`,
    nextStep: '',
    tone: 'progress',
    final: false,
    afterCollection: true,
    pollEveryMs: 6 * HOUR,
    consoleLabel: 'Collected',
    email: 'collected',
    order: { precedence: 9, when: 'any box' },
    delivery: 'on time',
  },
  in_transit: {
    label: 'In transit',
    sentence: (n) =>
      n.total <= 1 ? 'Your box is on its way.' : `Your ${n.total} boxes are on their way.`,
    nextStep: '',
    tone: 'progress',
    final: false,
    afterCollection: true,
    pollEveryMs: 6 * HOUR,
    consoleLabel: 'In transit',
    // The first news after the collection may already be "in transit": it says collected.
    email: 'collected',
    order: { precedence: 10, when: 'any box' },
    delivery: 'on time',
  },
  customs_hold: {
    label: 'Held by customs',
    sentence: (n) =>
      `Customs in the destination country are holding ${yourBoxes(n)} until they have what they need.`,
    nextStep:
      'The recipient should send the courier’s clearance team what customs ask for, usually a copy of their passport or ID and a list of what is in the box with its value, quoting the tracking number. The courier contacts the recipient by email or phone; if nobody has, contact us and we will chase it.',
    tone: 'attention',
    final: false,
    afterCollection: true,
    pollEveryMs: 3 * HOUR,
    consoleLabel: 'Held by customs',
    email: 'customs_hold',
    order: { precedence: 3, when: 'any box' },
    delivery: 'delayed',
  },
  out_for_delivery: {
    label: 'Out for delivery',
    sentence: (n) =>
      `${YourBoxes({ ...n, at: n.total })} ${isAre({ ...n, at: n.total })} with the driver and should be delivered today.`,
    nextStep: 'Someone should be at the delivery address to receive it.',
    tone: 'progress',
    final: false,
    afterCollection: true,
    pollEveryMs: HOUR,
    consoleLabel: 'Out for delivery',
    email: 'out_for_delivery',
    order: { precedence: 11, when: 'any box' },
    delivery: 'on time',
  },
  partly_delivered: {
    label: 'Partly delivered',
    sentence: ({ total, at }) =>
      `${at} of your ${total} boxes ${at === 1 ? 'has' : 'have'} been delivered; the other${total - at === 1 ? ' is' : 's are'} still on the way.`,
    nextStep: '',
    tone: 'progress',
    final: false,
    afterCollection: true,
    pollEveryMs: 2 * HOUR,
    consoleLabel: 'Partly delivered',
    email: null,
    order: { precedence: 7, when: 'some boxes delivered' },
    delivery: 'on time',
  },
  delivered: {
    label: 'Delivered',
    sentence: ({ total }) =>
      total <= 1 ? 'Your box has been delivered.' : `All ${total} boxes have been delivered.`,
    nextStep: '',
    tone: 'done',
    final: true,
    afterCollection: true,
    pollEveryMs: 6 * HOUR,
    consoleLabel: 'Delivered',
    email: 'delivered',
    order: { precedence: 12, when: 'any box' },
    delivery: 'none',
  },
  collection_missed: {
    label: 'Collection missed',
    sentence: (n) =>
      `The courier did not collect ${yourBoxes({ ...n, at: n.total })} on the collection day.`,
    nextStep:
      'Choose a new collection date: we rebook it with the courier at no charge and email you new labels showing the new day.',
    tone: 'attention',
    final: false,
    afterCollection: false,
    pollEveryMs: 6 * HOUR,
    consoleLabel: 'Collection missed',
    email: 'collection_missed',
    order: { precedence: 2, when: 'any box' },
    delivery: 'none',
  },
  delivery_failed: {
    label: 'Delivery attempt failed',
    sentence: (n) => `The courier tried to deliver ${yourBoxes(n)} but could not.`,
    nextStep:
      'The courier will try again on the next working day. Tell the recipient to be in, or to follow the instructions on the card the courier left.',
    tone: 'attention',
    final: false,
    afterCollection: true,
    pollEveryMs: 2 * HOUR,
    consoleLabel: 'Delivery failed',
    email: 'delivery_failed',
    order: { precedence: 4, when: 'any box' },
    delivery: 'delayed',
  },
  returned: {
    label: 'Returned',
    sentence: (n) => `${YourBoxes(n)} ${isAre(n)} being returned to the sender.`,
    nextStep: 'Contact us: we will tell you why and what can be done.',
    tone: 'attention',
    final: true,
    afterCollection: true,
    pollEveryMs: 6 * HOUR,
    consoleLabel: 'Returned to sender',
    email: 'returned',
    order: { precedence: 6, when: 'any box' },
    delivery: 'none',
  },
  exception: {
    label: 'Needs checking',
    sentence: (n) => `The courier reported something we do not recognise about ${yourBoxes(n)}.`,
    nextStep:
      'We are checking it with the courier and will email you. You do not need to do anything yet.',
    tone: 'attention',
    final: false,
    afterCollection: false,
    pollEveryMs: 3 * HOUR,
    consoleLabel: 'Unrecognised courier event',
    email: 'exception',
    order: { precedence: 5, when: 'any box' },
    delivery: 'delayed',
  },
  cancelled: {
    label: 'Cancelled',
    sentence: () => 'This booking was cancelled before the courier collected it.',
    nextStep: 'Nothing more will happen with this shipment. Any refund is shown below.',
    tone: 'done',
    final: true,
    afterCollection: false,
    pollEveryMs: null,
    consoleLabel: 'Cancelled',
    email: null,
    order: { precedence: 1, when: 'any box' },
    delivery: 'none',
  },
});

export type TrackingStatus = keyof typeof REGISTRY;

/** The registry, each record read as a whole record (docs/tracking.md, "Statuses"). */
export const TRACKING_STATUS_REGISTRY: Readonly<Record<TrackingStatus, TrackingStatusRecord>> =
  REGISTRY;

/** Every status, in the registry's order (the database's and the API's enum). */
export const TRACKING_STATUSES = Object.keys(TRACKING_STATUS_REGISTRY) as [
  TrackingStatus,
  ...TrackingStatus[],
];

const statusesWhere = (test: (record: TrackingStatusRecord) => boolean): TrackingStatus[] =>
  TRACKING_STATUSES.filter((s) => test(TRACKING_STATUS_REGISTRY[s]));

/** Statuses after which nothing more happens to a box: tracking stops. */
export const FINAL_TRACKING_STATUSES: readonly TrackingStatus[] = statusesWhere((r) => r.final);

/** Statuses that need someone to act (the console lists them first). */
export const ATTENTION_TRACKING_STATUSES: readonly TrackingStatus[] = statusesWhere(
  (r) => r.tone === 'attention',
);

/** Statuses a box reaches only after the courier has it. */
export const COLLECTED_OR_LATER: readonly TrackingStatus[] = statusesWhere(
  (r) => r.afterCollection,
);

/** Every status by its precedence in the order's rule, the first that holds wins. */
export const ORDER_STATUS_PRECEDENCE: readonly TrackingStatus[] = [...TRACKING_STATUSES].sort(
  (a, b) =>
    TRACKING_STATUS_REGISTRY[a].order.precedence - TRACKING_STATUS_REGISTRY[b].order.precedence,
);

export function isFinalTrackingStatus(status: TrackingStatus): boolean {
  return TRACKING_STATUS_REGISTRY[status].final;
}

/**
 * An order's status from its boxes' (docs/tracking.md, "The order's status"): the first status,
 * by precedence, whose condition holds. Any box cancelled: cancelled; any box needing attention:
 * the most urgent (a customs hold or a problem outranks every step of the journey); some boxes
 * delivered and not all: partly delivered; otherwise the least advanced box's step, so the order
 * is delivered only when every box is. No box known yet: booked.
 */
export function orderTrackingStatus(boxes: readonly TrackingStatus[]): TrackingStatus {
  if (boxes.length === 0) return 'booked';
  for (const status of ORDER_STATUS_PRECEDENCE) {
    const { when } = TRACKING_STATUS_REGISTRY[status].order;
    if (ORDER_CONDITIONS[when](boxes, status)) return status;
  }
  return 'booked';
}

/**
 * The order's sentence for its status: about its boxes, and how many of them are at it (for
 * partly delivered, how many are delivered).
 */
export function orderStatusSentence(
  status: TrackingStatus,
  boxes: readonly TrackingStatus[],
): string {
  const counted = status === 'partly_delivered' ? 'delivered' : status;
  const at = boxes.filter((s) => s === counted).length;
  const total = Math.max(1, boxes.length);
  return TRACKING_STATUS_REGISTRY[status].sentence({ total, at: at || total });
}

/** Whether every box has reached the end of its journey. */
export function trackingFinished(parcels: readonly TrackingStatus[]): boolean {
  return parcels.length > 0 && parcels.every(isFinalTrackingStatus);
}

/**
 * Why a shipment is in the operator's queue: its collection was missed, the courier has said
 * nothing for too long (polling gave up), or it reported an event we do not recognise.
 */
export const SHIPMENT_FLAGS = ['collection_missed', 'silent', 'exception'] as const;
export type ShipmentFlag = (typeof SHIPMENT_FLAGS)[number];

/** The collection window on the collection day (Europe/London), as booked with the courier. */
export const COLLECTION_WINDOW = { from: '09:00', to: '17:30' } as const;

/** The customer's choice of optional emails, both on until turned off. */
export interface TrackingEmailChoice {
  reminder: boolean;
  updates: boolean;
}

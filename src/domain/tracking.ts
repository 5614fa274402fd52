/**
 * Tracking after the booking, in our words (docs/tracking.md): the one status set of a box
 * (parcel) and of an order, what each means to the customer and what they should do next, and
 * how an order's status follows from its boxes'. The courier's own event codes are mapped onto
 * these statuses by the courier's adapter; nothing here knows the courier's words.
 */

/** Every status a box can be in, and, derived from its boxes', an order. */
export const TRACKING_STATUSES = [
  'booked',
  'collected',
  'in_transit',
  'customs_hold',
  'out_for_delivery',
  'delivered',
  'collection_missed',
  'delivery_failed',
  'returned',
  'exception',
  'cancelled',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** How a status reads to the customer: calm progress, a problem to act on, or the end. */
export type TrackingTone = 'progress' | 'attention' | 'done';

export interface TrackingStatusText {
  /** A short name, e.g. for a badge: "Held by customs". */
  label: string;
  /** What has happened, in one plain sentence. */
  sentence: string;
  /** What the customer (or the recipient) should do now; the empty string when nothing. */
  nextStep: string;
  tone: TrackingTone;
}

/** The words for each status. A box's own reason (e.g. a customs hold's) is shown beside them. */
export const TRACKING_STATUS_TEXT: Readonly<Record<TrackingStatus, TrackingStatusText>> = {
  booked: {
    label: 'Booked',
    sentence: 'The collection is booked and the courier will come on the collection day.',
    nextStep:
      'Print the labels from your confirmation email, attach one to each box and have the boxes ready from 9:00 on the collection day.',
    tone: 'progress',
  },
  collected: {
    label: 'Collected',
    sentence: 'The courier has collected the box.',
    nextStep: '',
    tone: 'progress',
  },
  in_transit: {
    label: 'In transit',
    sentence: 'The box is on its way.',
    nextStep: '',
    tone: 'progress',
  },
  customs_hold: {
    label: 'Held by customs',
    sentence:
      'Customs in the destination country are holding the box until they have what they need.',
    nextStep:
      'The recipient should send the courier’s clearance team what customs ask for, usually a copy of their passport or ID and a list of what is in the box with its value, quoting the tracking number. The courier contacts the recipient by email or phone; if nobody has, contact us and we will chase it.',
    tone: 'attention',
  },
  out_for_delivery: {
    label: 'Out for delivery',
    sentence: 'The box is with the driver and should be delivered today.',
    nextStep: 'Someone should be at the delivery address to receive it.',
    tone: 'progress',
  },
  delivered: {
    label: 'Delivered',
    sentence: 'The box has been delivered.',
    nextStep: '',
    tone: 'done',
  },
  collection_missed: {
    label: 'Collection missed',
    sentence: 'The courier did not collect the boxes on the collection day.',
    nextStep:
      'Choose a new collection date: we rebook it with the courier at no charge and email you new labels showing the new day.',
    tone: 'attention',
  },
  delivery_failed: {
    label: 'Delivery attempt failed',
    sentence: 'The courier tried to deliver the box but could not.',
    nextStep:
      'The courier will try again on the next working day. Tell the recipient to be in, or to follow the instructions on the card the courier left.',
    tone: 'attention',
  },
  returned: {
    label: 'Returned',
    sentence: 'The box is being returned to the sender.',
    nextStep: 'Contact us: we will tell you why and what can be done.',
    tone: 'attention',
  },
  exception: {
    label: 'Needs checking',
    sentence: 'The courier reported something we do not recognise about this box.',
    nextStep:
      'We are checking it with the courier and will email you. You do not need to do anything yet.',
    tone: 'attention',
  },
  cancelled: {
    label: 'Cancelled',
    sentence: 'This booking was cancelled before the courier collected it.',
    nextStep: 'Nothing more will happen with this shipment. Any refund is shown below.',
    tone: 'done',
  },
};

/** Statuses after which nothing more happens to a box: tracking stops. */
export const FINAL_TRACKING_STATUSES: readonly TrackingStatus[] = [
  'delivered',
  'returned',
  'cancelled',
];

export function isFinalTrackingStatus(status: TrackingStatus): boolean {
  return FINAL_TRACKING_STATUSES.includes(status);
}

/** Statuses that need someone to act, most urgent first (an order shows the first its boxes have). */
const ATTENTION_ORDER: readonly TrackingStatus[] = [
  'collection_missed',
  'customs_hold',
  'delivery_failed',
  'exception',
  'returned',
];

/** The journey's progress, least advanced first (an order is as far as its slowest box). */
const PROGRESS_ORDER: readonly TrackingStatus[] = [
  'booked',
  'collected',
  'in_transit',
  'out_for_delivery',
  'delivered',
];

/**
 * An order's status from its boxes' (docs/tracking.md): a box that needs attention makes the
 * order need it (the most urgent first); otherwise the order is as far along as its least
 * advanced box, so it is `delivered` only when every box is. Every box returned: `returned`.
 * Any box cancelled: `cancelled` (a booking is cancelled as a whole, before any box is
 * collected; a box still showing another status has not reported it yet). No box known yet:
 * `booked`.
 */
export function orderTrackingStatus(parcels: readonly TrackingStatus[]): TrackingStatus {
  if (parcels.length === 0) return 'booked';
  if (parcels.includes('cancelled')) return 'cancelled';
  if (parcels.every((s) => s === 'returned')) return 'returned';
  for (const status of ATTENTION_ORDER) if (parcels.includes(status)) return status;
  let least = PROGRESS_ORDER.length - 1;
  for (const status of parcels) least = Math.min(least, PROGRESS_ORDER.indexOf(status));
  return PROGRESS_ORDER[least] ?? 'booked';
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

/** The customer's choice of optional emails, both on until turned off. */
export interface TrackingEmailChoice {
  reminder: boolean;
  updates: boolean;
}

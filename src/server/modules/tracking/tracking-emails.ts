import { BOX_SPECS, boxDimensions } from '#src/domain/boxes.js';
import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { TRACKING_STATUS_TEXT, type TrackingEmailKind } from '#src/domain/tracking.js';
import type { TrackingUpdateInput } from '../email/index.js';

/** What a tracking email is about: the order, and for a box's problem, the box. */
export interface TrackingEmailSubject {
  reference: string;
  firstName: string;
  destination: string;
  collectionDate: string;
  boxCount: number;
  trackingUrl: string;
  /** The box a problem is about (1-based) and the courier's reason, if it gave one. */
  box?: { number: number; trackingNumber: string; reason: string | null };
  /** A missed collection's new dates, each with the tracking page that offers it. */
  newDates?: { date: string; url: string }[];
  /** A moved collection: whether the courier's labels for the new day are attached. */
  newLabels?: boolean;
}

/** The emails of a moved collection, which the customer cannot turn off: the move, its labels. */
export type MoveEmailKind = 'collection_rebooked' | 'new_labels';

/** What a moved collection's email says of the labels: the new ones, or why the old ones work. */
export function labelsSentence(newLabels: boolean): string {
  return newLabels
    ? 'New labels are attached, showing the new day: print these and use them instead of the ones you have.'
    : 'The labels you have still work (the courier has the new day), but the day printed on them is the old one: we will email you new labels as soon as the courier gives them.';
}

/** The reminder's "ready by" list: what the courier's driver expects at the door. */
export const READY_BY_CHECKLIST = [
  'A label printed and attached to each box, on its largest side, with nothing covering the barcode',
  'Each box sealed with strong tape',
  `Each box within the size and weight of its type (small: ${boxDimensions(BOX_SPECS.small)}, up to ${BOX_SPECS.small.maxWeightKg} kg; large: ${boxDimensions(BOX_SPECS.large)}, up to ${BOX_SPECS.large.maxWeightKg} kg)`,
  'Nothing prohibited inside (see the prohibited items list on our site)',
  'Someone at the collection address from 9:00 to 17:30',
];

type Wording = Omit<TrackingUpdateInput, 'trackingUrl' | 'turnOffUrl'>;

function boxes(n: number): string {
  return n === 1 ? 'your box' : `your ${n} boxes`;
}

function boxName(s: TrackingEmailSubject, midSentence = false): string {
  const name = s.box
    ? s.boxCount > 1
      ? `Box ${s.box.number} of ${s.boxCount} (tracking number ${s.box.trackingNumber})`
      : `Your box (tracking number ${s.box.trackingNumber})`
    : 'Your box';
  return midSentence ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** What every tracking email's words start from. */
interface Opening {
  hello: string;
  /** The collection day, in words. */
  day: string;
  /** The courier's reason for a box's problem, as a sentence, or nothing. */
  reason: string;
}

/** A box's problem: what happened to which box, and what happens next. */
function boxProblem(
  s: TrackingEmailSubject,
  o: Opening,
  words: { subject: string; heading: string; happened: string; nextStep: string },
  trackingText = 'Track your boxes',
): Wording {
  return {
    subject: words.subject,
    heading: words.heading,
    paragraphs: [o.hello, `${boxName(s)} ${words.happened}.${o.reason}`, words.nextStep],
    trackingText,
  };
}

/** The words of each kind of tracking email: one entry each, so a kind without words fails `tsc`. */
const WORDINGS: Record<
  TrackingEmailKind | MoveEmailKind,
  (s: TrackingEmailSubject, o: Opening) => Wording
> = {
  reminder: (s, o) => ({
    subject: `Your collection is tomorrow: booking ${s.reference}`,
    heading: 'Your collection is tomorrow',
    paragraphs: [
      o.hello,
      `The courier will collect ${boxes(s.boxCount)} for ${s.destination} on ${o.day}, between 9:00 and 17:30.`,
    ],
    checklist: { title: 'Before the courier comes', items: READY_BY_CHECKLIST },
    trackingText: 'Track your boxes',
  }),
  collected: (s, o) => ({
    subject: `Collected: booking ${s.reference} is on its way to ${s.destination}`,
    heading: 'Your boxes have been collected',
    paragraphs: [
      o.hello,
      `The courier has collected ${boxes(s.boxCount)}. We will email you when they are out for delivery in ${s.destination}.`,
    ],
    trackingText: 'Track your boxes',
  }),
  out_for_delivery: (s, o) => ({
    subject: `Out for delivery today: booking ${s.reference}`,
    heading: 'Out for delivery today',
    paragraphs: [
      o.hello,
      `${s.boxCount === 1 ? 'Your box is' : 'Your boxes are'} with the driver in ${s.destination} and should be delivered today. The recipient should be in to receive ${s.boxCount === 1 ? 'it' : 'them'}.`,
    ],
    trackingText: 'Track your boxes',
  }),
  delivered: (s, o) => ({
    subject: `Delivered: booking ${s.reference}`,
    heading:
      s.boxCount === 1 ? 'Your box has been delivered' : 'All your boxes have been delivered',
    paragraphs: [
      o.hello,
      `${s.boxCount === 1 ? 'Your box has' : `All ${s.boxCount} boxes have`} been delivered in ${s.destination}. Thank you for sending with BoxAbroad.`,
    ],
    trackingText: 'See the delivery details',
  }),
  collection_missed: (s, o) => ({
    subject: `Your collection was missed: choose a new date (booking ${s.reference})`,
    heading: 'The courier did not collect your boxes',
    paragraphs: [
      o.hello,
      `The courier did not collect ${boxes(s.boxCount)} on ${o.day}. We are sorry. Choose a new collection date below and we will rebook it with the courier. There is nothing to pay, and once it is rebooked we email you new labels showing the new day.`,
    ],
    ...(s.newDates && s.newDates.length > 0
      ? {
          choices: {
            title: 'Choose a new collection date',
            options: s.newDates.map((d) => ({ text: formatCalendarDate(d.date), url: d.url })),
          },
        }
      : {}),
    trackingText: 'Choose a new date',
  }),
  collection_rebooked: (s, o) => ({
    subject: `Collection rebooked for ${o.day}: booking ${s.reference}`,
    heading: 'Your collection is rebooked',
    paragraphs: [
      o.hello,
      `The courier will collect ${boxes(s.boxCount)} on ${o.day}, between 9:00 and 17:30. There is nothing to pay.`,
      labelsSentence(s.newLabels ?? false),
    ],
    trackingText: 'Track your boxes',
  }),
  new_labels: (s, o) => ({
    subject: `New labels for your collection on ${o.day}: booking ${s.reference}`,
    heading: 'Your new labels',
    paragraphs: [
      o.hello,
      `The labels for your collection on ${o.day} are attached, showing that day. Print these and use them instead of the ones you have.`,
    ],
    trackingText: 'Track your boxes',
  }),
  customs_hold: (s, o) =>
    boxProblem(
      s,
      o,
      {
        subject: `Action needed: customs are holding a box (booking ${s.reference})`,
        heading: 'Customs are holding a box',
        happened: `is held by customs in ${s.destination}`,
        nextStep: TRACKING_STATUS_TEXT.customs_hold.nextStep,
      },
      'See what to do',
    ),
  delivery_failed: (s, o) =>
    boxProblem(s, o, {
      subject: `Delivery attempt failed: booking ${s.reference}`,
      heading: 'The courier could not deliver a box',
      happened: 'could not be delivered',
      nextStep: TRACKING_STATUS_TEXT.delivery_failed.nextStep,
    }),
  returned: (s, o) =>
    boxProblem(s, o, {
      subject: `A box is being returned: booking ${s.reference}`,
      heading: 'A box is being returned to you',
      happened: 'is being returned to the sender',
      nextStep: TRACKING_STATUS_TEXT.returned.nextStep,
    }),
  exception: (s, o) => ({
    subject: `We are checking a box with the courier: booking ${s.reference}`,
    heading: 'We are checking a box with the courier',
    paragraphs: [
      o.hello,
      `The courier reported something we need to check about ${boxName(s, true)}.`,
      TRACKING_STATUS_TEXT.exception.nextStep,
    ],
    trackingText: 'Track your boxes',
  }),
};

/** The words of each tracking email (docs/tracking.md, "Emails"). */
export function trackingEmailWording(
  kind: TrackingEmailKind | MoveEmailKind,
  s: TrackingEmailSubject,
): Wording {
  return WORDINGS[kind](s, {
    hello: `Hello ${s.firstName},`,
    day: formatCalendarDate(s.collectionDate),
    reason: s.box?.reason ? ` The courier says: “${s.box.reason}”.` : '',
  });
}

import { formatCalendarDate } from '#src/domain/collection-calendar.js';
import { findCountry } from '#src/domain/countries.js';
import type { DeliveryEstimate } from '#src/domain/delivery-estimate.js';
import {
  trackingMailKind,
  type EmailKind,
  type TrackingMailKind,
} from '#src/domain/email-kinds.js';
import { personalEffectsDocuments } from '#src/domain/import-charges.js';
import type { TrackingEmailKind } from '#src/domain/tracking.js';
import type { MailAttachment } from '../outbox.js';
import { renderTrackingUpdate, type TrackingUpdateInput } from '../templates/tracking-update.js';
import {
  defineOrderEmail,
  hello,
  type Addressee,
  type EmailOrder,
  type OrderEmailDefinition,
  type Party,
} from '../define-email.js';

/** What a tracking email is about: the shipment, and for a box's problem, the box. */
export interface TrackingEmailSubject {
  reference: string;
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
  /** A missed collection's rebooking for this day that the courier did not make (yyyy-mm-dd). */
  notRebooked?: string;
  /** The expected delivery window when the email was queued (docs/tracking.md); null: none. */
  expectedDelivery?: DeliveryEstimate | null;
}

/** A tracking email's data: its subject, the occasion that keys it, and its turn-off link. */
export interface TrackingEmailData extends TrackingEmailSubject {
  /** What makes this email one event: a box's event, a collection date, a day. */
  occasion: string;
  /** Set for the optional emails: where they are turned off. */
  turnOffUrl?: string;
  /** Files it carries: a moved collection's new labels. */
  attachments?: MailAttachment[];
}

/** What every tracking email's words start from, for the person it goes to. */
export interface Opening {
  hello: string;
  /** The collection day, in words. */
  day: string;
  /** The courier's reason for a box's problem, as a sentence, or nothing. */
  reason: string;
  to: Addressee;
  /** Who sent the boxes, as the recipient knows them: the collection contact's first name. */
  sender: string;
  /**
   * The boxes were declared as personal effects (decision 112): the documents the destination's
   * customs ask for, as the booking confirmation lists them; null otherwise.
   */
  documents: { title: string; items: readonly string[] } | null;
}

export type Wording = Omit<TrackingUpdateInput, 'trackingUrl' | 'turnOffUrl'>;

/** The emails of a moved collection, which the customer cannot turn off: the move, its labels. */
export type MoveEmailKind = 'collection_rebooked' | 'new_labels';

type Name = TrackingEmailKind | MoveEmailKind;

/** What a moved collection's email says of the labels: the new ones, or why the old ones work. */
export function labelsSentence(newLabels: boolean): string {
  return newLabels
    ? 'New labels are attached, showing the new day: print these and use them instead of the ones you have.'
    : 'The labels you have still work (the courier has the new day), but the day printed on them is the old one: we will email you new labels as soon as the courier gives them.';
}

function documentsOf(order: EmailOrder): Opening['documents'] {
  if (!order.personalEffects) return null;
  const relief = personalEffectsDocuments(
    findCountry(order.destinationCountryId)?.countryCode ?? '',
  );
  if (!relief) return null;
  return {
    title: `What the recipient shows customs in ${relief.country} (personal effects)`,
    items: relief.checklist,
  };
}

/**
 * One tracking email (docs/tracking.md, "Emails"): stored as `tracking-<name, hyphenated>`, keyed
 * `tracking:<order id>:<name>:<occasion>` as the tracking job names each occasion.
 */
export function defineTrackingEmail<N extends Name>(
  name: N,
  definition: {
    when: string;
    to: readonly Party[];
    wording: (s: TrackingEmailSubject, o: Opening) => Wording;
  },
): OrderEmailDefinition<TrackingMailKind<N> & EmailKind, TrackingEmailData> & {
  /** Its words for one addressee (its test reads them without a mail around them). */
  wording: (s: TrackingEmailSubject, o: Opening) => Wording;
} {
  const email = defineOrderEmail({
    kind: trackingMailKind(name) as TrackingMailKind<N> & EmailKind,
    when: definition.when,
    to: definition.to,
    replyTo: true,
    key: (order, data: TrackingEmailData) => `tracking:${order.id}:${name}:${data.occasion}`,
    render: (data, { order, to, ...context }) => {
      const opening: Opening = {
        hello: hello(to.firstName),
        day: formatCalendarDate(data.collectionDate),
        reason: data.box?.reason ? ` The courier says: “${data.box.reason}”.` : '',
        to,
        sender: order.collectionAddress?.firstName ?? '',
        documents: documentsOf(order),
      };
      return renderTrackingUpdate(
        {
          ...definition.wording(data, opening),
          trackingUrl: data.trackingUrl,
          ...(data.turnOffUrl && to.party !== 'recipient' ? { turnOffUrl: data.turnOffUrl } : {}),
          ...(data.attachments?.length ? { attachments: data.attachments } : {}),
        },
        context,
      );
    },
  });
  return Object.assign(email, { wording: definition.wording });
}

export function boxes(n: number): string {
  return n === 1 ? 'your box' : `your ${n} boxes`;
}

export function boxName(s: TrackingEmailSubject, midSentence = false): string {
  const name = s.box
    ? s.boxCount > 1
      ? `Box ${s.box.number} of ${s.boxCount} (tracking number ${s.box.trackingNumber})`
      : `Your box (tracking number ${s.box.trackingNumber})`
    : 'Your box';
  return midSentence ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** A box's problem: what happened to which box, and what happens next. */
export function boxProblem(
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

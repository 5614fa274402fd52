import { CHANGES_POLICY } from '#src/domain/booking-changes-policy.js';
import { formatPence } from '#src/domain/money.js';
import { COLLECTION_WINDOW_TEXT, formatPaidAt } from '#src/domain/receipt.js';
import { companyLines } from '#src/domain/company.js';
import { html, link, type SafeHtml } from './html.js';
import {
  button,
  heading,
  framedMail,
  paragraph,
  subheading,
  textLayout,
  type RenderedMail,
} from './layout.js';

/** A postal address as the customer entered it. */
export interface PostalAddress {
  name: string;
  company?: string;
  /** Street lines, first to last. */
  lines: string[];
  city: string;
  county?: string;
  postcode: string;
  /** Country name as shown to the customer, e.g. "United Kingdom", "Germany". */
  country: string;
  phone?: string;
}

/** A PDF the email links to and carries as an attachment. */
export interface AttachedDocument {
  /** What it is, as the link says it: "Labels for A4 paper", "Commercial invoice". */
  title: string;
  /** The attachment's file name, named for what it is: "labels-a4.pdf". */
  filename: string;
  /** Where the customer can download it again. */
  url: string;
  pdf: Uint8Array;
}

/** What the receipt says: what was paid, for what, and when. */
export interface PaymentReceipt {
  amountPence: number;
  paidAt: Date;
  /** "Express collection of 1 small box from the United Kingdom to France". */
  description: string;
  /** What the amount is made of: the service, then "Extra cover to £600" when bought. */
  lines?: { text: string; amountPence: number }[];
  /** The shipment's cover in words: "£600 (£50 included, £550 bought)". */
  cover?: string;
}

/** What the recipient of personal effects shows the destination's customs. */
export interface CustomsChecklist {
  /** The destination, as the customer reads it: "France", "the Netherlands". */
  country: string;
  documents: readonly string[];
  /** Where the relief's conditions are explained (How It Works). */
  infoUrl: string;
}

/** Everything the booking confirmation says, in our words. */
export interface BookingConfirmationInput {
  /** Our order reference (also the courier's YourReference), e.g. "BA-7K2M9Q". */
  orderReference: string;
  /** The collection contact, as the email thanks them. */
  recipient: { name: string; email: string };
  /** The courier's reference of the booking, when it has one of its own. */
  courierReference?: string;
  /** Calendar date of the collection in Europe/London, `YYYY-MM-DD`. */
  collectionDate: string;
  /** Empty when the courier gave none (labels an operator uploaded): no tracking section. */
  trackingUrl: string;
  /** The service chosen, e.g. "Express". */
  service: string;
  receipt: PaymentReceipt;
  /** The labels (the same labels, once per printer format). */
  labels: AttachedDocument[];
  /** The customs documents, e.g. the commercial invoice. */
  documents: AttachedDocument[];
  parcels: { large: number; small: number };
  /**
   * The boxes were declared as the recipient's own used belongings: the documents the
   * destination's customs ask for to grant its relief, one a line (src/domain/import-charges.ts).
   */
  customsChecklist?: CustomsChecklist;
  collectionAddress: PostalAddress;
  deliveryAddress: PostalAddress;
}

export type { RenderedMail };

/** "between 9:00am and 5:30pm": the one collection window (`COLLECTION_HOURS`). */
export const COLLECTION_WINDOW = COLLECTION_WINDOW_TEXT;

export function bookingConfirmationSubject(orderReference: string): string {
  return `Your booking was successful: ${orderReference}`;
}

/** `2026-11-23` → `Monday 23 November 2026`. */
export function formatCalendarDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Not a calendar date: ${isoDate}`);
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a calendar date: ${isoDate}`);
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function parcelSummary(parcels: { large: number; small: number }): string {
  const parts = [];
  if (parcels.large > 0) parts.push(plural(parcels.large, 'large parcel', 'large parcels'));
  if (parcels.small > 0) parts.push(plural(parcels.small, 'small parcel', 'small parcels'));
  return parts.join(' and ') || 'no parcels';
}

function addressLines(address: PostalAddress): string[] {
  return [
    address.name,
    address.company,
    ...address.lines,
    address.city,
    address.county,
    address.postcode,
    address.country,
    address.phone ? `Phone: ${address.phone}` : undefined,
  ].filter((line): line is string => !!line && line.trim() !== '');
}

function addressBlock(title: string, address: PostalAddress): SafeHtml {
  const lines = addressLines(address).map((line, i) => html`${i > 0 ? html`<br />` : ''}${line}`);
  return html`<td valign="top" style="padding:0 12px 12px 0;width:50%;overflow-wrap:anywhere">
    <strong>${title}</strong><br />${lines}
  </td>`;
}

function receiptRows(input: BookingConfirmationInput): [string, string[]][] {
  return [
    ['Amount paid', [formatPence(input.receipt.amountPence)]],
    ['For', [input.receipt.description]],
    ...(input.receipt.lines && input.receipt.lines.length > 1
      ? ([
          [
            'Made up of',
            input.receipt.lines.map((line) => `${line.text}: ${formatPence(line.amountPence)}`),
          ],
        ] as [string, string[]][])
      : []),
    ...(input.receipt.cover ? ([['Cover', [input.receipt.cover]]] as [string, string[]][]) : []),
    ['Paid on', [formatPaidAt(input.receipt.paidAt)]],
    ['Paid by', ['Card']],
    ['Order reference', [input.orderReference]],
    ['Issued by', companyLines()],
  ];
}

/** A table of label and value rows: a real table, so a screen reader reads each pair together. */
function factsTable(label: string, rows: [string, string[]][]): SafeHtml {
  return html`<table
    aria-label="${label}"
    cellspacing="0"
    cellpadding="0"
    style="margin:0 0 12px;border-collapse:collapse"
  >
    ${rows.map(
      ([name, lines]) =>
        html`<tr>
          <th
            scope="row"
            align="left"
            valign="top"
            style="padding:2px 16px 2px 0;font-weight:400;white-space:nowrap"
          >
            ${name}
          </th>
          <td style="padding:2px 0;overflow-wrap:anywhere">
            <strong>${lines.map((line, i) => html`${i > 0 ? html`<br />` : ''}${line}`)}</strong>
          </td>
        </tr>`,
    )}
  </table>`;
}

/**
 * What the email says about the labels: never that a file is attached when none is (one format
 * or two, or none yet).
 */
export function labelsParagraph(labels: readonly AttachedDocument[]): string {
  if (labels.length === 0) {
    return 'Your labels are not attached to this email: they are not ready yet. We will email them to you before your collection day. Reply to this email if they have not arrived the day before.';
  }
  const formats =
    labels.length > 1
      ? 'on A4 paper, or on a thermal label printer. Both are attached to this email as PDF files, with the same labels.'
      : 'it is attached to this email as a PDF file.';
  return `Print a label for each parcel and attach it before the collection: ${formats}`;
}

/** The checklist's first words, the same in the HTML and the text part. */
export function customsChecklistIntro(checklist: CustomsChecklist): string {
  return `You declared these boxes as the recipient’s own used belongings (personal effects). To claim relief from import duty and tax in ${checklist.country}, the recipient shows customs:`;
}

export const CUSTOMS_CHECKLIST_NOTE =
  'The destination’s customs decide whether the goods qualify; without these documents the goods may be charged as a gift would be.';

function customsChecklistSection(checklist: CustomsChecklist): SafeHtml {
  return html`${subheading('Checklist for personal-effects relief')}
    ${paragraph(customsChecklistIntro(checklist))}
    <ul style="margin:0 0 12px;padding-left:0;list-style:none">
      ${checklist.documents.map(
        (doc) => html`<li style="margin:0 0 4px"><span aria-hidden="true">☐ </span>${doc}</li>`,
      )}
    </ul>
    ${paragraph(CUSTOMS_CHECKLIST_NOTE)}
    ${paragraph(html`What the relief needs: ${link(checklist.infoUrl, checklist.infoUrl)}`)}`;
}

function documentLinks(documents: AttachedDocument[]): SafeHtml {
  return html`<ul style="margin:0 0 12px;padding-left:20px">
    ${documents.map((doc) => html`<li style="margin:0 0 4px">${link(doc.url, doc.title)}</li>`)}
  </ul>`;
}

/** The words both parts of the confirmation share. */
interface ConfirmationWords {
  date: string;
  parcels: string;
  amount: string;
  manageUrl: string;
}

export function renderBookingConfirmation(
  input: BookingConfirmationInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const subject = bookingConfirmationSubject(input.orderReference);
  const words: ConfirmationWords = {
    date: formatCalendarDate(input.collectionDate),
    parcels: parcelSummary(input.parcels),
    amount: formatPence(input.receipt.amountPence),
    manageUrl: `${context.siteUrl}/manage-booking`,
  };
  const { date, amount } = words;
  return framedMail(
    {
      subject,
      preheader: `Collection on ${date}, ${COLLECTION_WINDOW}. ${input.service}, ${amount} paid.${input.labels.length > 0 ? ' Your labels are attached.' : ''}`,
      body: confirmationHtml(input, words),
      text: confirmationText(input, words, context.siteUrl),
      attachments: [...input.labels, ...input.documents].map((doc) => ({
        filename: doc.filename,
        contentType: 'application/pdf',
        content: doc.pdf,
      })),
    },
    context,
  );
}

/** The confirmation's HTML body. */
function confirmationHtml(
  input: BookingConfirmationInput,
  { date, parcels, amount, manageUrl }: ConfirmationWords,
): SafeHtml {
  const booking: [string, string[]][] = [
    ['Collection', [`${date}, ${COLLECTION_WINDOW}`]],
    ['Service', [input.service]],
    ...(input.courierReference
      ? [['Courier reference', [input.courierReference]] as [string, string[]]]
      : []),
    ['Amount paid', [amount]],
    ['Large parcels', [String(input.parcels.large)]],
    ['Small parcels', [String(input.parcels.small)]],
  ];
  return html`${heading('Your booking was successful')}
    ${paragraph(html`Thank you, ${input.recipient.name}. Your order reference is <strong>${input.orderReference}</strong>.`)}
    ${subheading('Collection')}
    ${paragraph(html`Our courier will collect <strong>${parcels}</strong> on <strong>${date}</strong>, ${COLLECTION_WINDOW}.`)}
    ${factsTable('Your booking', booking)} ${subheading('Labels')}
    ${paragraph(labelsParagraph(input.labels))}
    ${input.labels.length > 0 ? documentLinks(input.labels) : ''}
    ${
      input.documents.length > 0
        ? html`${subheading('Customs documents')}
          ${paragraph('Also attached: keep a copy, the courier may ask for it.')}
          ${documentLinks(input.documents)}`
        : ''
    }
    ${input.customsChecklist ? customsChecklistSection(input.customsChecklist) : ''}
    ${
      input.trackingUrl
        ? html`${subheading('Tracking')} ${button(input.trackingUrl, 'Track your parcels')}
          ${paragraph(html`Or open this link: ${link(input.trackingUrl, input.trackingUrl)}`)}`
        : ''
    }
    ${subheading('Changes and cancellation')} ${paragraph(CHANGES_POLICY.cancel)}
    ${paragraph(CHANGES_POLICY.change)}
    ${paragraph(html`${CHANGES_POLICY.fixed} Manage my booking: ${link(manageUrl, manageUrl)}`)}
    ${subheading('Addresses')}
    <table role="presentation" width="100%" cellspacing="0" cellpadding="0">
      <tr>
        ${addressBlock('Collection address', input.collectionAddress)}
        ${addressBlock('Delivery address', input.deliveryAddress)}
      </tr>
    </table>
    ${subheading('Receipt')} ${factsTable('Receipt', receiptRows(input))}
    ${paragraph('If anything is wrong, reply to this email and quote your order reference.')}`;
}

/** The confirmation's plain-text part, with the same words. */
function confirmationText(
  input: BookingConfirmationInput,
  { date, parcels, amount, manageUrl }: ConfirmationWords,
  siteUrl: string,
): string {
  return textLayout(
    [
      'Your booking was successful',
      '',
      `Thank you, ${input.recipient.name}. Your order reference is ${input.orderReference}.`,
      '',
      'COLLECTION',
      `Our courier will collect ${parcels} on ${date}, ${COLLECTION_WINDOW}.`,
      `Service: ${input.service}`,
      ...(input.courierReference ? [`Courier reference: ${input.courierReference}`] : []),
      `Amount paid: ${amount}`,
      `Large parcels: ${input.parcels.large}`,
      `Small parcels: ${input.parcels.small}`,
      '',
      'LABELS',
      labelsParagraph(input.labels),
      ...input.labels.map((label) => `- ${label.title}: ${label.url}`),
      ...(input.documents.length > 0
        ? [
            '',
            'CUSTOMS DOCUMENTS',
            'Also attached: keep a copy, the courier may ask for it.',
            ...input.documents.map((doc) => `- ${doc.title}: ${doc.url}`),
          ]
        : []),
      ...(input.customsChecklist
        ? [
            '',
            'CHECKLIST FOR PERSONAL-EFFECTS RELIEF',
            customsChecklistIntro(input.customsChecklist),
            ...input.customsChecklist.documents.map((doc) => `[ ] ${doc}`),
            CUSTOMS_CHECKLIST_NOTE,
            `What the relief needs: ${input.customsChecklist.infoUrl}`,
          ]
        : []),
      '',
      ...(input.trackingUrl ? ['TRACKING', `Track your parcels: ${input.trackingUrl}`, ''] : []),
      'CHANGES AND CANCELLATION',
      CHANGES_POLICY.cancel,
      CHANGES_POLICY.change,
      `${CHANGES_POLICY.fixed} Manage my booking: ${manageUrl}`,
      '',
      'COLLECTION ADDRESS',
      ...addressLines(input.collectionAddress),
      '',
      'DELIVERY ADDRESS',
      ...addressLines(input.deliveryAddress),
      '',
      'RECEIPT',
      ...receiptRows(input).map(([name, lines]) => `${name}: ${lines.join(', ')}`),
      '',
      'If anything is wrong, reply to this email and quote your order reference.',
    ],
    siteUrl,
  );
}

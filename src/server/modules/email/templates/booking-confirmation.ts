import type { MailAttachment } from '../outbox.js';
import { html, link, type SafeHtml } from './html.js';
import { button, heading, layout, paragraph, subheading, textLayout } from './layout.js';

/** A postal address as the customer entered it. */
export interface PostalAddress {
  name: string;
  /** Street lines, first to last. */
  lines: string[];
  city: string;
  county?: string;
  postcode: string;
  /** Country name as shown to the customer, e.g. "United Kingdom", "Germany". */
  country: string;
  phone?: string;
}

export interface ParcelLabel {
  /** Which parcel it goes on, e.g. "Large parcel 1". */
  name: string;
  /** Where the customer can download it again. */
  url: string;
  /** The label itself, attached to the email. */
  pdf: Uint8Array;
}

/** Everything the booking confirmation says, in our words. */
export interface BookingConfirmationInput {
  /** Our order reference (also the courier's YourReference), e.g. "BA-7K2M9Q". */
  orderReference: string;
  /** The collection contact: the email goes to them. */
  recipient: { name: string; email: string };
  /** Calendar date of the collection in Europe/London, `YYYY-MM-DD`. */
  collectionDate: string;
  trackingUrl: string;
  labels: ParcelLabel[];
  parcels: { large: number; small: number };
  collectionAddress: PostalAddress;
  deliveryAddress: PostalAddress;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** "between 9:00am and 5:30pm" (docs/product-rules.md, "Booking wizard"). */
export const COLLECTION_WINDOW = 'between 9:00am and 5:30pm';

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

export function labelFilename(orderReference: string, index: number): string {
  return `${orderReference}-label-${index + 1}.pdf`;
}

export function renderBookingConfirmation(
  input: BookingConfirmationInput,
  context: { siteUrl: string; now: Date },
): RenderedMail {
  const subject = bookingConfirmationSubject(input.orderReference);
  const date = formatCalendarDate(input.collectionDate);
  const parcels = parcelSummary(input.parcels);

  const body = html`${heading('Your booking was successful')}
    ${paragraph(html`Thank you, ${input.recipient.name}. Your order reference is <strong>${input.orderReference}</strong>.`)}
    ${subheading('Collection')}
    ${paragraph(html`Our courier will collect <strong>${parcels}</strong> on <strong>${date}</strong>, ${COLLECTION_WINDOW}.`)}
    <table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 12px">
      <tr>
        <td style="padding:2px 16px 2px 0">Large parcels</td>
        <td style="padding:2px 0"><strong>${input.parcels.large}</strong></td>
      </tr>
      <tr>
        <td style="padding:2px 16px 2px 0">Small parcels</td>
        <td style="padding:2px 0"><strong>${input.parcels.small}</strong></td>
      </tr>
    </table>
    ${subheading('Labels')}
    ${paragraph('Print each label and attach it to its parcel before the collection. The labels are also attached to this email as PDF files.')}
    <ul style="margin:0 0 12px;padding-left:20px">
      ${input.labels.map((label) => html`<li style="margin:0 0 4px">${link(label.url, `Label for ${label.name}`)}</li>`)}
    </ul>
    ${subheading('Tracking')} ${button(input.trackingUrl, 'Track your parcels')}
    ${paragraph(html`Or open this link: ${link(input.trackingUrl, input.trackingUrl)}`)}
    ${subheading('Addresses')}
    <table role="presentation" width="100%" cellspacing="0" cellpadding="0">
      <tr>
        ${addressBlock('Collection address', input.collectionAddress)}
        ${addressBlock('Delivery address', input.deliveryAddress)}
      </tr>
    </table>
    ${paragraph('If anything is wrong, contact us through our website and quote your order reference.')}`;

  const text = textLayout(
    [
      'Your booking was successful',
      '',
      `Thank you, ${input.recipient.name}. Your order reference is ${input.orderReference}.`,
      '',
      'COLLECTION',
      `Our courier will collect ${parcels} on ${date}, ${COLLECTION_WINDOW}.`,
      `Large parcels: ${input.parcels.large}`,
      `Small parcels: ${input.parcels.small}`,
      '',
      'LABELS',
      'Print each label and attach it to its parcel before the collection. The labels are also attached to this email as PDF files.',
      ...input.labels.map((label) => `- Label for ${label.name}: ${label.url}`),
      '',
      'TRACKING',
      `Track your parcels: ${input.trackingUrl}`,
      '',
      'COLLECTION ADDRESS',
      ...addressLines(input.collectionAddress),
      '',
      'DELIVERY ADDRESS',
      ...addressLines(input.deliveryAddress),
      '',
      'If anything is wrong, contact us through our website and quote your order reference.',
    ],
    context.siteUrl,
  );

  return {
    subject,
    html: layout({
      title: subject,
      preheader: `Collection on ${date}, ${COLLECTION_WINDOW}. Your labels are attached.`,
      body,
      siteUrl: context.siteUrl,
      year: context.now.getUTCFullYear(),
    }),
    text,
    attachments: input.labels.map((label, i) => ({
      filename: labelFilename(input.orderReference, i),
      contentType: 'application/pdf',
      content: label.pdf,
    })),
  };
}

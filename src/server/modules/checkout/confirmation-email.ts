import { randomUUID } from 'node:crypto';
import { ORDER_NOT_BOOKED_MESSAGE } from '#src/domain/api/admin/order-extras.js';
import { findCountry } from '#src/domain/countries.js';
import type { OrderAddress } from '#src/domain/order.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { BookingResult } from '../../providers/courier/courier-provider.js';
import type { BookingConfirmationInput, PostalAddress } from '../email/index.js';
import type { OrderRow } from '../orders/index.js';
import { documentPath, type CheckoutDeps } from './checkout-deps.js';
import { receiptOf } from './checkout-status.js';
import { DEFAULT_COVER_SETTINGS } from '#src/domain/pricing.js';
import { coverText } from '#src/domain/receipt.js';
import { IMPORT_CHARGES_INFO_PATH, personalEffectsDocuments } from '#src/domain/import-charges.js';

/** A stored label or customs document as the confirmation email attaches and links it. */
export interface ConfirmationDocument {
  id: string;
  kind: 'label' | 'document';
  content: Uint8Array;
  /** How the email names it (`emailAttachmentOf`). */
  attachment: { title: string; filename: string };
}

/**
 * The booking confirmation of a booked order, with its receipt: the one the booking job sends,
 * and the copy an operator sends again. Links are signed read-only links, so the email works on
 * any device.
 */
export function bookingConfirmationOf(
  deps: Pick<CheckoutDeps, 'mail' | 'orderAccess' | 'tracking'>,
  order: OrderRow,
  documents: readonly ConfirmationDocument[],
): BookingConfirmationInput {
  const { collectionAddress: collection, deliveryAddress: delivery, collectionDate } = order;
  if (!collection || !delivery || !collectionDate) throw new Error('booked order incomplete');
  const receipt = receiptOf(order);
  if (!receipt || !order.bookedAt) throw new Error('booked order has no service, price or time');
  const siteUrl = deps.mail.emails.siteUrl.replace(/\/$/, '');
  const attached = (kind: ConfirmationDocument['kind']) =>
    documents
      .filter((d) => d.kind === kind)
      .map((d) => ({
        ...d.attachment,
        url: deps.orderAccess.readUrl(siteUrl, documentPath(order.id, d.id), order.id),
        pdf: d.content,
      }));
  return {
    orderReference: order.reference,
    recipient: {
      name: `${collection.firstName} ${collection.lastName}`.trim(),
      email: collection.email,
    },
    collectionDate,
    ...(order.courierReference ? { courierReference: order.courierReference } : {}),
    // Our own tracking page (docs/tracking.md), which lasts, rather than the courier's.
    trackingUrl: deps.tracking.trackingUrl(order.id),
    service: receipt.service,
    receipt: {
      amountPence: receipt.amountPence,
      paidAt: order.bookedAt,
      description: receipt.description,
      lines: receipt.lines,
      cover: coverText(receipt.coverPence, DEFAULT_COVER_SETTINGS.includedPence),
    },
    labels: attached('label'),
    documents: attached('document'),
    parcels: { large: order.largeBoxes, small: order.smallBoxes },
    ...customsChecklistOf(order, siteUrl),
    collectionAddress: postal(collection, order.collectionCountryId),
    deliveryAddress: postal(delivery, order.destinationCountryId),
  };
}

/**
 * The documents the destination's customs ask of personal effects, when the order was declared
 * so (decision 112); nothing for a gift.
 */
function customsChecklistOf(
  order: OrderRow,
  siteUrl: string,
): Pick<BookingConfirmationInput, 'customsChecklist'> {
  if (!order.personalEffects) return {};
  const code = findCountry(order.destinationCountryId)?.countryCode ?? '';
  const relief = personalEffectsDocuments(code);
  if (!relief) return {};
  return {
    customsChecklist: {
      country: relief.country,
      documents: relief.checklist,
      infoUrl: `${siteUrl}${IMPORT_CHARGES_INFO_PATH}`,
    },
  };
}

/**
 * How the email names a stored file, from the title it was stored under ("Label (A4)",
 * "Commercial invoice"): the same names the booking's own confirmation used.
 */
export function storedAttachmentOf(
  kind: ConfirmationDocument['kind'],
  title: string,
  index: number,
): { title: string; filename: string } {
  if (kind === 'label')
    return emailAttachmentOf('label', /^Label \((.*)\)$/.exec(title)?.[1] ?? '', index);
  return emailAttachmentOf(
    'document',
    title === 'Commercial invoice' ? 'CommercialInvoice' : title,
    index,
  );
}

/** "Thermal" → "thermal", "Commercial Invoice" → "commercial-invoice". */
function slug(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * How the booking confirmation email names a file it carries: for what it is. The courier gives
 * the same labels once per printer format (A4 paper, a 4×6 in thermal label), so each label file
 * is named for its format; a customs document for its type.
 */
export function emailAttachmentOf(
  kind: 'label' | 'document',
  type: string,
  index: number,
): { title: string; filename: string } {
  if (kind === 'label') {
    if (/^a4$/i.test(type)) return { title: 'Labels for A4 paper', filename: 'labels-a4.pdf' };
    if (/^thermal$/i.test(type)) {
      return {
        title: 'Labels for a thermal label printer (4 × 6 in)',
        filename: 'labels-thermal.pdf',
      };
    }
    const name = slug(type) || String(index + 1);
    return { title: `Labels (${type || index + 1})`, filename: `labels-${name}.pdf` };
  }
  if (type === 'CommercialInvoice') {
    return { title: 'Commercial invoice', filename: 'commercial-invoice.pdf' };
  }
  const name = slug(type) || `document-${index + 1}`;
  return { title: type || `Document ${index + 1}`, filename: `${name}.pdf` };
}

export const ORDER_NOT_BOOKED = { code: 'ORDER_NOT_BOOKED', message: ORDER_NOT_BOOKED_MESSAGE };

export const NO_CONFIRMATION = {
  code: 'NO_CONFIRMATION_EMAIL',
  message:
    'This order has no labels yet: fetch them from the courier or upload them, then send the confirmation.',
} as const;

/**
 * An operator's "send the confirmation again", in the caller's transaction: the order is locked
 * and must be booked; a new copy (its own idempotency key) goes into the outbox.
 */
export async function resendBookingConfirmation(
  deps: CheckoutDeps,
  orderId: string,
  tx: DbTransaction,
): Promise<{ reference: string; mailId: string; to: string }> {
  const order = await deps.orders.lock(orderId, tx);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'booked') {
    throw new ApiError(409, ORDER_NOT_BOOKED.code, ORDER_NOT_BOOKED.message);
  }
  const stored = await deps.repository.documentsWithContent(orderId, tx);
  const documents = stored.map((d, i) => ({
    ...d,
    attachment: storedAttachmentOf(
      d.kind,
      d.title,
      stored.slice(0, i).filter((e) => e.kind === d.kind).length,
    ),
  }));
  if (!documents.some((d) => d.kind === 'label')) {
    // Booked by an operator, and neither the courier nor an operator has given the labels yet.
    throw new ApiError(409, NO_CONFIRMATION.code, NO_CONFIRMATION.message);
  }
  const sent = await deps.mail.emails.send(tx, 'booking-confirmation', order, {
    ...bookingConfirmationOf(deps, order, documents),
    copy: randomUUID(),
  });
  const first = sent[0];
  if (!first) throw new ApiError(409, 'NO_CUSTOMER_EMAIL', 'This order has no email to write to.');
  return { reference: order.reference, mailId: first.id, to: sent.map((s) => s.to).join(', ') };
}

export const NOT_A_PDF = {
  code: 'NOT_A_PDF',
  message:
    'That file is not a PDF: upload the label or document as the courier gave it (a .pdf file).',
} as const;

/**
 * An operator's upload of a label or document the courier could not give us (a booking an
 * operator resolved), in the caller's transaction: the order is locked and must be booked; the
 * file is stored as the booking job stores the courier's, so the console lists it and the
 * confirmation carries it.
 */
export async function addOperatorDocument(
  deps: CheckoutDeps,
  orderId: string,
  upload: { kind: 'label' | 'document'; type: string; pdf: Buffer },
  tx: DbTransaction,
): Promise<{ reference: string; title: string }> {
  const order = await deps.orders.lock(orderId, tx);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'booked') {
    throw new ApiError(409, ORDER_NOT_BOOKED.code, ORDER_NOT_BOOKED.message);
  }
  if (upload.pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new ApiError(422, NOT_A_PDF.code, NOT_A_PDF.message);
  }
  const existing = await deps.repository.documentsWithContent(orderId, tx);
  const [doc] = documentsOf(
    order.reference,
    upload.kind === 'label'
      ? {
          labels: [{ role: 'Primary', format: 'PDF', size: upload.type, content: upload.pdf }],
          documents: [],
        }
      : {
          labels: [],
          documents: [{ documentType: upload.type, format: 'PDF', content: upload.pdf }],
        },
  );
  if (!doc) throw new Error('no document made of the upload');
  await deps.repository.insertDocuments(
    [
      {
        kind: doc.kind,
        title: doc.title,
        content: doc.content,
        filename: `${order.reference}-${upload.kind}-${randomUUID().slice(0, 8)}.pdf`,
        id: randomUUID(),
        orderId,
        position: existing.length,
        contentType: 'application/pdf',
        createdAt: deps.clock.now(),
      },
    ],
    tx,
  );
  return { reference: order.reference, title: doc.title };
}

function postal(address: OrderAddress, countryId: number): PostalAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    ...(address.company ? { company: address.company } : {}),
    lines: address.street2 ? [address.street, address.street2] : [address.street],
    city: address.city,
    ...(address.state ? { county: address.state } : {}),
    postcode: address.postcode,
    country: findCountry(countryId)?.title ?? address.countryTitle,
    phone: address.phone,
  };
}

/** The booking's labels and documents as we keep them, each with how the email names it. */
export function documentsOf(
  reference: string,
  result: Pick<BookingResult, 'labels' | 'documents'>,
) {
  return [
    ...result.labels.map((label, i) => ({
      kind: 'label' as const,
      title: `Label (${label.size || label.format || i + 1})`,
      filename: `${reference}-label-${(label.size || String(i + 1)).toLowerCase()}.pdf`,
      content: label.content,
      attachment: emailAttachmentOf('label', label.size || label.format, i),
    })),
    ...result.documents.map((doc, i) => ({
      kind: 'document' as const,
      title: doc.documentType === 'CommercialInvoice' ? 'Commercial invoice' : doc.documentType,
      filename: `${reference}-${doc.documentType === 'CommercialInvoice' ? 'commercial-invoice' : `document-${i + 1}`}.pdf`,
      content: doc.content,
      attachment: emailAttachmentOf('document', doc.documentType, i),
    })),
  ];
}

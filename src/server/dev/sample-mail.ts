import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { BookingConfirmationInput } from '../modules/email/index.js';

/** A one-page A6 PDF that says it is a sample (never a real courier label). */
export function samplePdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text(title);
    doc.moveDown();
    doc.fontSize(10);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/**
 * A made-up paid booking: Jane Smith in London sends one large box by Express to Max Mustermann
 * in Berlin, with no labels or documents yet. The dev preview and the email tests start from it
 * and change only what they look at.
 */
export function sampleBooking(
  overrides: Partial<BookingConfirmationInput> = {},
): BookingConfirmationInput {
  return {
    orderReference: 'BA-7K2M9Q',
    recipient: { name: 'Jane Smith', email: 'jane@example.com' },
    collectionDate: '2026-11-24',
    trackingUrl: 'https://track.example.com/BA-7K2M9Q',
    service: 'Express',
    receipt: {
      amountPence: 9399,
      paidAt: new Date('2026-11-23T14:05:00Z'),
      description: 'Express collection of 1 large box from the United Kingdom to Germany',
    },
    labels: [],
    documents: [],
    parcels: { large: 1, small: 0 },
    collectionAddress: {
      name: 'Jane Smith',
      lines: ['1 High Street'],
      city: 'London',
      postcode: 'SW1A 1AA',
      country: 'United Kingdom',
    },
    deliveryAddress: {
      name: 'Max Mustermann',
      lines: ['Invalidenstraße 1'],
      city: 'Berlin',
      postcode: '10115',
      country: 'Germany',
    },
    ...overrides,
  };
}

/**
 * A booking confirmation with made-up data and a sample label, to preview the template in the
 * local mailbox (`POST /dev/mail/sample`). Each call has a new order reference.
 */
export async function sampleBookingConfirmation(
  siteUrl: string,
  collectionDate: string,
  paidAt: Date,
): Promise<BookingConfirmationInput> {
  const orderReference = `BA-SAMPLE-${randomBytes(3).toString('hex').toUpperCase()}`;
  const base = siteUrl.replace(/\/$/, '');
  const pdf = await samplePdf('SAMPLE LABEL — not for shipping', [
    `Order ${orderReference}`,
    'Large parcel 1 of 1',
    'From: Jane Smith, SW1A 1AA, United Kingdom',
    'To: Max Mustermann, 10115 Berlin, Germany',
  ]);
  const sample = sampleBooking();
  return sampleBooking({
    orderReference,
    recipient: { name: 'Jane Smith', email: 'jane.smith@example.com' },
    collectionDate,
    trackingUrl: `${base}/track/${orderReference}`,
    receipt: { ...sample.receipt, paidAt },
    labels: [
      {
        title: 'Labels for A4 paper',
        filename: 'labels-a4.pdf',
        url: `${base}/labels/${orderReference}/a4.pdf`,
        pdf,
      },
    ],
    collectionAddress: {
      ...sample.collectionAddress,
      lines: ['10 Downing Street'],
      phone: '+44 20 7946 0000',
    },
  });
}

/**
 * The simulator's PDFs: shipping labels (one page per package, a Code128 barcode of the air
 * waybill number) and the commercial invoice listing the declared items. Real PDFs, made with
 * pdfkit and bwip-js; every page says it is a simulation, not valid for carriage.
 */
import { toBuffer as barcodePng } from 'bwip-js';
import PDFDocument from 'pdfkit';
import { parcelReference } from './parcel-reference.js';

export interface PdfAddress {
  name: string;
  companyName?: string;
  lines: string[];
  city: string;
  county?: string;
  postcode: string;
  country: string;
  telephone?: string;
  email?: string;
}

export interface PdfPackage {
  /**
   * The package's `Weight` as booked: what the courier charges by (our client sends the box's
   * allowance). Printed only on a label whose package declares no goods.
   */
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  items: PdfItem[];
}

export interface PdfItem {
  description: string;
  commodityCode: string;
  countryOfOrigin: string;
  units: number;
  unitValue: number;
  unitWeightKg: number;
}

export interface PdfOrder {
  orderReference: string;
  airWaybill: string;
  yourReference: string;
  serviceName: string;
  carrierName: string;
  collectionDate: string;
  readyFrom: string;
  bookedAt: Date;
  from: PdfAddress;
  to: PdfAddress;
  packages: PdfPackage[];
  currency: string;
  reasonForExport: string;
  /** The shipper's description of the goods (ConsignmentSummary), when it gave one. */
  goodsDescription?: string;
  deliveryInstructions?: string;
}

export type LabelSize = 'A4' | 'Thermal';

/** Page sizes in points: A4, and a 4×6 inch thermal label. */
const PAGE: Record<LabelSize, [number, number]> = { A4: [595.28, 841.89], Thermal: [288, 432] };

const SIMULATION_NOTICE = 'SIMULATED LABEL - NOT VALID FOR CARRIAGE';

function render(
  size: [number, number],
  info: { Title: string; Subject: string; bookedAt: Date },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size,
      margin: 0,
      autoFirstPage: false,
      compress: true,
      info: {
        Title: info.Title,
        Subject: info.Subject,
        Author: 'Courier simulator (BoxAbroad)',
        Creator: 'BoxAbroad courier simulator',
        CreationDate: info.bookedAt,
        ModDate: info.bookedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Kilograms to the gram, as a person reads them: "9.01", "20", "0.125". */
export function formatKilograms(kg: number): string {
  return String(Math.round(kg * 1000) / 1000);
}

/** What a package's declared goods weigh: each line's units × unit weight, to the gram. */
export function declaredWeightKg(pkg: Pick<PdfPackage, 'items'>): number {
  const grams = pkg.items.reduce(
    (sum, item) => sum + Math.round(item.unitWeightKg * 1000) * item.units,
    0,
  );
  return grams / 1000;
}

/**
 * The weight a label prints: the goods the package declares, where it declares any (its
 * `CommodityDetails`), else its booked `Weight`. Never the allowance a customs line could be read
 * against (docs/providers.md, "What is sent where").
 */
export function labelWeight(pkg: PdfPackage): string {
  return pkg.items.length > 0
    ? `Contents declared: ${formatKilograms(declaredWeightKg(pkg))} kg`
    : `Weight: ${formatKilograms(pkg.weightKg)} kg`;
}

function addressLines(address: PdfAddress): string[] {
  return [
    address.name,
    ...(address.companyName ? [address.companyName] : []),
    ...address.lines,
    [address.city, address.county].filter(Boolean).join(', '),
    address.postcode,
    address.country.toUpperCase(),
  ].filter((line) => line.trim() !== '');
}

/** The label PDF: one page per package, each with the air waybill as a Code128 barcode. */
export async function renderLabelPdf(order: PdfOrder, labelSize: LabelSize): Promise<Buffer> {
  const barcode = await barcodePng({
    bcid: 'code128',
    text: order.airWaybill,
    scale: 3,
    height: 16,
    includetext: true,
    textxalign: 'center',
    textsize: 11,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  const barcodeUrl = `data:image/png;base64,${barcode.toString('base64')}`;
  const [width, height] = PAGE[labelSize];
  const s = labelSize === 'A4' ? 1 : 0.5; // scale of type and spacing
  const m = 36 * s + (labelSize === 'A4' ? 0 : 4); // margin
  const count = order.packages.length;

  return render(
    [width, height],
    {
      Title: `Label ${order.airWaybill} (${order.orderReference})`,
      Subject: `${order.serviceName}, ${count} package${count === 1 ? '' : 's'}`,
      bookedAt: order.bookedAt,
    },
    (doc) => {
      order.packages.forEach((pkg, index) =>
        drawLabelPage(doc, order, { pkg, index, size: [width, height], s, m, barcodeUrl }),
      );
    },
  );
}

/**
 * One package's label: the carrier's band, the package's number, both addresses, the booking's
 * details and the air waybill's barcode. `s`: the scale of type and spacing; `m`: the margin.
 */
function drawLabelPage(
  doc: PDFKit.PDFDocument,
  order: PdfOrder,
  page: {
    pkg: PdfOrder['packages'][number];
    index: number;
    size: [number, number];
    s: number;
    m: number;
    barcodeUrl: string;
  },
): void {
  const { pkg, index, s, m, barcodeUrl } = page;
  const [width, height] = page.size;
  const inner = width - 2 * m;
  const count = order.packages.length;
  doc.addPage({ size: [width, height], margin: 0 });
  let y = m;
  doc.rect(m, y, inner, 40 * s + 8).fill('#000');
  doc
    .fillColor('#fff')
    .font('Helvetica-Bold')
    .fontSize(20 * s + 4)
    .text(order.carrierName, m + 8, y + 8 * s + 2, { width: inner / 2 });
  doc.fontSize(12 * s + 3).text(order.serviceName, m + inner / 2, y + 8 * s + 2, {
    width: inner / 2 - 8,
    align: 'right',
  });
  y += 40 * s + 16;

  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(26 * s + 4);
  doc.text(`Package ${index + 1} of ${count}`, m, y, { width: inner });
  y += 34 * s + 8;

  y = drawLabelAddresses(doc, order, { s, m, inner, y });

  doc
    .moveTo(m, y)
    .lineTo(m + inner, y)
    .lineWidth(1)
    .stroke();
  y += 8 * s + 2;
  const details = [
    `Order: ${order.orderReference}    Your ref: ${order.yourReference}`,
    `Air waybill: ${order.airWaybill}    Piece ${index + 1}/${count}: ${parcelReference(order.airWaybill, index)}`,
    `${labelWeight(pkg)}    Size: ${pkg.lengthCm} x ${pkg.widthCm} x ${pkg.heightCm} cm`,
    `Collection: ${order.collectionDate} from ${order.readyFrom}`,
    ...(order.deliveryInstructions ? [`Instructions: ${order.deliveryInstructions}`] : []),
  ];
  doc
    .font('Helvetica')
    .fontSize(9 * s + 3)
    .text(details.join('\n'), m, y, { width: inner });
  y = doc.y + 14 * s + 4;

  const barcodeWidth = Math.min(inner, 300 * s + 80);
  // As a data URL (a string), pdfkit embeds the image once and reuses it on every page.
  doc.image(barcodeUrl, m + (inner - barcodeWidth) / 2, y, { width: barcodeWidth });

  doc
    .font('Helvetica-Bold')
    .fontSize(8 * s + 3)
    .fillColor('#b00')
    .text(SIMULATION_NOTICE, m, height - m - 12 * s - 4, { width: inner, align: 'center' })
    .fillColor('#000');
}

/** The sender's and the recipient's addresses side by side (the recipient's larger). */
function drawLabelAddresses(
  doc: PDFKit.PDFDocument,
  order: PdfOrder,
  { s, m, inner, y }: { s: number; m: number; inner: number; y: number },
): number {
  const column = (title: string, address: PdfAddress, x: number, w: number, big: boolean) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9 * s + 3)
      .text(title, x, y, { width: w });
    doc
      .font(big ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize((big ? 13 : 10) * s + 3)
      .text(addressLines(address).join('\n'), x, y + 12 * s + 4, { width: w });
    return doc.y;
  };
  const half = inner / 2 - 6;
  const endFrom = column('FROM (SENDER)', order.from, m, half, false);
  const endTo = column('TO (RECIPIENT)', order.to, m + inner / 2 + 6, half, true);
  return Math.max(endFrom, endTo) + 14 * s;
}

function money(value: number, currency: string): string {
  return `${currency} ${value.toFixed(2)}`;
}

/** The commercial invoice: exporter, consignee, and every declared item with its HS code. */
export async function renderCommercialInvoicePdf(order: PdfOrder): Promise<Buffer> {
  const [width] = PAGE.A4;
  const m = 42;
  const inner = width - 2 * m;
  const items = order.packages.flatMap((pkg, index) =>
    pkg.items.map((item) => ({ ...item, packageNumber: index + 1 })),
  );
  const totalValue = items.reduce((sum, item) => sum + item.units * item.unitValue, 0);
  // The goods as declared, line by line: never the packages' booked weights (the boxes'
  // allowances, what the courier charges by), which are not what the parcels hold.
  const totalWeight = order.packages.reduce((sum, pkg) => sum + declaredWeightKg(pkg), 0);

  return render(
    PAGE.A4,
    {
      Title: `Commercial invoice ${order.orderReference}`,
      Subject: `Commercial invoice for air waybill ${order.airWaybill}`,
      bookedAt: order.bookedAt,
    },
    (doc) => {
      doc.addPage({ size: PAGE.A4, margin: m });
      let y = drawInvoiceHeader(doc, order, { m, inner, totalWeight });
      y = drawInvoiceItems(doc, items, { m, inner, y });
      drawInvoiceTotal(doc, order, { m, inner, y, totalValue });
    },
  );
}

type InvoiceItem = PdfOrder['packages'][number]['items'][number] & { packageNumber: number };

/** The invoice's title, the booking's details, the exporter and the consignee; where it ends. */
function drawInvoiceHeader(
  doc: PDFKit.PDFDocument,
  order: PdfOrder,
  { m, inner, totalWeight }: { m: number; inner: number; totalWeight: number },
): number {
  doc.font('Helvetica-Bold').fontSize(20).text('COMMERCIAL INVOICE', m, m, { width: inner });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      [
        `Invoice date: ${order.bookedAt.toISOString().slice(0, 10)}`,
        `Order reference: ${order.orderReference}    Your reference: ${order.yourReference}`,
        `Air waybill: ${order.airWaybill}    Carrier: ${order.carrierName}, ${order.serviceName}`,
        `Reason for export: ${order.reasonForExport}    Currency: ${order.currency}`,
        ...(order.goodsDescription ? [`Description of goods: ${order.goodsDescription}`] : []),
        `Packages: ${order.packages.length}    Total net weight: ${formatKilograms(totalWeight)} kg (the goods as declared, packaging not included)`,
      ].join('\n'),
    );
  const top = doc.y + 12;
  const half = inner / 2 - 8;
  doc.font('Helvetica-Bold').fontSize(10).text('EXPORTER / SENDER', m, top, { width: half });
  doc.font('Helvetica').text(addressLines(order.from).join('\n'), { width: half });
  const endLeft = doc.y;
  doc.font('Helvetica-Bold').text('CONSIGNEE / RECIPIENT', m + inner / 2 + 8, top, { width: half });
  doc.font('Helvetica').text(addressLines(order.to).join('\n'), { width: half });
  return Math.max(endLeft, doc.y) + 16;
}

/** The declared items, a row each, continued on a new page when one is full; where it ends. */
function drawInvoiceItems(
  doc: PDFKit.PDFDocument,
  items: InvoiceItem[],
  place: { m: number; inner: number; y: number },
): number {
  const { m, inner } = place;
  let y = place.y;
  const columns = [
    { title: 'Pkg', width: 28, align: 'left' as const },
    { title: 'Description', width: 140, align: 'left' as const },
    { title: 'HS code', width: 58, align: 'left' as const },
    { title: 'Origin', width: 36, align: 'left' as const },
    { title: 'Qty', width: 28, align: 'right' as const },
    { title: 'Unit value', width: 56, align: 'right' as const },
    { title: 'Total', width: 58, align: 'right' as const },
    { title: 'Unit kg', width: 44, align: 'right' as const },
    { title: 'Total kg', width: 63, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    let x = m;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const column = columns[i] ?? { width: 40, align: 'left' as const };
      doc.text(cell, x + 2, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    y = bottom + 4;
    if (y > 760) {
      doc.addPage({ size: PAGE.A4, margin: m });
      y = m;
    }
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  doc
    .moveTo(m, y - 2)
    .lineTo(m + inner, y - 2)
    .stroke();
  for (const item of items) {
    row(
      [
        String(item.packageNumber),
        item.description,
        item.commodityCode,
        item.countryOfOrigin,
        String(item.units),
        item.unitValue.toFixed(2),
        (item.units * item.unitValue).toFixed(2),
        formatKilograms(item.unitWeightKg),
        formatKilograms(declaredWeightKg({ items: [item] })),
      ],
      false,
    );
  }
  return y;
}

/** The total declared value, the declaration and its signature, and the simulation notice. */
function drawInvoiceTotal(
  doc: PDFKit.PDFDocument,
  order: PdfOrder,
  place: { m: number; inner: number; y: number; totalValue: number },
): void {
  const { m, inner, totalValue } = place;
  let y = place.y;
  doc
    .moveTo(m, y)
    .lineTo(m + inner, y)
    .stroke();
  y += 6;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Total declared value: ${money(totalValue, order.currency)}`, m, y, {
      width: inner,
      align: 'right',
    });
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(9)
    .text(
      'I declare that the information on this invoice is true and correct and that the contents of this shipment are as stated above.',
      m,
      doc.y,
      { width: inner },
    )
    .moveDown(2)
    .text(`Signed: ${order.from.name}        Date: ${order.bookedAt.toISOString().slice(0, 10)}`)
    .moveDown(2)
    .font('Helvetica-Bold')
    .fillColor('#b00')
    .text('SIMULATED DOCUMENT - NOT VALID FOR CUSTOMS', { width: inner, align: 'center' })
    .fillColor('#000');
}

/** Every PDF a booking gives back: the labels in both sizes and the commercial invoice. */
export interface BookingDocuments {
  labelA4: Buffer;
  labelThermal: Buffer;
  invoice: Buffer;
}

/** The documents of one booking, as BookShipment answers them. */
export async function renderBookingDocuments(order: PdfOrder): Promise<BookingDocuments> {
  const [labelA4, labelThermal, invoice] = await Promise.all([
    renderLabelPdf(order, 'A4'),
    renderLabelPdf(order, 'Thermal'),
    renderCommercialInvoicePdf(order),
  ]);
  return { labelA4, labelThermal, invoice };
}

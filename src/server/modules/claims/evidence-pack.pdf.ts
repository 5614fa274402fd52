/**
 * The evidence pack (docs/claims.md, "Evidence pack"): one PDF an operator sends to the
 * courier's claims portal, with the order's declaration, the cover in force, the box's tracking
 * history, the claim and its photos. JPEG and PNG photos are shown one a page; HEIC photos and
 * PDF files are listed by name (the courier's portal takes them as they are).
 */
import PDFDocument from 'pdfkit';
import type { ClaimView } from '#src/domain/api/claims.js';
import type { TrackingEventView } from '#src/domain/api/tracking.js';
import { CLAIM_EVIDENCE_KINDS, type ClaimEvidenceKind } from '#src/domain/claims.js';
import { COMPANY } from '#src/domain/company.js';
import { formatPence } from '#src/domain/money.js';

export interface EvidencePackInput {
  claim: ClaimView;
  generatedAt: Date;
  declaration: { name: string; description: string; units: number; unitValuePence: number }[];
  cover: { coverPence: number; includedPence: number };
  /** The claimed box's tracking events, oldest first. */
  tracking: TrackingEventView[];
  files: { name: string; kind: ClaimEvidenceKind; type: string; bytes: Uint8Array }[];
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;

/** "30 Nov 2026, 10:00" in Europe/London. */
function when(iso: string | Date): string {
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
}

function line(doc: PDFKit.PDFDocument, text: string): void {
  doc.text(text, { width: WIDTH });
}

function claimSection(doc: PDFKit.PDFDocument, claim: ClaimView): void {
  heading(doc, 'The claim');
  line(doc, `Kind: ${claim.kind === 'lost' ? 'lost box' : 'damaged box'} (box ${claim.boxNumber})`);
  line(doc, `Tracking number: ${claim.trackingNumber}`);
  line(doc, `State: ${claim.label}; submitted ${when(claim.submittedAt)}`);
  if (claim.courierClaimReference)
    line(doc, `Courier's claim reference: ${claim.courierClaimReference}`);
  line(doc, `What happened: ${claim.description}`);
  doc.moveDown(0.4);
  for (const l of claim.lines) {
    const why = l.excluded ? ` (${l.excluded.reason})` : '';
    line(
      doc,
      `${l.units} × ${l.name}: declared ${formatPence(l.declaredPence)}, claimable ${formatPence(l.payablePence)}${why}`,
    );
  }
  line(
    doc,
    `Items declared: ${formatPence(claim.itemsPence)}; the claim can pay ${formatPence(claim.payablePence)}`,
  );
  if (claim.decision) {
    const amount =
      claim.decision.amountPence === null ? '' : ` ${formatPence(claim.decision.amountPence)}`;
    line(doc, `Decision:${amount} ${claim.decision.reason}`);
  }
  heading(doc, 'Timeline');
  for (const e of claim.events) line(doc, `${when(e.at)} (${e.by}): ${e.text}`);
}

function declarationSection(doc: PDFKit.PDFDocument, input: EvidencePackInput): void {
  heading(doc, 'Declaration of the order');
  let total = 0;
  for (const item of input.declaration) {
    const value = item.units * item.unitValuePence;
    total += value;
    line(
      doc,
      `${item.units} × ${item.name} (${item.description}) at ${formatPence(item.unitValuePence)}: ${formatPence(value)}`,
    );
  }
  line(doc, `Declared value: ${formatPence(total)}`);
  heading(doc, 'Cover in force');
  line(
    doc,
    `Cover to ${formatPence(input.cover.coverPence)} (${formatPence(input.cover.includedPence)} included with every booking).`,
  );
}

function trackingSection(doc: PDFKit.PDFDocument, events: TrackingEventView[]): void {
  heading(doc, 'Tracking history of the box');
  if (events.length === 0) line(doc, 'The courier has reported no event for this box.');
  for (const e of events) {
    const where = e.location ? `, ${e.location}` : '';
    const why = e.reason ? ` (${e.reason})` : '';
    line(doc, `${when(e.at)}${where}: ${e.description}${why}`);
  }
}

/** One page per JPEG or PNG; the others listed by name on the files page. */
function filesSection(doc: PDFKit.PDFDocument, files: EvidencePackInput['files']): void {
  heading(doc, 'Evidence files');
  if (files.length === 0) line(doc, 'No file was sent with this claim.');
  const shown: typeof files = [];
  for (const file of files) {
    const photo = file.type === 'jpeg' || file.type === 'png';
    if (photo) shown.push(file);
    const note = photo ? 'shown on the pages that follow' : 'sent separately (not shown here)';
    line(doc, `${CLAIM_EVIDENCE_KINDS[file.kind]}: ${file.name} (${note})`);
  }
  for (const file of shown) {
    doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`${CLAIM_EVIDENCE_KINDS[file.kind]}: ${file.name}`);
    doc.moveDown(0.5);
    try {
      doc.image(Buffer.from(file.bytes), { fit: [WIDTH, 650], align: 'center' });
    } catch {
      doc.font('Helvetica').fontSize(10).text('This photo could not be shown: send it separately.');
    }
  }
}

/** The evidence pack's PDF bytes. */
export function evidencePackPdf(input: EvidencePackInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      compress: true,
      info: {
        Title: `Claim evidence: ${input.claim.reference}, box ${input.claim.boxNumber}`,
        Author: COMPANY.legalName,
        CreationDate: input.generatedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .text(`Claim evidence: booking ${input.claim.reference}`);
      doc.font('Helvetica').fontSize(10);
      line(doc, `${COMPANY.legalName}. Made ${when(input.generatedAt)} (UK time).`);
      claimSection(doc, input.claim);
      declarationSection(doc, input);
      trackingSection(doc, input.tracking);
      filesSection(doc, input.files);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

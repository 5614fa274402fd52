import { describe, expect, it } from 'vitest';
import { emailAttachmentOf } from './confirmation-email.js';

describe('the booking confirmation email names each file for what it is', () => {
  it('names the two label files for their printers, not label-1 and label-2', () => {
    expect(emailAttachmentOf('label', 'A4', 0)).toEqual({
      title: 'Labels for A4 paper',
      filename: 'labels-a4.pdf',
    });
    expect(emailAttachmentOf('label', 'Thermal', 1)).toEqual({
      title: 'Labels for a thermal label printer (4 × 6 in)',
      filename: 'labels-thermal.pdf',
    });
  });

  it('names the commercial invoice', () => {
    expect(emailAttachmentOf('document', 'CommercialInvoice', 0)).toEqual({
      title: 'Commercial invoice',
      filename: 'commercial-invoice.pdf',
    });
  });

  it('names a format or document type it does not know after the type', () => {
    expect(emailAttachmentOf('label', 'Letter', 2).filename).toBe('labels-letter.pdf');
    expect(emailAttachmentOf('label', '', 2).filename).toBe('labels-3.pdf');
    expect(emailAttachmentOf('document', 'ExportDeclaration', 0)).toEqual({
      title: 'ExportDeclaration',
      filename: 'export-declaration.pdf',
    });
  });
});

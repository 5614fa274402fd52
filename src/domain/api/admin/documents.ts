import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';

/** An order's labels and documents: the list, a download, and an operator's upload. */

export const AdminOrderDocumentSchema = z.object({
  kind: z.enum(['label', 'document']),
  title: z.string(),
  filename: z.string(),
  url: z.string(),
});

export const listAdminOrderDocuments = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/documents',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'An order’s labels and documents, with their download links',
  ...ONE_ORDER,
  responses: {
    200: z.object({ documents: z.array(AdminOrderDocumentSchema) }).describe('The documents'),
    ...ORDER_ERRORS,
  },
});

export const getAdminOrderDocument = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/documents/:documentId',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'A label or document of an order (PDF)',
  params: ONE_ORDER.params.extend({ documentId: z.uuid() }),
  replyMediaType: 'application/pdf',
  notFound: ONE_ORDER.notFound,
  responses: {
    200: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .meta({ type: 'string', format: 'binary' })
      .describe('The PDF'),
    ...ADMIN_ERRORS,
    404: apiError('No such order (ORDER_NOT_FOUND) or document (DOCUMENT_NOT_FOUND)'),
  },
});

/** Largest PDF an operator uploads: a courier's labels for five boxes are well under 1 MB. */
export const MAX_UPLOAD_PDF_BYTES = 3 * 1024 * 1024;

export const uploadAdminOrderDocument = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/documents',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Add a label or document the courier could not give (a booked order)',
  description:
    'For an order an operator resolved as booked whose labels the courier could not give: the PDF (base64), a label (its format, e.g. `A4` or `Thermal`) or a document (its type, e.g. `CommercialInvoice`). Stored as the courier’s would be: the console lists it and the confirmation email carries it (send it with `confirmation-email`).',
  ...ONE_ORDER,
  body: z.object({
    kind: z.enum(['label', 'document']),
    type: z.string().trim().min(1, 'Say the label’s format or the document’s type').max(40),
    pdfBase64: z
      .string()
      .min(1, 'Choose a PDF file')
      .max(Math.ceil(MAX_UPLOAD_PDF_BYTES / 3) * 4, 'The file is larger than 3 MB'),
  }),
  responses: {
    200: z
      .object({ documents: z.array(AdminOrderDocumentSchema) })
      .describe('The order’s documents'),
    ...ORDER_ERRORS,
    409: apiError('The order is not booked (ORDER_NOT_BOOKED)'),
    422: apiError('Not a PDF (NOT_A_PDF), or a missing field (VALIDATION_FAILED)'),
  },
});

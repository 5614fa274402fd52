import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';

/**
 * An order's extras on its console page: its labels and documents (the list, a download, an
 * operator's upload), its internal notes (operators only ever see them), and the emails an
 * operator sends its customer (the confirmation again, "try again").
 */

// Labels and documents ---------------------------------------------------------------------------

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

// Internal notes ---------------------------------------------------------------------------------

export const NOTE_MESSAGE = 'Write the note (1 to 2,000 characters)';

export const OrderNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  adminEmail: z.string(),
  body: z.string(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const listAdminOrderNotes = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/orders/:id/notes',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'An order’s internal notes, newest first',
  ...ONE_ORDER,
  responses: {
    200: z.object({ notes: z.array(OrderNoteSchema) }).describe('The notes'),
    ...ORDER_ERRORS,
  },
});

export const addAdminOrderNote = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/notes',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Add an internal note to an order (operators only ever see it)',
  ...ONE_ORDER,
  body: z.object({
    body: z.string({ message: NOTE_MESSAGE }).trim().min(1, NOTE_MESSAGE).max(2000, NOTE_MESSAGE),
  }),
  responses: {
    201: z.object({ notes: z.array(OrderNoteSchema) }).describe('The notes, the new one first'),
    ...ORDER_ERRORS,
    422: apiError('An empty or too long note (VALIDATION_FAILED)'),
  },
});

// Emails to the customer -------------------------------------------------------------------------

export const ORDER_NOT_BOOKED_MESSAGE =
  'Only a booked order has a confirmation email to send again.';

export const resendAdminConfirmation = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/confirmation-email',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Send a booked order’s confirmation email again',
  description:
    'Queues a new copy of the booking confirmation (labels attached) through the outbox, to whom the confirmation goes: the person who booked, the account holder and the collection contact, each once (`to` lists them, the first copy is `mailId`). Booked orders only, checked under the order’s row lock.',
  ...ONE_ORDER,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string() })
      .describe('The queued email and its recipient'),
    ...ORDER_ERRORS,
    409: apiError(
      'The order is not booked (ORDER_NOT_BOOKED), or was marked booked without the courier’s labels (NO_CONFIRMATION_EMAIL)',
    ),
  },
});

/** How long the link in "Ask the customer to try again" works (once): mail is read late. */
export const PAY_AGAIN_LINK_DAYS = 7;

export const askAdminOrderPayAgain = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/pay-again-request',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Ask the customer of an order whose booking failed to try again',
  description:
    'For a `booking_failed` order (its card hold already released, so booking again needs a new payment): emails the person who booked, through the outbox, that the booking did not go through and they were not charged, with a single-use link (' +
    `${PAY_AGAIN_LINK_DAYS} days` +
    ') that gives their browser the order back to pay again. Checked under the order’s row lock; audited as `order.ask_to_pay_again`. Each request sends one email.',
  ...ONE_ORDER,
  responses: {
    200: z
      .object({ mailId: z.string(), to: z.string(), linkExpiresAt: z.string() })
      .describe('The queued email, its recipient and when its link stops working'),
    ...ORDER_ERRORS,
    409: apiError(
      'The order’s booking has not failed (ORDER_NOT_BOOKING_FAILED), or it has no email (NO_CUSTOMER_EMAIL)',
    ),
  },
});

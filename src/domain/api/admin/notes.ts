import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { CONSOLE_TAG, ONE_ORDER, ORDER_ERRORS } from './console.js';

/** An order's internal notes (operators only ever see them). */

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

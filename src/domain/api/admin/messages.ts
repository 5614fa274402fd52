import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** "Contact us" messages: the list by read state, and marking one read or unread. */

export const AdminMessageSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  newsOptIn: z.boolean(),
  /** When an operator marked it read; null while unread. */
  readAt: z.string().nullable(),
  /** The orders the message names by their reference ("BA-…"), those that exist. */
  orders: z.array(z.object({ id: z.string(), reference: z.string() })),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const MESSAGE_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const ADMIN_MESSAGES_PAGE = 100;

export const listAdminMessages = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/messages',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Contact form messages, newest first',
  description:
    'The 100 newest messages of the filter (`all`, `unread` or `read`) and how many are unread.',
  query: z.object({ filter: z.enum(MESSAGE_FILTERS).default('all') }),
  responses: {
    200: z
      .object({ messages: z.array(AdminMessageSchema), unread: z.number().int() })
      .describe('The messages'),
    ...ADMIN_ERRORS,
    422: apiError('An unknown filter (VALIDATION_FAILED)'),
  },
});

const MESSAGE_NOT_FOUND = { code: 'MESSAGE_NOT_FOUND', message: 'There is no such message.' };

export const markAdminMessage = defineRoute({
  method: 'PUT',
  path: '/api/v1/admin/messages/:id/read',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Mark a contact message read or unread',
  params: z.object({ id: z.uuid() }),
  body: z.object({ read: z.boolean() }),
  notFound: MESSAGE_NOT_FOUND,
  responses: {
    200: AdminMessageSchema.describe('The message after the change'),
    ...ADMIN_ERRORS,
    404: apiError('No such message (MESSAGE_NOT_FOUND)'),
  },
});

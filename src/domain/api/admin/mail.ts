import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** The mail outbox: the list by state, and sending a failed or unknown email again. */

/** How the console groups the outbox: waiting is pending or being sent now. */
export const MAIL_FILTERS = ['all', 'waiting', 'held', 'sent', 'failed', 'unknown'] as const;
export type MailFilter = (typeof MAIL_FILTERS)[number];
export const ADMIN_MAIL_PAGE = 100;

export const AdminMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** `held`: waiting when a backup was restored, sent or discarded only by an operator. */
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'unknown', 'held', 'discarded']),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  /** The mail server's id for the message (from its "250 … queued as ID"), once sent. */
  serverQueueId: z.string().nullable(),
});
export type AdminMail = z.infer<typeof AdminMailSchema>;

export const listAdminMail = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/mail',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The mail outbox, newest first',
  description:
    'The 100 newest emails of the filter: `waiting` (queued or being sent), `held` (waiting when a backup was restored: an operator sends or discards each), `sent`, `failed`, `unknown` (the server may or may not have it), or `all`; and how many there are of each.',
  query: z.object({ filter: z.enum(MAIL_FILTERS).default('all') }),
  responses: {
    200: z
      .object({
        mail: z.array(AdminMailSchema),
        counts: z.object({
          waiting: z.number().int(),
          held: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          unknown: z.number().int(),
        }),
      })
      .describe('The outbox'),
    ...ADMIN_ERRORS,
    422: apiError('An unknown filter (VALIDATION_FAILED)'),
  },
});

export const MAIL_NOT_RETRYABLE_MESSAGE =
  'This email is no longer in the state you saw: it may already have been sent again. The list now shows it as it is.';

export const MAIL_MAY_ARRIVE_TWICE_MESSAGE =
  'The mail server may already have delivered this email: sending it again may give the recipient two copies. Confirm that you want to send it again anyway.';

export const retryAdminMail = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/mail/:id/retry',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Send a failed or held email, or one whose delivery is unknown',
  description:
    '`expected` is the state the operator saw: `failed` (retry), `held` (send an email a restore held: the recipient may have had it from the site before the restore) or `unknown` (send again: the recipient may then get it twice, so `mayArriveTwice: true` must say the operator accepts that). The email is queued at once, checked and changed under its row lock, so a second click is refused rather than sending twice.',
  params: z.object({ id: z.uuid() }),
  body: z.object({
    expected: z.enum(['failed', 'unknown', 'held']),
    /** Required (true) to send an `unknown` email again: it may then arrive twice. */
    mayArriveTwice: z.boolean().optional(),
  }),
  notFound: { code: 'MAIL_NOT_FOUND', message: 'There is no such email.' },
  responses: {
    200: AdminMailSchema.describe('The email, queued again'),
    ...ADMIN_ERRORS,
    404: apiError('No such email (MAIL_NOT_FOUND)'),
    409: apiError(
      'The email is not in the expected state any more (MAIL_NOT_RETRYABLE), or it is `unknown` and `mayArriveTwice` was not confirmed (MAIL_MAY_ARRIVE_TWICE)',
    ),
  },
});

export const discardAdminMail = defineRoute({
  method: 'POST',
  path: '/api/v1/admin/mail/:id/discard',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Discard an email a restore held',
  description:
    'An email that was waiting when a backup was restored (`held`) is never sent: the operator decided the recipient had it already, or needs it no more. Checked and changed under its row lock, recorded in the audit log.',
  params: z.object({ id: z.uuid() }),
  body: z.object({ expected: z.literal('held') }),
  notFound: { code: 'MAIL_NOT_FOUND', message: 'There is no such email.' },
  responses: {
    200: AdminMailSchema.describe('The email, discarded'),
    ...ADMIN_ERRORS,
    404: apiError('No such email (MAIL_NOT_FOUND)'),
    409: apiError('The email is not held any more (MAIL_NOT_RETRYABLE)'),
  },
});

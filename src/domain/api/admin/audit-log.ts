import { z } from '../../zod.js';
import { apiError, defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** The audit log: every operator action, written in the action's own transaction. */

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const listAuditLog = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/audit-log',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'Operator actions, newest first',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    subject: z.string().max(200).optional(),
  }),
  responses: {
    200: z.object({ entries: z.array(AuditEntrySchema) }).describe('The latest actions'),
    ...ADMIN_ERRORS,
    422: apiError('A limit out of range (VALIDATION_FAILED)'),
  },
});

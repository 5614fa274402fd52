import { z } from '../../zod.js';
import { defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** What a restore's reconciliation found (decision 141), as the console shows it. */

/** What became of one order whose booking was waiting or in flight when the backup was taken. */
export const RESTORED_BOOKING_OUTCOMES = ['booked', 'to_book', 'needs_attention'] as const;
/** What became of one payment whose capture or release was waiting. */
export const RESTORED_PAYMENT_OUTCOMES = ['captured', 'cancelled', 'unchanged'] as const;

export const RestoreOutcomeSchema = z.object({
  bookings: z.array(
    z.object({
      orderId: z.string(),
      reference: z.string(),
      /** The order's state in the backup. */
      was: z.string(),
      /** The courier's references booked under ours. */
      found: z.array(z.string()),
      outcome: z.enum(RESTORED_BOOKING_OUTCOMES),
    }),
  ),
  payments: z.array(
    z.object({
      paymentId: z.string(),
      orderId: z.string(),
      was: z.string(),
      /** The payment's state at the card provider. */
      provider: z.string(),
      outcome: z.enum(RESTORED_PAYMENT_OUTCOMES),
    }),
  ),
  /** Refunds waiting: each asks the card provider for its own before sending (decision 104). */
  refundsWaiting: z.number().int(),
  /** Emails held for an operator to send or discard. */
  heldEmails: z.number().int(),
});
export type RestoreOutcome = z.infer<typeof RestoreOutcomeSchema>;

export const AdminRestoreSchema = z.object({
  restoredAt: z.string(),
  backupTakenAt: z.string().nullable(),
  backupFile: z.string(),
  /** Null while the reconciliation has not finished: no courier, card or mail job runs. */
  reconciledAt: z.string().nullable(),
  outcome: RestoreOutcomeSchema.nullable(),
});
export type AdminRestore = z.infer<typeof AdminRestoreSchema>;

export const getAdminRestore = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/restore',
  access: 'operator',
  tag: CONSOLE_TAG,
  summary: 'The last restore of this site’s data and what its reconciliation found',
  description:
    'The newest restore (`npm run restore`), or null: when the backup was taken, and once reconciled, each order whose booking was waiting (what the courier had under our reference, and what became of it), each payment waiting to be captured or released (its state at the card provider) and how many emails were held.',
  responses: {
    200: z.object({ restore: AdminRestoreSchema.nullable() }).describe('The last restore'),
    ...ADMIN_ERRORS,
  },
});

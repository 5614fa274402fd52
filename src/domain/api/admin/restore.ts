import { z } from '../../zod.js';
import { defineRoute } from '../define-route.js';
import { ADMIN_ERRORS, CONSOLE_TAG } from './console.js';

/** What a restore's reconciliation found (decision 141), as the console shows it. */

/** What became of one order whose booking was waiting or in flight when the backup was taken. */
export const RESTORED_BOOKING_OUTCOMES = ['booked', 'to_book', 'needs_attention'] as const;
/** What became of one payment whose capture or release was waiting. */
export const RESTORED_PAYMENT_OUTCOMES = ['captured', 'cancelled', 'unchanged'] as const;
/**
 * What became of one booking change under way (a cancellation, a date, contact or cover change):
 * `done` or `not_made` as the courier (or the card provider) has it, `to_do` when they have
 * nothing of it (its job makes it), `needs_attention` when they cannot tell (an operator's).
 */
export const RESTORED_CHANGE_OUTCOMES = ['done', 'not_made', 'to_do', 'needs_attention'] as const;
/**
 * What became of one refund under way: settled as the card provider has it under the refund's
 * own key, `to_send` when it has none (its job sends it), `needs_action` when the provider has
 * refunds of the payment this site has no record of (an operator's).
 */
export const RESTORED_REFUND_OUTCOMES = ['succeeded', 'failed', 'to_send', 'needs_action'] as const;

export const RestoredChangeSchema = z.object({
  changeId: z.string(),
  orderId: z.string(),
  kind: z.string(),
  /** The change's state in the backup. */
  was: z.string(),
  /** What the courier or the card provider said. */
  found: z.string(),
  outcome: z.enum(RESTORED_CHANGE_OUTCOMES),
});
export type RestoredChange = z.infer<typeof RestoredChangeSchema>;

export const RestoredRefundSchema = z.object({
  refundId: z.string(),
  orderId: z.string(),
  /** What the card provider said of it. */
  found: z.string(),
  outcome: z.enum(RESTORED_REFUND_OUTCOMES),
});
export type RestoredRefund = z.infer<typeof RestoredRefundSchema>;

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
  /** Booking changes under way (absent in outcomes recorded before changes were settled). */
  changes: z.array(RestoredChangeSchema).optional(),
  /** Refunds under way, and those the changes' settlement made (absent likewise). */
  refunds: z.array(RestoredRefundSchema).optional(),
  /** Refunds left to their job: each asks the card provider for its own before sending. */
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
    'The newest restore (`npm run restore`), or null: when the backup was taken, and once reconciled, each order whose booking was waiting (what the courier had under our reference, and what became of it), each payment waiting to be captured or released (its state at the card provider) each booking change and refund under way (what the courier or the card provider had, and what became of it) and how many emails were held.',
  responses: {
    200: z.object({ restore: AdminRestoreSchema.nullable() }).describe('The last restore'),
    ...ADMIN_ERRORS,
  },
});

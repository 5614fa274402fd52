import { randomUUID } from 'node:crypto';
import type { Database, RawQuery } from './client.js';
import { migrate } from './migrate.js';

/**
 * When a backup was taken, and the mark a restore leaves in the database it restored (decision
 * 141, docs/operations.md "Restoring"). A site started on a database with an unreconciled mark
 * reconciles with the courier and the card provider before any job that reaches them, or the
 * mail server, runs (`modules/checkout/restore-reconciliation.ts`).
 */

/**
 * Writes the time of the backup into the database just before its snapshot is taken, so the
 * snapshot holds it. A database older than the table (a data directory no current site has
 * opened yet) is left as it is: its restore then says the time is unknown.
 */
export async function markBackupTaken(query: RawQuery): Promise<void> {
  const [table] = await query<{ exists: boolean }>(
    `SELECT to_regclass('backups_taken') IS NOT NULL AS exists`,
  );
  if (!table?.exists) return;
  await query(`INSERT INTO backups_taken (taken_at) VALUES (now()) ON CONFLICT DO NOTHING`);
}

/** What a site started on the restored data will reconcile before it acts: the restore's plan. */
export interface RestorePlan {
  backupTakenAt: Date | null;
  /** Orders whose booking was waiting or in flight: the courier is asked about each. */
  bookings: number;
  /** Payments whose capture or release was waiting: the card provider is asked about each. */
  payments: number;
  /** Booking changes under way: the courier (a cover raise's card provider first) asked of each. */
  changes: number;
  /** Refunds waiting: the card provider asked for each by its own key. */
  refunds: number;
  /** Emails not yet sent: held for an operator to send or discard, never sent by themselves. */
  emails: number;
}

/**
 * Marks a restored database (its migrations applied first, as the site would at start): one
 * `site_restores` row, unreconciled. Answers what the site will reconcile when it starts.
 */
export async function markRestored(database: Database, backupFile: string): Promise<RestorePlan> {
  await migrate(database);
  const [taken] = await database.query<{ taken_at: Date | null }>(
    `SELECT max(taken_at) AS taken_at FROM backups_taken`,
  );
  const backupTakenAt = taken?.taken_at ? new Date(taken.taken_at) : null;
  await database.query(
    `INSERT INTO site_restores (id, restored_at, backup_taken_at, backup_file)
     VALUES ($1, now(), $2, $3)`,
    [randomUUID(), backupTakenAt, backupFile],
  );
  const [plan] = await database.query<Omit<RestorePlan, 'backupTakenAt'>>(
    `SELECT (SELECT count(*) FROM orders WHERE status IN ('authorised', 'booking'))::int AS bookings,
            (SELECT count(*) FROM payments
               WHERE status IN ('capture_pending', 'cancel_pending'))::int AS payments,
            (SELECT count(*) FROM booking_changes WHERE status IN ('pending', 'checking')
               OR (kind = 'cover' AND status = 'awaiting_payment'))::int AS changes,
            (SELECT count(*) FROM payment_refunds WHERE status = 'pending')::int AS refunds,
            (SELECT count(*) FROM mail WHERE status IN ('pending', 'sending'))::int AS emails`,
  );
  return { backupTakenAt, ...(plan as Omit<RestorePlan, 'backupTakenAt'>) };
}

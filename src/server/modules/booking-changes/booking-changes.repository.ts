import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BookingChangeStatus } from '#src/domain/booking-changes.js';
import type { Db, DbExecutor, DbTransaction } from '../../db/client.js';
import { bookingChanges } from '../../db/schema.js';

export type BookingChangeRow = typeof bookingChanges.$inferSelect;
export type NewBookingChangeRow = typeof bookingChanges.$inferInsert;

/** The only code that reads and writes `booking_changes` (migration 0145). */
export class BookingChangesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Adds a change unless its request key was used before; the change with that key either way. */
  async insert(
    row: NewBookingChangeRow,
    tx: DbExecutor,
  ): Promise<{ change: BookingChangeRow; created: boolean }> {
    const [created] = await tx.insert(bookingChanges).values(row).onConflictDoNothing().returning();
    if (created) return { change: created, created: true };
    const earlier = await this.byRequestKey(row.requestKey, tx);
    if (!earlier) throw new Error('booking change vanished');
    return { change: earlier, created: false };
  }

  async byRequestKey(key: string, tx: DbExecutor = this.db): Promise<BookingChangeRow | undefined> {
    const [row] = await tx.select().from(bookingChanges).where(eq(bookingChanges.requestKey, key));
    return row;
  }

  async byId(id: string): Promise<BookingChangeRow | undefined> {
    const [row] = await this.db.select().from(bookingChanges).where(eq(bookingChanges.id, id));
    return row;
  }

  /** Every change of an order, oldest first. */
  list(orderId: string, tx: DbExecutor = this.db): Promise<BookingChangeRow[]> {
    return tx
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.orderId, orderId))
      .orderBy(asc(bookingChanges.createdAt), asc(bookingChanges.id));
  }

  /** The order's change of this kind still in progress, if any. */
  async pending(
    orderId: string,
    kind: BookingChangeRow['kind'],
    tx: DbExecutor = this.db,
  ): Promise<BookingChangeRow | undefined> {
    const [row] = await tx
      .select()
      .from(bookingChanges)
      .where(
        and(
          eq(bookingChanges.orderId, orderId),
          eq(bookingChanges.kind, kind),
          eq(bookingChanges.status, 'pending'),
        ),
      );
    return row;
  }

  /**
   * Ends a change still in progress (`pending`, or a cover raise `awaiting_payment`: re-checked
   * by the write); undefined when it had ended already.
   */
  async settle(
    id: string,
    to: Exclude<BookingChangeStatus, 'pending' | 'awaiting_payment'>,
    courierAnswer: string | null,
    at: Date,
    tx: DbExecutor = this.db,
  ): Promise<BookingChangeRow | undefined> {
    const [row] = await tx
      .update(bookingChanges)
      .set({ status: to, courierAnswer, updatedAt: at })
      .where(
        and(
          eq(bookingChanges.id, id),
          inArray(bookingChanges.status, ['pending', 'awaiting_payment']),
        ),
      )
      .returning();
    return row;
  }

  /** A cover raise whose payment is authorised: `awaiting_payment → pending` (re-checked). */
  async paid(id: string, at: Date, tx: DbExecutor): Promise<BookingChangeRow | undefined> {
    const [row] = await tx
      .update(bookingChanges)
      .set({ status: 'pending', updatedAt: at })
      .where(and(eq(bookingChanges.id, id), eq(bookingChanges.status, 'awaiting_payment')))
      .returning();
    return row;
  }

  /** A change read in the caller's transaction. */
  async byIdIn(id: string, tx: DbExecutor): Promise<BookingChangeRow | undefined> {
    const [row] = await tx.select().from(bookingChanges).where(eq(bookingChanges.id, id));
    return row;
  }
}

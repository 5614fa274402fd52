import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
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
   * The changes whose courier answer is to be found out, oldest first: every `checking` one, and
   * a date or contact change still `pending` since before `abandonedBefore` (its process stopped
   * during the courier call).
   */
  inDoubt(abandonedBefore: Date, limit: number): Promise<BookingChangeRow[]> {
    return this.db
      .select()
      .from(bookingChanges)
      .where(
        or(
          eq(bookingChanges.status, 'checking'),
          and(
            eq(bookingChanges.status, 'pending'),
            inArray(bookingChanges.kind, ['collection_date', 'contact']),
            lt(bookingChanges.updatedAt, abandonedBefore),
          ),
        ),
      )
      .orderBy(asc(bookingChanges.updatedAt))
      .limit(limit);
  }

  /**
   * Every change a restored backup holds as under way, oldest first: `pending` or `checking`, and
   * a cover raise still waiting for its card (its card step may have gone on after the backup).
   */
  underWayAtRestore(): Promise<BookingChangeRow[]> {
    return this.db
      .select()
      .from(bookingChanges)
      .where(
        or(
          inArray(bookingChanges.status, ['pending', 'checking']),
          and(eq(bookingChanges.kind, 'cover'), eq(bookingChanges.status, 'awaiting_payment')),
        ),
      )
      .orderBy(asc(bookingChanges.createdAt), asc(bookingChanges.id));
  }

  /** A change whose courier call got no answer: `pending → checking` (re-checked by the write). */
  async checking(
    id: string,
    courierAnswer: string,
    at: Date,
    tx: DbExecutor = this.db,
  ): Promise<BookingChangeRow | undefined> {
    const [row] = await tx
      .update(bookingChanges)
      .set({ status: 'checking', courierAnswer, updatedAt: at })
      .where(
        and(eq(bookingChanges.id, id), inArray(bookingChanges.status, ['pending', 'checking'])),
      )
      .returning();
    return row;
  }

  /**
   * Ends a change still in progress (`pending`, `checking`, or a cover raise `awaiting_payment`:
   * re-checked by the write); undefined when it had ended already.
   */
  async settle(
    id: string,
    to: Exclude<BookingChangeStatus, 'pending' | 'awaiting_payment' | 'checking'>,
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
          inArray(bookingChanges.status, ['pending', 'awaiting_payment', 'checking']),
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

import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { ATTENTION_TRACKING_STATUSES, type TrackingStatus } from '#src/domain/tracking.js';
import type { Db, DbExecutor, DbTransaction } from '../../db/client.js';
import { shipmentParcels, shipments, trackingEvents } from '../../db/schema.js';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ParcelRow = typeof shipmentParcels.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type ShipmentChanges = Partial<Omit<NewShipmentRow, 'orderId' | 'createdAt'>>;

/**
 * The console's order of shipments: those needing attention (the registry's, never a list of
 * our own) before the rest. `tracking.repository.test.ts` reads the statuses back from the SQL.
 */
export const NOT_NEEDING_ATTENTION = sql`(${shipments.status} NOT IN (${sql.join(
  ATTENTION_TRACKING_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** The only code that knows the tracking tables (migration 0135). */
export class TrackingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Starts tracking a shipment; a second call for the same order changes nothing. */
  async insert(row: NewShipmentRow, tx: DbExecutor): Promise<void> {
    await tx.insert(shipments).values(row).onConflictDoNothing();
  }

  find(orderId: string, tx: DbExecutor = this.db): Promise<ShipmentRow | undefined> {
    return tx
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .then((rows) => rows[0]);
  }

  /** The order's status from its boxes' (`shipments.status`) of each order named that has one. */
  async statuses(orderIds: readonly string[]): Promise<Map<string, TrackingStatus>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ orderId: shipments.orderId, status: shipments.status })
      .from(shipments)
      .where(inArray(shipments.orderId, [...orderIds]));
    return new Map(rows.map((r) => [r.orderId, r.status]));
  }

  /** Reads the shipment and locks its row for the rest of the caller's transaction. */
  lock(orderId: string, tx: DbTransaction): Promise<ShipmentRow | undefined> {
    return tx
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .for('update')
      .then((rows) => rows[0]);
  }

  /** The shipments due a poll, reminder or check at `now`, earliest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(and(isNotNull(shipments.nextPollAt), lte(shipments.nextPollAt, now)))
      .orderBy(asc(shipments.nextPollAt))
      .limit(limit);
    return rows.map((r) => r.orderId);
  }

  /** The earliest time any shipment is due, or null when none is. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<Date | null>`min(${shipments.nextPollAt})`.mapWith(shipments.nextPollAt) })
      .from(shipments)
      .where(isNotNull(shipments.nextPollAt));
    return row?.at ?? null;
  }

  async update(orderId: string, changes: ShipmentChanges, tx: DbExecutor = this.db): Promise<void> {
    await tx.update(shipments).set(changes).where(eq(shipments.orderId, orderId));
  }

  parcels(orderId: string, tx: DbExecutor = this.db): Promise<ParcelRow[]> {
    return tx
      .select()
      .from(shipmentParcels)
      .where(eq(shipmentParcels.orderId, orderId))
      .orderBy(asc(shipmentParcels.position));
  }

  async saveParcels(rows: ParcelRow[], tx: DbExecutor): Promise<void> {
    if (rows.length === 0) return;
    await tx
      .insert(shipmentParcels)
      .values(rows)
      .onConflictDoUpdate({
        target: [shipmentParcels.orderId, shipmentParcels.parcelReference],
        set: {
          status: sql`excluded.status`,
          reason: sql`excluded.reason`,
          position: sql`excluded.position`,
        },
      });
  }

  /** Stores the events not stored before (same box, code and time) and returns those. */
  async insertEvents(rows: TrackingEventRow[], tx: DbExecutor): Promise<TrackingEventRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(trackingEvents).values(rows).onConflictDoNothing().returning();
  }

  events(orderId: string, tx: DbExecutor = this.db): Promise<TrackingEventRow[]> {
    return tx
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.orderId, orderId))
      .orderBy(asc(trackingEvents.at), asc(trackingEvents.parcelReference));
  }

  /**
   * The console's list: flagged shipments first, then those needing attention, then the rest by
   * collection date, newest first.
   */
  list(filter: { status?: TrackingStatus; flagged?: boolean }, limit: number) {
    const conditions = [
      filter.status ? eq(shipments.status, filter.status) : undefined,
      filter.flagged ? isNotNull(shipments.flag) : undefined,
    ].filter((c) => c !== undefined);
    return this.db
      .select()
      .from(shipments)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(
        sql`(${shipments.flag} IS NULL)`,
        NOT_NEEDING_ATTENTION,
        desc(shipments.collectionDate),
        asc(shipments.orderId),
      )
      .limit(limit);
  }
}

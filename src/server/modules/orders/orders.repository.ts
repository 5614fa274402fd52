import { and, eq, inArray, sql } from 'drizzle-orm';
import { canTransition, type OrderStatus } from '../../../domain/order-states.js';
import type { Db, DbExecutor } from '../../db/client.js';
import { orders } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
/** What an ordinary update may change: never the status (only `transition` writes it). */
export type OrderChanges = Omit<Partial<NewOrderRow>, 'id' | 'status' | 'paymentAttempt'> & {
  /** Starts a new payment attempt (payment_attempt + 1) in the same write. */
  newPaymentAttempt?: boolean;
};

/** A status move refused because the transition table does not allow it. */
export class ForbiddenTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot move from ${from} to ${to} (docs/orders.md).`);
  }
}

/** The only code that knows how orders are stored, and the only code that writes their status. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async insert(order: NewOrderRow & { status: 'draft' }): Promise<OrderRow> {
    const [row] = await this.db.insert(orders).values(order).returning();
    if (!row) throw new Error('order insert returned no row');
    return row;
  }

  async findById(id: string, tx: DbExecutor = this.db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  /** Reads the order and locks its row until the caller's transaction ends. */
  async lock(id: string, tx: DbExecutor): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  }

  /**
   * Changes an order, but only while its status is one of `onlyIn` (checked by the same
   * statement that writes, under its row lock): nothing is written to an order that moved on.
   */
  async update(
    id: string,
    changes: OrderChanges,
    onlyIn: readonly OrderStatus[],
    tx: DbExecutor = this.db,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set(setOf(changes))
      .where(and(eq(orders.id, id), inArray(orders.status, [...onlyIn])))
      .returning();
    return row;
  }

  /**
   * Moves an order from one of `from` to `to`, with `fields` in the same write: the only code that
   * writes `orders.status`. A move the transition table forbids throws; the current status is
   * re-checked by the conditional UPDATE itself (under the row lock, in the caller's
   * transaction), so undefined means the order was not in `from` and nothing was written.
   */
  async transition(
    id: string,
    from: OrderStatus | readonly OrderStatus[],
    to: OrderStatus,
    fields: OrderChanges,
    tx: DbExecutor = this.db,
  ): Promise<OrderRow | undefined> {
    const froms: readonly OrderStatus[] = typeof from === 'string' ? [from] : from;
    for (const f of froms) if (!canTransition(f, to)) throw new ForbiddenTransitionError(f, to);
    const [row] = await tx
      .update(orders)
      .set({ ...setOf(fields), status: to })
      .where(and(eq(orders.id, id), inArray(orders.status, [...froms])))
      .returning();
    return row;
  }
}

function setOf(changes: OrderChanges): Partial<NewOrderRow> {
  const { newPaymentAttempt, ...rest } = changes;
  return newPaymentAttempt
    ? { ...rest, paymentAttempt: sql`${orders.paymentAttempt} + 1` as unknown as number }
    : rest;
}

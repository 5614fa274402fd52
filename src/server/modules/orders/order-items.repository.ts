import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.js';
import { orderItems } from '../../db/schema.js';

export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;

export class OrderItemsRepository {
  constructor(private readonly db: Db) {}

  async listForOrder(orderId: string, tx: DbExecutor = this.db): Promise<OrderItemRow[]> {
    return tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  }

  async insert(item: NewOrderItemRow, tx: DbExecutor = this.db): Promise<void> {
    await tx.insert(orderItems).values(item);
  }

  /** True when an item was deleted. */
  async delete(
    orderId: string,
    parcelKey: string,
    itemId: string,
    tx: DbExecutor = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .delete(orderItems)
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.parcelKey, parcelKey),
          eq(orderItems.id, itemId),
        ),
      )
      .returning({ id: orderItems.id });
    return rows.length > 0;
  }
}

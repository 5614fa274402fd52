import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems } from '../../db/schema.js';

export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;

export class OrderItemsRepository {
  constructor(private readonly db: Db) {}

  async listForOrder(orderId: string): Promise<OrderItemRow[]> {
    return this.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  }

  async insert(item: NewOrderItemRow): Promise<void> {
    await this.db.insert(orderItems).values(item);
  }

  /** True when an item was deleted. */
  async delete(orderId: string, parcelKey: string, itemId: string): Promise<boolean> {
    const rows = await this.db
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

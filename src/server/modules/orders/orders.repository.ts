import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** The only code that knows how orders are stored. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async insert(order: NewOrderRow): Promise<OrderRow> {
    const [row] = await this.db.insert(orders).values(order).returning();
    if (!row) throw new Error('order insert returned no row');
    return row;
  }

  async findById(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  async update(id: string, changes: Partial<NewOrderRow>): Promise<OrderRow | undefined> {
    const [row] = await this.db.update(orders).set(changes).where(eq(orders.id, id)).returning();
    return row;
  }
}

import { desc, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.js';
import { orderNotes } from '../../db/schema.js';

export type OrderNoteRow = typeof orderNotes.$inferSelect;

/** The only code that knows how operators' internal notes on orders are stored. */
export class OrderNotesRepository {
  constructor(private readonly db: Db) {}

  async insert(row: OrderNoteRow, tx: DbExecutor = this.db): Promise<void> {
    await tx.insert(orderNotes).values(row);
  }

  /** Newest first. */
  async listForOrder(orderId: string, tx: DbExecutor = this.db): Promise<OrderNoteRow[]> {
    return tx
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id))
      .limit(500);
  }
}

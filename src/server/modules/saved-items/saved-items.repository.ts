import { and, count, desc, eq } from 'drizzle-orm';
import { retryableTransaction, type Db } from '../../db/client.js';
import { savedItems } from '../../db/schema.js';

export type SavedItemRow = typeof savedItems.$inferSelect;

/** An account's saved items (migration 0060): the only code that reads or writes them. */
export class SavedItemsRepository {
  constructor(private readonly db: Db) {}

  /** The account's saved items, newest first. */
  list(userId: string): Promise<SavedItemRow[]> {
    return this.db
      .select()
      .from(savedItems)
      .where(eq(savedItems.userId, userId))
      .orderBy(desc(savedItems.createdAt), desc(savedItems.id));
  }

  /**
   * Saves the item unless the account already has the same one (then that one is returned), or
   * has `max` saved items already (then undefined). The count and the insert run in one
   * transaction that first locks the account's saved items, so two saves cannot both pass it.
   */
  async insertOnce(row: SavedItemRow, max: number): Promise<SavedItemRow | undefined> {
    // Only the database in it: asked again when its connection is lost before COMMIT.
    return retryableTransaction(this.db, async (tx) => {
      await tx
        .select({ id: savedItems.id })
        .from(savedItems)
        .where(eq(savedItems.userId, row.userId))
        .for('update');
      const same = and(
        eq(savedItems.userId, row.userId),
        eq(savedItems.name, row.name),
        eq(savedItems.commodityCode, row.commodityCode),
        eq(savedItems.numberOfUnits, row.numberOfUnits),
        eq(savedItems.unitValuePence, row.unitValuePence),
        eq(savedItems.unitWeightGrams, row.unitWeightGrams),
      );
      const [existing] = await tx.select().from(savedItems).where(same);
      if (existing) return existing;
      const [counted] = await tx
        .select({ n: count() })
        .from(savedItems)
        .where(eq(savedItems.userId, row.userId));
      if ((counted?.n ?? 0) >= max) return undefined;
      const [inserted] = await tx.insert(savedItems).values(row).onConflictDoNothing().returning();
      return inserted ?? (await tx.select().from(savedItems).where(same))[0];
    });
  }

  /** Deletes the account's saved item; false when the account has no such item. */
  async delete(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(savedItems)
      .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)))
      .returning({ id: savedItems.id });
    return deleted.length > 0;
  }
}

import { and, count, desc, eq, ne } from 'drizzle-orm';
import { retryableTransaction, type Db, type DbTransaction } from '../../db/client.js';
import { savedAddresses, users } from '../../db/schema.js';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
export type SavedAddressFieldsRow = Omit<SavedAddressRow, 'id' | 'userId' | 'createdAt'>;

/** An account's address book (migration 0155): the only code that reads or writes it. */
export class AddressBookRepository {
  constructor(private readonly db: Db) {}

  /** The account's saved addresses, most recently changed first. */
  list(userId: string): Promise<SavedAddressRow[]> {
    return this.db
      .select()
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.updatedAt), desc(savedAddresses.id));
  }

  async find(userId: string, id: string): Promise<SavedAddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(savedAddresses)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)));
    return row;
  }

  /**
   * Saves the address unless the account already has the same one for the role (then that one
   * is returned), or has `max` saved addresses already (then undefined). The count and the insert
   * run in one transaction under the account's row lock (as every change of its address book),
   * so two saves at once can neither pass the cap nor save one address twice.
   */
  async insertOnce(row: SavedAddressRow, max: number): Promise<SavedAddressRow | undefined> {
    return retryableTransaction(this.db, async (tx) => {
      await lockAccount(tx, row.userId);
      const same = and(
        eq(savedAddresses.userId, row.userId),
        eq(savedAddresses.role, row.role),
        eq(savedAddresses.fingerprint, row.fingerprint),
      );
      const [existing] = await tx.select().from(savedAddresses).where(same);
      if (existing) return existing;
      const [counted] = await tx
        .select({ n: count() })
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, row.userId));
      if ((counted?.n ?? 0) >= max) return undefined;
      const [inserted] = await tx
        .insert(savedAddresses)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted ?? (await tx.select().from(savedAddresses).where(same))[0];
    });
  }

  /**
   * Changes the account's saved address: 'missing' when the account has no such address,
   * 'duplicate' when another of its addresses is already the same.
   */
  async update(
    userId: string,
    id: string,
    fields: SavedAddressFieldsRow,
  ): Promise<SavedAddressRow | 'missing' | 'duplicate'> {
    return retryableTransaction(this.db, async (tx) => {
      await lockAccount(tx, userId);
      const [twin] = await tx
        .select({ id: savedAddresses.id })
        .from(savedAddresses)
        .where(
          and(
            eq(savedAddresses.userId, userId),
            eq(savedAddresses.role, fields.role),
            eq(savedAddresses.fingerprint, fields.fingerprint),
            ne(savedAddresses.id, id),
          ),
        );
      if (twin) return 'duplicate';
      const [updated] = await tx
        .update(savedAddresses)
        .set(fields)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning();
      return updated ?? 'missing';
    });
  }

  /** Deletes the account's saved address; false when the account has no such address. */
  async delete(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(savedAddresses)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
      .returning({ id: savedAddresses.id });
    return deleted.length > 0;
  }
}

/**
 * Locks the account's row for the rest of the transaction: every write to its address book
 * takes it first, so they run one at a time (the cap and the one-copy rule hold under races).
 */
async function lockAccount(tx: DbTransaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

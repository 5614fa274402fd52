import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ContactMessage } from '#src/domain/contact.js';
import { Repository, type DbExecutor } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: Date;
  /** When an operator read it; null or absent while unread. */
  readAt?: Date | null;
}

/**
 * The only code that knows how contact messages are stored. A message and its email are stored
 * together or not at all, in one `transaction`.
 */
export class ContactRepository extends Repository {
  async insert(message: StoredContactMessage, executor: DbExecutor = this.db): Promise<void> {
    await executor.insert(contactMessages).values(message);
  }

  async findById(id: string): Promise<StoredContactMessage | undefined> {
    const [row] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  }

  /** Newest first. */
  async listRecent(limit: number): Promise<StoredContactMessage[]> {
    return this.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.receivedAt))
      .limit(limit);
  }

  /** Newest first: all of them, only the unread, or only the read. */
  async list(filter: 'all' | 'unread' | 'read', limit: number): Promise<StoredContactMessage[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(
        filter === 'unread'
          ? isNull(contactMessages.readAt)
          : filter === 'read'
            ? isNotNull(contactMessages.readAt)
            : undefined,
      )
      .orderBy(desc(contactMessages.receivedAt), contactMessages.id)
      .limit(limit);
  }

  /**
   * Marks a message read (at `readAt`) or unread (null) under its row lock, in the caller's
   * transaction; a message already read keeps the time it was first read. Undefined: no such message.
   */
  async setRead(
    id: string,
    readAt: Date | null,
    tx: DbExecutor,
  ): Promise<{ before: StoredContactMessage; after: StoredContactMessage } | undefined> {
    const [before] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!before) return undefined;
    const next = readAt === null ? null : (before.readAt ?? readAt);
    const [after] = await tx
      .update(contactMessages)
      .set({ readAt: next })
      .where(eq(contactMessages.id, id))
      .returning();
    return after ? { before, after } : undefined;
  }

  /** Messages no operator has read yet. */
  async countUnread(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(isNull(contactMessages.readAt));
    return row?.n ?? 0;
  }
}

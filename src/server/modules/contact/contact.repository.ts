import { desc, eq } from 'drizzle-orm';
import type { ContactMessage } from '../../../domain/contact.js';
import type { Db, DbExecutor, DbTransaction } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: Date;
}

/** The only code that knows how contact messages are stored. */
export class ContactRepository {
  constructor(private readonly db: Db) {}

  async insert(message: StoredContactMessage, executor: DbExecutor = this.db): Promise<void> {
    await executor.insert(contactMessages).values(message);
  }

  /** Runs fn in one transaction, so the message and its email are stored together or not at all. */
  transaction<T>(fn: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
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
}

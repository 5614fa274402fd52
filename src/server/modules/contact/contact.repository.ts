import { desc, eq } from 'drizzle-orm';
import type { ContactMessage } from '../../../domain/contact.js';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: Date;
}

/** The only code that knows how contact messages are stored. */
export class ContactRepository {
  constructor(private readonly db: Db) {}

  async insert(message: StoredContactMessage): Promise<void> {
    await this.db.insert(contactMessages).values(message);
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

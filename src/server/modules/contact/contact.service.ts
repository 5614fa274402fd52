import { randomUUID } from 'node:crypto';
import type { ContactMessage, ContactMessageReceipt } from '#src/domain/contact.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/client.js';
import type { MailDeps } from '../email/index.js';
import type { ContactRepository, StoredContactMessage } from './contact.repository.js';

/**
 * "Contact us": the message and its email to the sales mailbox (docs/product-rules.md, "Contact us") are stored in one
 * transaction, so neither is lost; its `send-mail` job delivers the email (escaped: the message is
 * stored as the visitor typed it).
 */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly mail: Pick<MailDeps, 'emails' | 'worker'>,
    private readonly clock: Clock,
  ) {}

  async receive(input: ContactMessage): Promise<ContactMessageReceipt> {
    const stored: StoredContactMessage = {
      ...input,
      id: randomUUID(),
      receivedAt: this.clock.now(),
    };
    await this.repository.transaction(async (tx) => {
      await this.repository.insert(stored, tx);
      await this.mail.emails.sendTo(tx, 'contact-message', stored);
    });
    this.mail.worker.wake();
    return { id: stored.id, receivedAt: stored.receivedAt.toISOString() };
  }

  /** The console's list of messages, newest first. */
  list(filter: 'all' | 'unread' | 'read', limit: number): Promise<StoredContactMessage[]> {
    return this.repository.list(filter, limit);
  }

  /** Read (now) or unread, in the caller's transaction under the message's row lock. */
  setRead(id: string, read: boolean, tx: DbExecutor) {
    return this.repository.setRead(id, read ? this.clock.now() : null, tx);
  }

  /** How many contact messages no operator has read (the console's dashboard). */
  countUnread(): Promise<number> {
    return this.repository.countUnread();
  }
}

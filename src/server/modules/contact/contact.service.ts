import { randomUUID } from 'node:crypto';
import type { ContactMessage, ContactMessageReceipt } from '../../../domain/contact.js';
import type { Clock } from '../../clock.js';
import type { ContactRepository, StoredContactMessage } from './contact.repository.js';

/**
 * "Contact us": every message is stored first, so none is lost. Telling the sales mailbox
 * (spec §7) belongs here too, as one call after the insert once the email outbox exists;
 * whatever renders the message into HTML must escape it (it is stored as the visitor typed it).
 */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly clock: Clock,
  ) {}

  async receive(input: ContactMessage): Promise<ContactMessageReceipt> {
    const stored: StoredContactMessage = {
      ...input,
      id: randomUUID(),
      receivedAt: this.clock.now(),
    };
    await this.repository.insert(stored);
    return { id: stored.id, receivedAt: stored.receivedAt.toISOString() };
  }
}

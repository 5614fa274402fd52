import {
  ADMIN_MESSAGES_PAGE,
  type AdminMessage,
  type MessageFilter,
} from '#src/domain/api/admin/messages.js';
import { ApiError } from '../../http/errors.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { StoredContactMessage } from './contact.repository.js';
import type { ContactService } from './contact.service.js';

function messageOf(m: StoredContactMessage): AdminMessage {
  return {
    id: m.id,
    receivedAt: m.receivedAt.toISOString(),
    firstName: m.firstName,
    lastName: m.lastName,
    company: m.company,
    email: m.email,
    phone: m.phone,
    message: m.message,
    newsOptIn: m.newsOptIn,
    readAt: m.readAt ? m.readAt.toISOString() : null,
  };
}

/**
 * The console's contact messages (docs/operators.md, "Contact messages"): read or unread, changed
 * under the message's row lock with its audit row in the same transaction.
 */
export class OperatorMessages {
  constructor(private readonly deps: { contact: ContactService; audit: Pick<AuditLog, 'act'> }) {}

  async messages(filter: MessageFilter) {
    const [rows, unread] = await Promise.all([
      this.deps.contact.list(filter, ADMIN_MESSAGES_PAGE),
      this.deps.contact.countUnread(),
    ]);
    return { messages: rows.map(messageOf), unread };
  }

  async markMessage(operator: Operator, id: string, read: boolean): Promise<AdminMessage> {
    const action = read ? 'message.read' : 'message.unread';
    return this.deps.audit.act(operator, action, id, async (tx) => {
      const changed = await this.deps.contact.setRead(id, read, tx);
      if (!changed) throw new ApiError(404, 'MESSAGE_NOT_FOUND', 'There is no such message.');
      return { result: messageOf(changed.after), details: { from: changed.before.email } };
    });
  }
}

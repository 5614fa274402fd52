import {
  ADMIN_MESSAGES_PAGE,
  type AdminMessage,
  type MessageFilter,
} from '#src/domain/api/admin/messages.js';
import { orderReferencesIn } from '#src/domain/order.js';
import { ApiError } from '../../http/errors.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { StoredContactMessage } from './contact.repository.js';
import type { ContactService } from './contact.service.js';

/** An order a message can name: its id, for a link, and its reference. */
export interface NamedOrder {
  id: string;
  reference: string;
}

function messageOf(m: StoredContactMessage, orders: NamedOrder[]): AdminMessage {
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
    orders,
  };
}

/**
 * The console's contact messages (docs/operators.md, "Contact messages"): read or unread, changed
 * under the message's row lock with its audit row in the same transaction; each with the orders
 * its text names by reference, linked.
 */
export class OperatorMessages {
  constructor(
    private readonly deps: {
      contact: ContactService;
      audit: Pick<AuditLog, 'act'>;
      /** The orders of these references that exist. */
      findOrders: (references: string[]) => Promise<NamedOrder[]>;
    },
  ) {}

  /** Each message with the orders it names. */
  private async withOrders(rows: StoredContactMessage[]): Promise<AdminMessage[]> {
    const references = new Set(rows.flatMap((m) => orderReferencesIn(m.message)));
    const found = await this.deps.findOrders([...references]);
    const byReference = new Map(found.map((o) => [o.reference, o]));
    return rows.map((m) =>
      messageOf(
        m,
        orderReferencesIn(m.message).flatMap((reference) => byReference.get(reference) ?? []),
      ),
    );
  }

  async messages(filter: MessageFilter) {
    const [rows, unread] = await Promise.all([
      this.deps.contact.list(filter, ADMIN_MESSAGES_PAGE),
      this.deps.contact.countUnread(),
    ]);
    return { messages: await this.withOrders(rows), unread };
  }

  async markMessage(operator: Operator, id: string, read: boolean): Promise<AdminMessage> {
    const action = read ? 'message.read' : 'message.unread';
    const after = await this.deps.audit.act(operator, action, id, async (tx) => {
      const changed = await this.deps.contact.setRead(id, read, tx);
      if (!changed) throw new ApiError(404, 'MESSAGE_NOT_FOUND', 'There is no such message.');
      return { result: changed.after, details: { from: changed.before.email } };
    });
    const [message] = await this.withOrders([after]);
    return message ?? messageOf(after, []);
  }
}

import {
  ADMIN_MAIL_PAGE,
  MAIL_MAY_ARRIVE_TWICE_MESSAGE,
  MAIL_NOT_RETRYABLE_MESSAGE,
  type AdminMail,
  type MailFilter,
} from '../../../domain/api/admin/mail.js';
import {
  ADMIN_MESSAGES_PAGE,
  type AdminMessage,
  type MessageFilter,
} from '../../../domain/api/admin/messages.js';
import { ApiError } from '../../http/errors.js';
import type { ContactService } from '../contact/index.js';
import type { MailStatus, OutboxEntry, MailDeps } from '../email/index.js';
import type { Operator } from './admin-guard.js';
import type { AdminService } from './admin.service.js';

const MAIL_STATUSES: Record<MailFilter, MailStatus[]> = {
  all: [],
  waiting: ['pending', 'sending'],
  sent: ['sent'],
  failed: ['failed'],
  unknown: ['unknown'],
};

type StoredContactMessage = Awaited<ReturnType<ContactService['list']>>[number];

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

function mailOf(m: OutboxEntry): AdminMail {
  return {
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    nextAttemptAt: m.nextAttemptAt.toISOString(),
    lastError: m.lastError,
    serverQueueId: m.serverQueueId,
  };
}

/**
 * The console's contact messages and mail outbox (docs/operators.md). Each action changes its
 * row under the row's lock and writes its audit record in the same transaction (`admin.act`).
 */
export class AdminInbox {
  constructor(
    private readonly deps: {
      admin: AdminService;
      contact: ContactService;
      mail: Pick<MailDeps, 'outbox' | 'worker'>;
    },
  ) {}

  async messages(filter: MessageFilter) {
    const [rows, unread] = await Promise.all([
      this.deps.contact.list(filter, ADMIN_MESSAGES_PAGE),
      this.deps.contact.countUnread(),
    ]);
    return { messages: rows.map(messageOf), unread };
  }

  async markMessage(operator: Operator, id: string, read: boolean): Promise<AdminMessage> {
    return this.deps.admin.act(
      operator,
      read ? 'message.read' : 'message.unread',
      id,
      async (tx) => {
        const changed = await this.deps.contact.setRead(id, read, tx);
        if (!changed) throw new ApiError(404, 'MESSAGE_NOT_FOUND', 'There is no such message.');
        return { result: messageOf(changed.after), details: { from: changed.before.email } };
      },
    );
  }

  async mail(filter: MailFilter) {
    const [rows, counts] = await Promise.all([
      this.deps.mail.outbox.listIn(MAIL_STATUSES[filter], ADMIN_MAIL_PAGE),
      this.deps.mail.outbox.countByStatus(),
    ]);
    return {
      mail: rows.map(mailOf),
      counts: {
        waiting: (counts.pending ?? 0) + (counts.sending ?? 0),
        sent: counts.sent ?? 0,
        failed: counts.failed ?? 0,
        unknown: counts.unknown ?? 0,
      },
    };
  }

  /** Retry (failed) or send again (unknown): queued once, however many times it is asked. */
  async retryMail(
    operator: Operator,
    id: string,
    expected: 'failed' | 'unknown',
    mayArriveTwice = false,
  ): Promise<AdminMail> {
    if (expected === 'unknown' && !mayArriveTwice) {
      // The server may have it: a second copy is the operator's explicit choice, never a default.
      throw new ApiError(409, 'MAIL_MAY_ARRIVE_TWICE', MAIL_MAY_ARRIVE_TWICE_MESSAGE);
    }
    const action = expected === 'failed' ? 'mail.retry' : 'mail.send_again';
    const entry = await this.deps.admin.act(operator, action, id, async (tx) => {
      const result = await this.deps.mail.outbox.retryLocked(tx, id, expected);
      if (result === 'not-found') {
        throw new ApiError(404, 'MAIL_NOT_FOUND', 'There is no such email.');
      }
      if (result === 'changed') {
        throw new ApiError(409, 'MAIL_NOT_RETRYABLE', MAIL_NOT_RETRYABLE_MESSAGE);
      }
      return {
        result,
        details: { to: result.to, subject: result.subject, kind: result.kind, was: expected },
      };
    });
    this.deps.mail.worker.wake();
    return mailOf(entry);
  }
}

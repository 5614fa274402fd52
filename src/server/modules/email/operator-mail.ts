import {
  ADMIN_MAIL_PAGE,
  MAIL_MAY_ARRIVE_TWICE_MESSAGE,
  MAIL_NOT_RETRYABLE_MESSAGE,
  type AdminMail,
  type MailFilter,
} from '#src/domain/api/admin/mail.js';
import { ApiError } from '../../http/errors.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { MailDeps } from './mail.js';
import type { MailStatus, OutboxEntry } from './outbox.js';

const MAIL_STATUSES: Record<MailFilter, MailStatus[]> = {
  all: [],
  waiting: ['pending', 'sending'],
  held: ['held'],
  sent: ['sent'],
  failed: ['failed'],
  unknown: ['unknown'],
};

/** An email as the console shows it wherever it appears (the order's timeline too). */
export function mailSummaryOf(m: OutboxEntry): Omit<AdminMail, 'createdAt' | 'nextAttemptAt'> {
  return {
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    lastError: m.lastError,
    serverQueueId: m.serverQueueId,
  };
}

/** An email as the outbox page lists it: with when it was queued and its next attempt. */
const mailOf = (m: OutboxEntry): AdminMail => ({
  ...mailSummaryOf(m),
  createdAt: m.createdAt.toISOString(),
  nextAttemptAt: m.nextAttemptAt.toISOString(),
});

/**
 * The console's mail outbox (docs/operators.md, "Mail"): the list by state, and sending a failed
 * or unknown email again, under the mail row's lock with its audit row in the same transaction.
 */
export class OperatorMail {
  constructor(
    private readonly deps: {
      mail: Pick<MailDeps, 'outbox' | 'worker'>;
      audit: Pick<AuditLog, 'act'>;
    },
  ) {}

  async mail(filter: MailFilter) {
    const [rows, counts] = await Promise.all([
      this.deps.mail.outbox.listIn(MAIL_STATUSES[filter], ADMIN_MAIL_PAGE),
      this.deps.mail.outbox.countByStatus(),
    ]);
    return {
      mail: rows.map(mailOf),
      counts: {
        waiting: (counts.pending ?? 0) + (counts.sending ?? 0),
        held: counts.held ?? 0,
        sent: counts.sent ?? 0,
        failed: counts.failed ?? 0,
        unknown: counts.unknown ?? 0,
      },
    };
  }

  /**
   * Retry (failed), send again (unknown) or send a held one: queued once, however many times it
   * is asked.
   */
  async retryMail(
    operator: Operator,
    id: string,
    expected: 'failed' | 'unknown' | 'held',
    mayArriveTwice = false,
  ): Promise<AdminMail> {
    if (expected === 'unknown' && !mayArriveTwice) {
      // The server may have it: a second copy is the operator's explicit choice, never a default.
      throw new ApiError(409, 'MAIL_MAY_ARRIVE_TWICE', MAIL_MAY_ARRIVE_TWICE_MESSAGE);
    }
    const action = RETRY_ACTIONS[expected];
    const entry = await this.deps.audit.act(operator, action, id, async (tx) => {
      const result = found(await this.deps.mail.outbox.retryLocked(tx, id, expected));
      return {
        result,
        details: { to: result.to, subject: result.subject, kind: result.kind, was: expected },
      };
    });
    this.deps.mail.worker.wake();
    return mailOf(entry);
  }

  /** Discards an email a restore held (decision 141): never sent; audited. */
  async discardMail(operator: Operator, id: string): Promise<AdminMail> {
    const entry = await this.deps.audit.act(operator, 'mail.discard', id, async (tx) => {
      const result = found(await this.deps.mail.outbox.discardLocked(tx, id));
      return {
        result,
        details: { to: result.to, subject: result.subject, kind: result.kind, was: 'held' },
      };
    });
    return mailOf(entry);
  }
}

/** The email changed under its lock, or 404 / 409 when it is gone or not as the operator saw it. */
function found(result: OutboxEntry | 'not-found' | 'changed'): OutboxEntry {
  if (result === 'not-found') throw new ApiError(404, 'MAIL_NOT_FOUND', 'There is no such email.');
  if (result === 'changed') {
    throw new ApiError(409, 'MAIL_NOT_RETRYABLE', MAIL_NOT_RETRYABLE_MESSAGE);
  }
  return result;
}

const RETRY_ACTIONS = {
  failed: 'mail.retry',
  unknown: 'mail.send_again',
  held: 'mail.send_held',
} as const;

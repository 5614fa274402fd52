import { randomUUID } from 'node:crypto';
import type { EmailKind } from '#src/domain/email-kinds.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { rawQueryOf, type Queryable } from '../../db/queryable.js';
import { enqueueJob, requeueJob } from '../../jobs/job-queue.js';
import { sendMailJob } from './jobs/send-mail.job.js';
import { attachmentFilename, headerText, requireAddress } from './mail-headers.js';

/** Every kind is an entry of the email registry (`registry.ts`, `EMAIL_KIND_TEXT`). */
export type MailKind = EmailKind;
export type MailStatus =
  | 'pending'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'unknown'
  /** Waiting when a backup was restored: sent or discarded only by an operator (decision 141). */
  | 'held'
  | 'discarded';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One email, as a feature asks for it. */
export interface MailMessage {
  kind: MailKind;
  /**
   * Names the business event; enqueueing the same key twice keeps the first message only.
   * E.g. `booking-confirmation:BA-7K2M9Q`, `contact-message:<contact message id>`.
   */
  idempotencyKey: string;
  /** One bare address. */
  to: string;
  /** One bare address, or nothing. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** The order the email is about, shown on the order's timeline in the console. */
  orderId?: string;
  /**
   * Written `held`: sent or discarded only by an operator, because the site before a restore may
   * have sent it already (decision 141). No `send-mail` job is queued for it.
   */
  held?: boolean;
}

export interface EnqueueResult {
  /** The outbox row. */
  id: string;
  /** The Message-ID header the email will carry. */
  messageId: string;
  /** False when a message with the same idempotency key was already in the outbox. */
  created: boolean;
}

export interface OutboxEntry {
  id: string;
  kind: string;
  idempotencyKey: string;
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  transportResponse: string | null;
  /** The mail server's queue id from its final reply, when it named one. */
  serverQueueId: string | null;
  createdAt: Date;
  sentAt: Date | null;
  orderId: string | null;
}

/**
 * Writes one email to the outbox, and the `send-mail` job that delivers it, through the caller's
 * connection, so both commit or roll back with the change that causes them. The job queue runs
 * the job after the commit (decision 056).
 *
 * Addresses must be single bare addresses (throws InvalidMailAddressError otherwise); the
 * subject and attachment names are made single-line.
 */
export async function enqueueMail(
  tx: Queryable,
  message: MailMessage,
  context: { now: Date; messageIdDomain: string },
): Promise<EnqueueResult> {
  const query = rawQueryOf(tx);
  const to = requireAddress('to', message.to);
  const replyTo = message.replyTo ? requireAddress('replyTo', message.replyTo) : null;
  const id = randomUUID();
  const messageId = `<${id}@${context.messageIdDomain}>`;
  const inserted = await query<{ id: string; message_id: string }>(
    `INSERT INTO mail (id, idempotency_key, kind, message_id, to_address, reply_to, subject,
                       html_body, text_body, status, attempts, next_attempt_at, created_at,
                       order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $12, 0, $10, $10, $11)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, message_id`,
    [
      id,
      message.idempotencyKey,
      message.kind,
      messageId,
      to,
      replyTo,
      headerText(message.subject, 250),
      message.html,
      message.text,
      context.now,
      message.orderId ?? null,
      message.held ? 'held' : 'pending',
    ],
  );
  if (!inserted[0]) {
    const existing = await query<{ id: string; message_id: string }>(
      `SELECT id, message_id FROM mail WHERE idempotency_key = $1`,
      [message.idempotencyKey],
    );
    const row = existing[0];
    if (!row) throw new Error(`Mail ${message.idempotencyKey} vanished while enqueueing`);
    return { id: row.id, messageId: row.message_id, created: false };
  }
  for (const [position, attachment] of (message.attachments ?? []).entries()) {
    await query(
      `INSERT INTO mail_attachments (mail_id, position, filename, content_type, content)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        id,
        position,
        attachmentFilename(attachment.filename),
        headerText(attachment.contentType, 100) || 'application/octet-stream',
        Buffer.from(attachment.content),
      ],
    );
  }
  if (!message.held) await enqueueJob(tx, sendMailJob, { mailId: id }, { now: context.now });
  return { id, messageId, created: true };
}

interface MailRow {
  id: string;
  kind: string;
  idempotency_key: string;
  message_id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  transport_response: string | null;
  server_queue_id: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  order_id: string | null;
}

const ENTRY_COLUMNS = `id, kind, idempotency_key, message_id, to_address, reply_to, subject, status,
  attempts, next_attempt_at, last_error, transport_response, server_queue_id, created_at, sent_at,
  order_id`;

/** The outbox as features and operators see it. */
export class MailOutbox {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** The domain of generated Message-IDs (that of MAIL_FROM). */
    readonly messageIdDomain: string,
  ) {}

  /** See enqueueMail; `tx` is the caller's transaction. */
  enqueue(tx: Queryable, message: MailMessage): Promise<EnqueueResult> {
    return enqueueMail(tx, message, {
      now: this.clock.now(),
      messageIdDomain: this.messageIdDomain,
    });
  }

  /** Newest first, optionally of one status. */
  async list(options: { status?: MailStatus; limit?: number } = {}): Promise<OutboxEntry[]> {
    const rows = options.status
      ? await this.database.query<MailRow>(
          `SELECT ${ENTRY_COLUMNS} FROM mail WHERE status = $1 ORDER BY created_at DESC, id LIMIT $2`,
          [options.status, options.limit ?? 100],
        )
      : await this.database.query<MailRow>(
          `SELECT ${ENTRY_COLUMNS} FROM mail ORDER BY created_at DESC, id LIMIT $1`,
          [options.limit ?? 100],
        );
    return rows.map(toEntry);
  }

  /** The emails about one order, oldest first. */
  async listForOrder(orderId: string, limit = 200): Promise<OutboxEntry[]> {
    const rows = await this.database.query<MailRow>(
      `SELECT ${ENTRY_COLUMNS} FROM mail WHERE order_id = $1 ORDER BY created_at, id LIMIT $2`,
      [orderId, limit],
    );
    return rows.map(toEntry);
  }

  async get(id: string): Promise<OutboxEntry | undefined> {
    const rows = await this.database.query<MailRow>(
      `SELECT ${ENTRY_COLUMNS} FROM mail WHERE id = $1`,
      [id],
    );
    return rows[0] ? toEntry(rows[0]) : undefined;
  }

  async findByIdempotencyKey(key: string): Promise<OutboxEntry | undefined> {
    const rows = await this.database.query<MailRow>(
      `SELECT ${ENTRY_COLUMNS} FROM mail WHERE idempotency_key = $1`,
      [key],
    );
    return rows[0] ? toEntry(rows[0]) : undefined;
  }

  /** Newest first, of any of `statuses` (all when empty). */
  async listIn(statuses: readonly MailStatus[], limit: number): Promise<OutboxEntry[]> {
    const rows =
      statuses.length > 0
        ? await this.database.query<MailRow>(
            `SELECT ${ENTRY_COLUMNS} FROM mail WHERE status = ANY($1::text[])
             ORDER BY created_at DESC, id LIMIT $2`,
            [statuses, limit],
          )
        : await this.database.query<MailRow>(
            `SELECT ${ENTRY_COLUMNS} FROM mail ORDER BY created_at DESC, id LIMIT $1`,
            [limit],
          );
    return rows.map(toEntry);
  }

  /** How many emails there are in each status (statuses with none are absent). */
  async countByStatus(): Promise<Partial<Record<MailStatus, number>>> {
    const rows = await this.database.query<{ status: MailStatus; n: number | string }>(
      `SELECT status, count(*) AS n FROM mail GROUP BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /**
   * An operator's retry inside the caller's transaction: the row is locked and its status
   * re-checked against the one the operator saw, so two clicks (or two operators) queue it once.
   * Its `send-mail` job is made due now in the same transaction. Returns the entry as queued,
   * `not-found`, or `changed` (it is not in `expected` any more).
   */
  async retryLocked(
    tx: Queryable,
    id: string,
    expected: 'failed' | 'unknown' | 'held',
  ): Promise<OutboxEntry | 'not-found' | 'changed'> {
    const query = rawQueryOf(tx);
    const locked = await this.lockedIn(tx, id, expected);
    if (locked !== 'locked') return locked;
    const now = this.clock.now();
    const [row] = await query<MailRow>(
      `UPDATE mail SET status = 'pending', next_attempt_at = $2, claim_token = NULL,
         committed_at = NULL
       WHERE id = $1 AND status = $3
       RETURNING ${ENTRY_COLUMNS}`,
      [id, now, expected],
    );
    if (!row) return 'changed';
    await requeueJob(tx, sendMailJob, { mailId: id }, now);
    return toEntry(row);
  }

  /** An operator's discard of a held email (decision 141): it is never sent. */
  async discardLocked(tx: Queryable, id: string): Promise<OutboxEntry | 'not-found' | 'changed'> {
    const locked = await this.lockedIn(tx, id, 'held');
    if (locked !== 'locked') return locked;
    const [row] = await rawQueryOf(tx)<MailRow>(
      `UPDATE mail SET status = 'discarded' WHERE id = $1 AND status = 'held'
       RETURNING ${ENTRY_COLUMNS}`,
      [id],
    );
    return row ? toEntry(row) : 'changed';
  }

  /** Locks the email's row; whether it is in the state the operator saw. */
  private async lockedIn(
    tx: Queryable,
    id: string,
    expected: MailStatus,
  ): Promise<'locked' | 'not-found' | 'changed'> {
    const [locked] = await rawQueryOf(tx)<{ status: MailStatus }>(
      `SELECT status FROM mail WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!locked) return 'not-found';
    return locked.status === expected ? 'locked' : 'changed';
  }

  /**
   * A restore's emails (decision 141): every email not yet sent when its reconciliation ends is
   * held for an operator: those written before the backup, and those written since, while no
   * email was sent (the confirmations of bookings the reconciliation found). Answers how many.
   */
  async holdAfterRestore(tx: Queryable): Promise<number> {
    const rows = await rawQueryOf(tx)(
      `UPDATE mail SET status = 'held', claim_token = NULL
       WHERE status IN ('pending', 'sending')
       RETURNING id`,
    );
    return rows.length;
  }

  /**
   * An operator's decision to send a failed or unknown-outcome message again (an unknown one
   * may then arrive twice): it is due at once; a message that already used its attempts gets
   * this one more. Its `send-mail` job is made due now in the same transaction. Returns false
   * when the message is not in one of those states.
   */
  async retry(id: string): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const now = this.clock.now();
      const rows = await tx.query(
        `UPDATE mail SET status = 'pending', next_attempt_at = $2, claim_token = NULL,
           committed_at = NULL
         WHERE id = $1 AND status IN ('failed', 'unknown')
         RETURNING id`,
        [id, now],
      );
      if (rows.length === 0) return false;
      await requeueJob(tx, sendMailJob, { mailId: id }, now);
      return true;
    });
  }
}

function toEntry(row: MailRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    messageId: row.message_id,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
    transportResponse: row.transport_response,
    serverQueueId: row.server_queue_id,
    createdAt: new Date(row.created_at),
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
    orderId: row.order_id,
  };
}

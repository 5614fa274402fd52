import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { Poller } from '../../jobs/poller.js';
import { bareAddress, composeMessage } from '../../providers/email/compose.js';
import type { MailTransport } from '../../providers/email/email-provider.js';
import { isProviderError, ProviderError } from '../../providers/provider-error.js';

export interface MailWorkerOptions {
  /** How often the running worker looks for due mail. */
  pollIntervalMs: number;
  /** Messages claimed per round. */
  batchSize: number;
  /**
   * How long a claimed message belongs to its worker. Must exceed the longest delivery (the SMTP
   * timeouts); a message whose worker died is looked at again once its lease has expired.
   */
  leaseMs: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** On stop(), how long deliveries in progress may take before they are aborted. */
  stopGraceMs: number;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollIntervalMs: 2_000,
  batchSize: 10,
  leaseMs: 10 * 60_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  stopGraceMs: 10_000,
};

export interface MailWorkerDeps {
  database: Database;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  /** MAIL_FROM, e.g. `BoxAbroad <no-reply@boxabroad.example>`. */
  from: string;
}

export interface RunSummary {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Messages whose delivery may or may not have happened: left for an operator, not resent. */
  unknown: number;
}

interface ClaimedRow {
  id: string;
  kind: string;
  message_id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  attempts: number;
  created_at: Date | string;
}

interface AttachmentRow {
  mail_id: string;
  filename: string;
  content_type: string;
  content: Uint8Array;
}

const UNKNOWN_OUTCOME =
  'Delivery was interrupted after the message was handed to the mail server: it may or may not ' +
  'have arrived. Not resent automatically; an operator may resend it.';

/**
 * Delivers the outbox. `start()` runs a round every pollIntervalMs (at once after `wake()` or a
 * full batch); tests call `runOnce()`. Each round:
 * 1. messages whose worker vanished after committing (lease expired, committed_at set) become
 *    'unknown': they may have been delivered, so they are not resent; those whose workers kept
 *    vanishing before committing, up to maxAttempts, become 'failed';
 * 2. due messages are claimed with a lease (`FOR UPDATE SKIP LOCKED`: two workers, in one process
 *    or many, never claim the same message) — pending ones whose time has come, and 'sending'
 *    ones whose worker vanished before committing (nothing can have been delivered);
 * 3. each is composed and handed to the transport; the outcome is recorded only while the claim
 *    token still matches (a worker that lost its lease records nothing).
 * Failures are retried with exponential backoff up to maxAttempts, then marked 'failed'.
 */
export class MailWorker {
  readonly options: MailWorkerOptions;
  private readonly poller: Poller<RunSummary>;
  private abort = new AbortController();

  constructor(
    private readonly deps: MailWorkerDeps,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...options };
    this.poller = new Poller({
      name: 'mail worker',
      round: () => {
        if (this.abort.signal.aborted) this.abort = new AbortController();
        return this.round();
      },
      // A full batch means more may be due: go on at once.
      more: (summary) => summary.claimed === this.options.batchSize,
      intervalMs: this.options.pollIntervalMs,
      logger: deps.logger,
    });
  }

  /** Polls every pollIntervalMs until stop(). */
  start(): void {
    this.poller.start();
  }

  /** Looks for mail now instead of at the next poll (call after committing an enqueue). */
  wake(): void {
    this.poller.wake();
  }

  /**
   * Stops polling and waits for deliveries in progress; after stopGraceMs they are aborted
   * (an aborted message goes back to the queue, or to 'unknown' if it was already committed).
   */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    const grace = options.graceMs ?? this.options.stopGraceMs;
    const abortTimer = this.poller.inFlight
      ? setTimeout(() => this.abort.abort(new Error('mail worker stopping')), grace)
      : undefined;
    try {
      await this.poller.stop();
    } finally {
      clearTimeout(abortTimer);
    }
  }

  /** One round (see the class comment). Rounds of one worker never overlap. */
  runOnce(): Promise<RunSummary> {
    return this.poller.runOnce();
  }

  private async round(): Promise<RunSummary> {
    const summary: RunSummary = { claimed: 0, sent: 0, retrying: 0, failed: 0, unknown: 0 };
    const { database, clock, logger } = this.deps;
    const now = clock.now();

    const orphaned = await database.query<{ id: string; message_id: string }>(
      `UPDATE mail SET status = 'unknown', locked_until = NULL, last_error = $2
       WHERE status = 'sending' AND locked_until <= $1 AND committed_at IS NOT NULL
       RETURNING id, message_id`,
      [now, UNKNOWN_OUTCOME],
    );
    for (const row of orphaned) {
      summary.unknown++;
      logger.error({ mailId: row.id, messageId: row.message_id }, 'mail delivery outcome unknown');
    }

    // A message whose workers kept vanishing before the commit (it may crash them) stops here.
    const exhausted = await database.query<{ id: string; message_id: string }>(
      `UPDATE mail SET status = 'failed', locked_until = NULL, last_error = $3
       WHERE status = 'sending' AND locked_until <= $1 AND committed_at IS NULL AND attempts >= $2
       RETURNING id, message_id`,
      [now, this.options.maxAttempts, 'Every attempt was interrupted before the message was sent.'],
    );
    for (const row of exhausted) {
      summary.failed++;
      logger.error({ mailId: row.id, messageId: row.message_id }, 'mail failed');
    }

    const token = randomUUID();
    const claimed = await database.query<ClaimedRow>(
      `UPDATE mail SET status = 'sending', attempts = attempts + 1, claim_token = $2,
         locked_until = $3, committed_at = NULL
       WHERE id IN (
         SELECT id FROM mail
         WHERE (status = 'pending' AND next_attempt_at <= $1)
            OR (status = 'sending' AND locked_until <= $1 AND committed_at IS NULL)
         ORDER BY next_attempt_at, created_at
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, message_id, to_address, reply_to, subject, html_body, text_body,
         attempts, created_at`,
      [now, token, new Date(now.getTime() + this.options.leaseMs), this.options.batchSize],
    );
    summary.claimed = claimed.length;
    if (claimed.length === 0) return summary;

    const attachments = await database.query<AttachmentRow>(
      `SELECT mail_id, filename, content_type, content FROM mail_attachments
       WHERE mail_id = ANY($1::uuid[]) ORDER BY mail_id, position`,
      [claimed.map((row) => row.id)],
    );

    for (const row of claimed) {
      const outcome = await this.deliver(
        row,
        token,
        attachments.filter((a) => a.mail_id === row.id),
      );
      if (outcome !== 'lease-lost') summary[outcome]++;
    }
    return summary;
  }

  private async deliver(
    row: ClaimedRow,
    token: string,
    attachments: AttachmentRow[],
  ): Promise<'sent' | 'retrying' | 'failed' | 'unknown' | 'lease-lost'> {
    const { database, transport, clock, logger, from } = this.deps;
    const log = logger.child({ mailId: row.id, messageId: row.message_id, kind: row.kind });
    let committed = false;
    const started = performance.now();
    // Renew the lease as the delivery starts (earlier messages of the batch took time); a
    // message whose lease was already taken over is left to its new owner.
    const renewed = await database.query(
      `UPDATE mail SET locked_until = $3
       WHERE id = $1 AND claim_token = $2 AND status = 'sending' RETURNING id`,
      [row.id, token, new Date(clock.now().getTime() + this.options.leaseMs)],
    );
    if (renewed.length === 0) return 'lease-lost';
    try {
      const raw = await composeMessage({
        from,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        html: row.html_body,
        text: row.text_body,
        messageId: row.message_id,
        date: new Date(row.created_at),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: a.content,
        })),
      });
      const receipt = await transport.send({
        messageId: row.message_id,
        envelope: { from: bareAddress(from), to: [row.to_address] },
        raw,
        signal: this.abort.signal,
        commit: async () => {
          const rows = await database.query(
            `UPDATE mail SET committed_at = $3
             WHERE id = $1 AND claim_token = $2 AND status = 'sending' RETURNING id`,
            [row.id, token, clock.now()],
          );
          if (rows.length === 0) {
            throw new ProviderError('email', 'LEASE_LOST', false, 'Lease lost before commit');
          }
          committed = true;
        },
      });
      const recorded = await database.query(
        `UPDATE mail SET status = 'sent', sent_at = $3, locked_until = NULL, last_error = NULL,
           transport_response = $4
         WHERE id = $1 AND claim_token = $2 AND status IN ('sending', 'unknown') RETURNING id`,
        [row.id, token, clock.now(), receipt.response.slice(0, 500)],
      );
      if (recorded.length === 0) {
        log.warn('mail sent after its lease was taken over');
        return 'lease-lost';
      }
      log.info({ ms: Math.round(performance.now() - started), attempt: row.attempts }, 'mail sent');
      return 'sent';
    } catch (error) {
      const failure = isProviderError(error)
        ? error
        : new ProviderError('email', 'UNAVAILABLE', true, errorMessage(error), { cause: error });
      if (failure.code === 'LEASE_LOST') {
        log.warn('mail lease lost; another worker owns it');
        return 'lease-lost';
      }
      const now = clock.now();
      // Past the commit point with no answer from the server: it may have the message.
      const answered = failure.code === 'REJECTED' || failure.code === 'TEMPORARY_FAILURE';
      if (committed && !answered) {
        await this.record(row.id, token, 'unknown', now, `${UNKNOWN_OUTCOME} (${failure.message})`);
        log.error({ err: failure }, 'mail delivery outcome unknown');
        return 'unknown';
      }
      if (failure.retryable && row.attempts < this.options.maxAttempts) {
        // An aborted attempt (shutdown) is not the message's fault: retry at once.
        const delay = failure.code === 'ABORTED' ? 0 : this.backoffMs(row.attempts);
        await this.record(
          row.id,
          token,
          'pending',
          new Date(now.getTime() + delay),
          failure.message,
        );
        log.warn({ err: failure, retryInMs: delay, attempt: row.attempts }, 'mail will be retried');
        return 'retrying';
      }
      await this.record(row.id, token, 'failed', now, failure.message);
      log.error({ err: failure, attempt: row.attempts }, 'mail failed');
      return 'failed';
    }
  }

  /** Delay after attempt n (1-based): base, 2·base, 4·base, … capped at retryMaxMs. */
  backoffMs(attempt: number): number {
    const exponent = Math.max(0, attempt - 1);
    return Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** exponent);
  }

  private async record(
    id: string,
    token: string,
    status: 'pending' | 'failed' | 'unknown',
    at: Date,
    error: string,
  ) {
    await this.deps.database.query(
      `UPDATE mail SET status = $3::text,
         next_attempt_at = CASE WHEN $3::text = 'pending' THEN $4::timestamptz ELSE next_attempt_at END,
         committed_at = CASE WHEN $3::text = 'pending' THEN NULL ELSE committed_at END,
         locked_until = NULL, last_error = $5
       WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [id, token, status, at, error.slice(0, 1000)],
    );
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

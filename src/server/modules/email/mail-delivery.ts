import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { JobContext, JobOutcome, JobQueue } from '../../jobs/job-queue.js';
import { bareAddress, composeMessage } from '../../providers/email/compose.js';
import type { DeliveryReceipt, MailTransport } from '../../providers/email/email-provider.js';
import { isProviderError, ProviderError } from '../../providers/provider-error.js';
import { MailBreaker, type MailBreakerOptions } from './mail-breaker.js';
import { sendMailJob } from './jobs/send-mail.job.js';
import { errorMessage } from '../../error-message.js';

export interface MailDeliveryOptions {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * When another worker changed the message while its job looked at it, the job looks again
   * this much later (at least a job lease: by then that worker's attempt has ended or lapsed).
   */
  recheckMs: number;
  /** The transport's circuit breaker (decision 081). */
  breaker: MailBreakerOptions;
}

export const DEFAULT_MAIL_DELIVERY_OPTIONS: MailDeliveryOptions = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  recheckMs: 60_000,
  breaker: { failures: 3, cooldownMs: 60_000 },
};

export interface MailDeliveryDeps {
  database: Database;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  /** MAIL_FROM, e.g. `BoxAbroad <no-reply@boxabroad.example>`. */
  from: string;
}

/** What the `send-mail` jobs of a round did to their messages (`runOnce()`). */
export interface RunSummary {
  /** Messages taken for an attempt (moved to `sending`). */
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Messages whose delivery may or may not have happened: left for an operator, not resent. */
  unknown: number;
  /** Messages left `pending` because the breaker is open: no attempt spent. */
  held: number;
}

interface MailRow {
  id: string;
  kind: string;
  message_id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  claim_token: string | null;
  committed_at: Date | string | null;
  created_at: Date | string;
}

/** An attempt whose server said 250 but whose `sent` could not be written (database cut). */
interface UnrecordedReceipt {
  token: string;
  receipt: DeliveryReceipt;
}

interface AttachmentRow {
  filename: string;
  content_type: string;
  content: Uint8Array;
}

/** How far an attempt went: to the transport at all, and past the point of no return. */
interface AttemptProgress {
  fromTransport: boolean;
  /** The point of no return itself (SMTP: the final dot) went to the server. */
  handedOver: boolean;
}

type AttemptOutcome =
  | { result: 'sent' | 'failed' | 'unknown' | 'lease-lost' }
  | { result: 'retrying'; delayMs: number; error: string };

/** How many `send-mail` jobs `runOnce()` takes at most. */
const TEST_BATCH = 10;

const MAIL_COLUMNS = `id, kind, message_id, to_address, reply_to, subject, html_body, text_body,
  status, attempts, next_attempt_at, claim_token, committed_at, created_at`;

const UNKNOWN_OUTCOME =
  'Delivery was interrupted after the message was handed to the mail server: it may or may not ' +
  'have arrived. Not resent automatically; an operator may resend it.';

/**
 * Delivers the outbox as jobs: every message has one `send-mail` job on the job queue (decision
 * 056), written with it (`enqueueMail`), so the queue's one loop, lease and `FOR UPDATE SKIP
 * LOCKED` claim decide who attempts it; there is no mail loop or mail lease of its own. A job
 * looks at its message and:
 * - `pending`: claims it (`sending`, a new claim token, one more attempt) and hands it to the
 *   transport; the outcome is recorded only while that claim token still matches;
 * - `sending` with `committed_at` set: the previous attempt's worker vanished (its job's lease ran
 *   out) after the point of no return, so the message may have been delivered: `unknown`, never
 *   resent automatically;
 * - `sending` without `committed_at`: the previous attempt vanished before it; nothing can have
 *   been delivered, so it is attempted again (or `failed` once the attempts are used up);
 * - `sent`, `failed`, `unknown`: nothing (an operator's retry makes the job due again).
 * A row another worker changed meanwhile is looked at again `recheckMs` later, never left: that
 * worker may have lost its job and its connection and so record nothing.
 * Failures are retried with exponential backoff (the job is due again when the message is) up to
 * maxAttempts, then `failed`. A job whose process stops gets `ctx.signal` aborted after the
 * queue's grace: the delivery is abandoned (back to `pending` before the commit, `unknown` after).
 */
export class MailDelivery {
  readonly options: MailDeliveryOptions;
  private readonly queues: JobQueue[] = [];
  /** The transport's circuit breaker in this process. */
  readonly breaker: MailBreaker;
  private readonly tally: RunSummary = {
    claimed: 0,
    sent: 0,
    retrying: 0,
    failed: 0,
    unknown: 0,
    held: 0,
  };
  /**
   * Receipts this process holds but could not record: the next run of the message's job records
   * `sent` from here instead of taking the missing outcome for `unknown`.
   */
  private readonly unrecorded = new Map<string, UnrecordedReceipt>();

  constructor(
    private readonly deps: MailDeliveryDeps,
    options: Partial<MailDeliveryOptions> = {},
  ) {
    this.options = { ...DEFAULT_MAIL_DELIVERY_OPTIONS, ...options };
    this.breaker = new MailBreaker(this.options.breaker);
  }

  /**
   * A job queue this delivery wakes: the job registry registers the `send-mail` job
   * (`jobs/send-mail.job.ts`) on it with this delivery as its handler, and gives it here. `wake()`
   * wakes every queue it was given; `runOnce()` runs the first one's `send-mail` jobs.
   */
  wakes(jobs: JobQueue): void {
    this.queues.push(jobs);
  }

  /** Delivers now rather than at the queue's next poll (call after committing an enqueue). */
  wake(): void {
    for (const queue of this.queues) queue.wake();
  }

  /**
   * Runs the due `send-mail` jobs, up to a batch of 10, waiting for them (tests); what they did.
   * The job queue's rounds take as many as the mail lane has slots: rounds follow one another
   * until the batch is taken or nothing more is due.
   */
  async runOnce(): Promise<RunSummary> {
    const queue = this.queues[0];
    if (!queue) throw new Error('Mail delivery has no job queue: give it one with wakes()');
    const before = { ...this.tally };
    for (let taken = 0; taken < TEST_BATCH;) {
      const claimed = await queue.runOnce([sendMailJob.kind]);
      if (claimed === 0) break;
      taken += claimed;
    }
    return {
      claimed: this.tally.claimed - before.claimed,
      sent: this.tally.sent - before.sent,
      retrying: this.tally.retrying - before.retrying,
      failed: this.tally.failed - before.failed,
      unknown: this.tally.unknown - before.unknown,
      held: this.tally.held - before.held,
    };
  }

  /**
   * The `send-mail` job's handler (see the class comment), in steps: read the message → settle
   * what an earlier attempt left (or wait for it) → pass the transport's breaker → claim the
   * attempt → deliver → count the outcome.
   */
  async handle(payload: { mailId: string }, ctx: JobContext): Promise<JobOutcome> {
    try {
      return await this.look(payload, ctx);
    } catch (error) {
      // What throws here is the database (the transport's failures are outcomes). Until the
      // last attempt the queue retries with backoff; on the last, failing the job would leave the
      // message `sending` with nothing to look at it again, so it is looked at again later.
      if (!ctx.lastAttempt) throw error;
      ctx.log.warn({ err: error }, 'mail not recorded on its job’s last attempt: looked at again');
      return { result: 'again', delayMs: this.options.recheckMs };
    }
  }

  /** One look at the message, the steps above; a throw is the database's. */
  private async look({ mailId }: { mailId: string }, ctx: JobContext): Promise<JobOutcome> {
    const { database, clock } = this.deps;
    const [row] = await database.query<MailRow>(`SELECT ${MAIL_COLUMNS} FROM mail WHERE id = $1`, [
      mailId,
    ]);
    if (!row) {
      ctx.log.warn({ mailId }, 'the message of this send-mail job is gone');
      return { result: 'done' };
    }
    const log = this.deps.logger.child({ mailId, messageId: row.message_id, kind: row.kind });
    const now = clock.now();
    const earlier = await this.settleEarlier(row, now, log);
    if (earlier) return earlier;
    const admission = await this.admit(row, now);
    if (!('go' in admission)) return admission;
    const token = randomUUID();
    const claimed = await this.claim(row, token);
    if (!claimed) {
      this.breaker.released(admission.probe);
      // Another worker claimed it: one whose job lease ran out may have lost its connection too
      // and can record nothing, so this job looks again once that attempt has ended either way
      // (sent or failed: done; pending: sent; still `sending`: taken over as above).
      log.warn('mail changed while its job looked at it; looked at again later');
      return { result: 'again', delayMs: this.options.recheckMs };
    }
    this.tally.claimed++;
    const outcome = await this.deliver(claimed, token, ctx.signal, log, admission.probe);
    if (outcome.result === 'lease-lost') return { result: 'done' };
    this.tally[outcome.result]++;
    return outcome.result === 'retrying'
      ? { result: 'retry', delayMs: outcome.delayMs, error: outcome.error }
      : { result: 'done' };
  }

  /**
   * What the message's state says before an attempt (decision 056): a `pending` one due later
   * waits; a `sending` one whose previous attempt vanished after its commit is `unknown` (or
   * `sent`, when this process kept the server's receipt); one whose attempts kept vanishing
   * before the commit is `failed`; `sent`, `failed`, `unknown`: nothing. Undefined: attempt it
   * now.
   */
  private async settleEarlier(
    row: MailRow,
    now: Date,
    log: Logger,
  ): Promise<JobOutcome | undefined> {
    if (row.status === 'pending') {
      // Its job ran early (a job made due by hand, or a retry recorded before its job's): wait.
      const due = new Date(row.next_attempt_at).getTime();
      return due > now.getTime() ? { result: 'again', delayMs: due - now.getTime() } : undefined;
    }
    if (row.status === 'sending' && row.committed_at !== null) {
      const kept = this.unrecorded.get(row.id);
      if (kept && kept.token === row.claim_token) {
        // This process had the server's 250 but not the database to write it down: write it now.
        if (await this.recordSent(row.id, kept.token, kept.receipt, log)) this.tally.sent++;
        this.unrecorded.delete(row.id);
        return { result: 'done' };
      }
      const found = await this.askTransport(row, log);
      if (found) return found === 'send' ? undefined : found;
      return this.settleVanished(row, 'unknown', UNKNOWN_OUTCOME, log);
    }
    if (row.status === 'sending') {
      // A message whose workers kept vanishing before the commit (it may crash them) stops here.
      if (row.attempts < this.options.maxAttempts) return undefined;
      return this.settleVanished(
        row,
        'failed',
        'Every attempt was interrupted before the message was sent.',
        log,
      );
    }
    // sent, failed or unknown: nothing to do until an operator asks again.
    return { result: 'done' };
  }

  /**
   * A message whose attempt vanished after its commit, on a transport that can say whether it
   * arrived (the local mailbox): arrived, it is recorded `sent` with the transport's receipt; not
   * arrived, its commit is undone so it is attempted now (`'send'`). Undefined when the
   * transport cannot tell (SMTP), and the outcome stays `unknown`.
   */
  private async askTransport(row: MailRow, log: Logger): Promise<JobOutcome | 'send' | undefined> {
    const { transport, database } = this.deps;
    const token = row.claim_token;
    if (!transport.delivered || !token) return undefined;
    const receipt = await transport.delivered(row.message_id);
    if (receipt) {
      if (await this.recordSent(row.id, token, receipt, log)) this.tally.sent++;
      log.info('mail found delivered after its attempt vanished');
      return { result: 'done' };
    }
    const reopened = await database.query(
      `UPDATE mail SET committed_at = NULL
       WHERE id = $1 AND status = 'sending' AND claim_token = $2 AND committed_at IS NOT NULL
       RETURNING id`,
      [row.id, token],
    );
    if (reopened.length === 0) return { result: 'again', delayMs: this.options.recheckMs };
    log.warn('mail never reached the mailbox before its attempt vanished: sent again');
    return 'send';
  }

  /**
   * Ends a message whose last attempt's worker vanished (`unknown` after its commit, `failed`
   * before it), while that attempt's claim still holds; looked at again when it does not.
   */
  private async settleVanished(
    row: MailRow,
    status: 'unknown' | 'failed',
    error: string,
    log: Logger,
  ): Promise<JobOutcome> {
    const marked = await this.deps.database.query(
      `UPDATE mail SET status = $4, last_error = $3
       WHERE id = $1 AND status = 'sending' AND claim_token = $2
         AND (committed_at IS NOT NULL) = ($4 = 'unknown')
       RETURNING id`,
      [row.id, row.claim_token, error, status],
    );
    if (marked.length === 0) return { result: 'again', delayMs: this.options.recheckMs };
    this.tally[status]++;
    if (status === 'unknown') log.error('mail delivery outcome unknown');
    else log.error('mail failed');
    return { result: 'done' };
  }

  /**
   * The transport's breaker: go (a normal attempt, or the probe), after waiting for a probe in
   * flight; or, while the server is left alone for its cool-down, the message waits, no attempt
   * spent.
   */
  private async admit(row: MailRow, now: Date): Promise<{ go: true; probe: boolean } | JobOutcome> {
    let admission = this.breaker.admit(now);
    while (admission.go === 'after-probe') {
      // The server is being probed: this delivery learns its outcome before going or waiting.
      await admission.afterProbe;
      admission = this.breaker.admit(this.deps.clock.now());
    }
    if (admission.go) return admission;
    await this.deps.database.query(
      `UPDATE mail SET next_attempt_at = GREATEST(next_attempt_at, $2),
         last_error = COALESCE(last_error, $3)
       WHERE id = $1 AND status = 'pending'`,
      [row.id, admission.until, 'Waiting: the mail server did not answer recent attempts.'],
    );
    this.tally.held++;
    return { result: 'again', delayMs: Math.max(0, admission.until.getTime() - now.getTime()) };
  }

  /** Claims the attempt (`sending`, a new claim token, one more attempt) if nobody changed it. */
  private async claim(row: MailRow, token: string): Promise<MailRow | undefined> {
    const [claimed] = await this.deps.database.query<MailRow>(
      `UPDATE mail SET status = 'sending', attempts = attempts + 1, claim_token = $2,
         committed_at = NULL
       WHERE id = $1 AND status = $3 AND claim_token IS NOT DISTINCT FROM $4
         AND committed_at IS NULL
       RETURNING ${MAIL_COLUMNS}`,
      [row.id, token, row.status, row.claim_token],
    );
    return claimed;
  }

  /**
   * One attempt: hand the message to the transport (its commit recorded before the point of no
   * return), then record what became of it.
   */
  private async deliver(
    row: MailRow,
    token: string,
    signal: AbortSignal,
    log: Logger,
    probe: boolean,
  ): Promise<AttemptOutcome> {
    const started = performance.now();
    const attempt: AttemptProgress = { fromTransport: false, handedOver: false };
    let receipt: DeliveryReceipt;
    try {
      receipt = await this.send(row, token, signal, attempt);
    } catch (error) {
      return this.attemptFailed(row, token, error, attempt, { log, probe });
    }
    this.breaker.reached();
    return this.attemptSent(row, token, receipt, log, started);
  }

  /**
   * Composes the message with its attachments and hands it to the transport. Its commit (just
   * before the final dot) is recorded only while the attempt's claim holds.
   */
  private async send(
    row: MailRow,
    token: string,
    signal: AbortSignal,
    attempt: AttemptProgress,
  ): Promise<DeliveryReceipt> {
    const { database, transport, clock, from } = this.deps;
    const attachments = await database.query<AttachmentRow>(
      `SELECT filename, content_type, content FROM mail_attachments
       WHERE mail_id = $1 ORDER BY position`,
      [row.id],
    );
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
    attempt.fromTransport = true;
    return transport.send({
      messageId: row.message_id,
      envelope: { from: bareAddress(from), to: [row.to_address] },
      raw,
      signal,
      commit: async () => {
        const rows = await database.query(
          `UPDATE mail SET committed_at = $3
           WHERE id = $1 AND claim_token = $2 AND status = 'sending' RETURNING id`,
          [row.id, token, clock.now()],
        );
        if (rows.length === 0) {
          throw new ProviderError('email', 'LEASE_LOST', false, 'Lease lost before commit');
        }
      },
      handedOver: () => {
        attempt.handedOver = true;
      },
    });
  }

  /**
   * The attempt failed: taken over (nothing recorded), `unknown` when the final dot went out
   * unanswered, retried with backoff while attempts remain, else `failed`. Only failing to talk
   * to the server feeds the breaker.
   */
  private async attemptFailed(
    row: MailRow,
    token: string,
    error: unknown,
    attempt: AttemptProgress,
    { log, probe }: { log: Logger; probe: boolean },
  ): Promise<AttemptOutcome> {
    const failure = isProviderError(error)
      ? error
      : new ProviderError('email', 'UNAVAILABLE', true, errorMessage(error), { cause: error });
    if (failure.code === 'LEASE_LOST' || failure.code === 'ABORTED') {
      this.breaker.released(probe);
    }
    if (failure.code === 'LEASE_LOST') {
      log.warn('mail taken over; another worker owns it');
      return { result: 'lease-lost' };
    }
    const now = this.deps.clock.now();
    const answered = failure.code === 'REJECTED' || failure.code === 'TEMPORARY_FAILURE';
    if (attempt.fromTransport && failure.code !== 'ABORTED') {
      // A refusal (any answer, or a permanent error such as the mailbox's 550) is a server
      // that works: only failing to talk to it feeds the breaker.
      if (answered || !failure.retryable) this.breaker.reached();
      else if (this.breaker.unreachable(now, probe)) {
        log.error(
          { cooldownMs: this.options.breaker.cooldownMs },
          'mail server unreachable: deliveries paused for the cool-down',
        );
      }
    }
    // The final dot went out with no answer from the server: it may have the message. A
    // failure before it (even after the commit was recorded) cannot have delivered anything.
    if (attempt.handedOver && !answered) {
      await this.record(row.id, token, 'unknown', now, `${UNKNOWN_OUTCOME} (${failure.message})`);
      log.error({ err: failure }, 'mail delivery outcome unknown');
      return { result: 'unknown' };
    }
    if (failure.retryable && row.attempts < this.options.maxAttempts) {
      // An aborted attempt (shutdown) is not the message's fault: retry at once.
      const delay = failure.code === 'ABORTED' ? 0 : this.backoffMs(row.attempts);
      await this.record(row.id, token, 'pending', new Date(now.getTime() + delay), failure.message);
      log.warn({ err: failure, retryInMs: delay, attempt: row.attempts }, 'mail will be retried');
      return { result: 'retrying', delayMs: delay, error: failure.message.slice(0, 1000) };
    }
    await this.record(row.id, token, 'failed', now, failure.message);
    log.error({ err: failure, attempt: row.attempts }, 'mail failed');
    return { result: 'failed' };
  }

  /** The server accepted the message: `sent`, or its receipt kept when the database is missing. */
  private async attemptSent(
    row: MailRow,
    token: string,
    receipt: DeliveryReceipt,
    log: Logger,
    started: number,
  ): Promise<AttemptOutcome> {
    let recorded: boolean;
    try {
      recorded = await this.recordSent(row.id, token, receipt, log);
    } catch (error) {
      // The server has the message; only the database is missing. Keep the receipt so the job's
      // next run (it is retried) records `sent`, rather than calling the outcome unknown.
      this.unrecorded.set(row.id, { token, receipt });
      throw error;
    }
    if (!recorded) return { result: 'lease-lost' };
    log.info(
      {
        ms: Math.round(performance.now() - started),
        attempt: row.attempts,
        queueId: receipt.queueId,
      },
      'mail sent',
    );
    return { result: 'sent' };
  }

  /** Records the server's acceptance while the attempt's claim holds; false when it does not. */
  private async recordSent(
    id: string,
    token: string,
    receipt: DeliveryReceipt,
    log: Logger,
  ): Promise<boolean> {
    const recorded = await this.deps.database.query(
      `UPDATE mail SET status = 'sent', sent_at = $3, last_error = NULL, transport_response = $4,
         server_queue_id = $5
       WHERE id = $1 AND claim_token = $2 AND status IN ('sending', 'unknown') RETURNING id`,
      [id, token, this.deps.clock.now(), receipt.response.slice(0, 500), receipt.queueId ?? null],
    );
    if (recorded.length === 0) log.warn('mail sent after its job was taken over');
    return recorded.length > 0;
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
         last_error = $5
       WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [id, token, status, at, error.slice(0, 1000)],
    );
  }
}

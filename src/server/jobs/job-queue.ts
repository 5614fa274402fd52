import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Database, RawQuery } from '../db/client.js';
import { rawQueryOf, type Queryable } from '../db/queryable.js';
import { Poller } from './poller.js';

/** What a handler tells the queue. */
export type JobOutcome =
  | { result: 'done' }
  /** Try again after `delayMs` (a transient failure). */
  | { result: 'retry'; delayMs: number; error: string }
  | { result: 'failed'; error: string };

export interface JobContext {
  id: string;
  attempts: number;
  createdAt: Date;
  log: Logger;
}

export type JobHandler = (
  payload: Record<string, unknown>,
  context: JobContext,
) => Promise<JobOutcome>;

export interface JobQueueOptions {
  pollIntervalMs: number;
  batchSize: number;
  /**
   * How long a claimed job belongs to its worker; must exceed the longest handler (the courier's
   * booking timeout). A job whose worker died is claimed again once its lease has expired.
   */
  leaseMs: number;
  /** Attempts before a job whose handler keeps throwing is marked failed. */
  maxAttempts: number;
  retryBaseMs: number;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  pollIntervalMs: 1_000,
  batchSize: 5,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  retryBaseMs: 5_000,
};

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

/**
 * The durable job queue (decision 009): jobs are rows in `jobs`, written in the transaction of
 * the change that causes them (`enqueue(tx, …)`, one per key). Every process runs a worker that
 * claims due jobs with a lease (`FOR UPDATE SKIP LOCKED`: two workers never hold the same job),
 * runs the handler for its kind and records the outcome only while its claim still holds. A job
 * whose worker died (restart, crash) is claimed again when its lease expires; handlers are written
 * to be safe to resume (the booking job never calls BookShipment twice, see docs/orders.md).
 * Works on PGlite's single connection and on Postgres with many processes.
 */
export class JobQueue {
  readonly options: JobQueueOptions;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly poller: Poller<number>;

  constructor(
    private readonly deps: { database: Database; clock: Clock; logger: Logger },
    options: Partial<JobQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_JOB_QUEUE_OPTIONS, ...options };
    this.poller = new Poller({
      name: 'job queue',
      round: () => this.round(),
      more: (claimed) => claimed === this.options.batchSize,
      intervalMs: this.options.pollIntervalMs,
      logger: deps.logger,
    });
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job in the caller's transaction; a second job with the same key is not added. */
  async enqueue(
    tx: Queryable,
    job: { kind: string; key: string; payload: Record<string, unknown>; runAt?: Date },
  ): Promise<boolean> {
    const now = this.deps.clock.now();
    const rows = await rawQueryOf(tx)(
      `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'pending', 0, $5, $6, $6)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [randomUUID(), job.kind, job.key, JSON.stringify(job.payload), job.runAt ?? now, now],
    );
    return rows.length > 0;
  }

  start(): void {
    this.poller.start();
  }

  /** Runs due jobs now instead of at the next poll (call after committing an enqueue). */
  wake(): void {
    this.poller.wake();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** One round: claims due jobs and runs them; returns how many were claimed. */
  runOnce(): Promise<number> {
    return this.poller.runOnce();
  }

  /** Rounds until nothing is due (tests). */
  async drain(maxRounds = 20): Promise<void> {
    for (let i = 0; i < maxRounds; i += 1) if ((await this.runOnce()) === 0) return;
  }

  private async round(): Promise<number> {
    const { database, clock } = this.deps;
    const now = clock.now();
    const token = randomUUID();
    const claimed = await database.query<ClaimedJob>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, claim_token = $2,
         locked_until = $3, updated_at = $1
       WHERE id IN (
         SELECT id FROM jobs
         WHERE (status = 'pending' AND run_at <= $1) OR (status = 'running' AND locked_until <= $1)
         ORDER BY run_at, created_at
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts, created_at`,
      [now, token, new Date(now.getTime() + this.options.leaseMs), this.options.batchSize],
    );
    for (const job of claimed) await this.run(job, token);
    return claimed.length;
  }

  private async run(job: ClaimedJob, token: string): Promise<void> {
    const log = this.deps.logger.child({ jobId: job.id, job: job.kind, ...job.payload });
    const handler = this.handlers.get(job.kind);
    let outcome: JobOutcome;
    if (!handler) {
      outcome = { result: 'failed', error: `No handler for job kind ${job.kind}` };
    } else {
      try {
        outcome = await handler(job.payload, {
          id: job.id,
          attempts: job.attempts,
          createdAt: new Date(job.created_at),
          log,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcome =
          job.attempts >= this.options.maxAttempts
            ? { result: 'failed', error: message }
            : { result: 'retry', delayMs: this.backoffMs(job.attempts), error: message };
      }
    }
    await this.record(this.deps.database.query, job.id, token, outcome);
    if (outcome.result === 'failed') log.error({ error: outcome.error }, 'job failed');
    else if (outcome.result === 'retry')
      log.warn({ error: outcome.error, retryInMs: outcome.delayMs }, 'job will be retried');
    else log.info('job done');
  }

  /** Delay after attempt n (1-based): base, 2·base, 4·base… capped at 10 minutes. */
  backoffMs(attempt: number): number {
    return Math.min(10 * 60_000, this.options.retryBaseMs * 2 ** Math.max(0, attempt - 1));
  }

  private async record(query: RawQuery, id: string, token: string, outcome: JobOutcome) {
    const now = this.deps.clock.now();
    const status = outcome.result === 'retry' ? 'pending' : outcome.result;
    const runAt = outcome.result === 'retry' ? new Date(now.getTime() + outcome.delayMs) : now;
    await query(
      `UPDATE jobs SET status = $3, run_at = $4, locked_until = NULL, claim_token = NULL,
         last_error = $5, updated_at = $6
       WHERE id = $1 AND claim_token = $2 AND status = 'running'`,
      [id, token, status, runAt, 'error' in outcome ? outcome.error.slice(0, 1000) : null, now],
    );
  }
}

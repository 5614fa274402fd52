import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { rawQueryOf, type Queryable } from '../db/queryable.js';
import type { z } from 'zod';
import { Poller } from './poller.js';
import { errorMessage } from '../error-message.js';

/**
 * One kind of job, in one file (docs/jobs.md): its kind, the zod schema of its payload, the key
 * that makes two jobs the same work, its lane and its handler. Code that adds a job passes this
 * definition and a payload of its type (`jobs.enqueue(tx, capturePaymentJob, { paymentId })`),
 * so a payload of the wrong shape, or a job with no definition, fails `tsc`. The handler gets the
 * payload parsed (a stored payload that does not parse fails the job, visibly) and `deps`, what
 * it works with, given once where the registry (`src/server/job-registry.ts`) registers it.
 */
export interface JobDefinition<Payload, Deps, Input extends Payload = Payload> {
  kind: string;
  payload: z.ZodType<Payload>;
  /**
   * The job's key, built from what it is given: a second job with the same key is not added.
   * `Input` is what adding the job must give, when the key needs more than the stored schema
   * requires of a job written before (the booking's payment attempt).
   */
  key(payload: Input): string;
  lane: JobLane;
  /**
   * After a restore (decision 141): `waits` for a job that reaches the courier, the card provider
   * or the mail server, which runs only once the restore is reconciled (what the outside world
   * already saw is never repeated); `runs` for one that does not.
   */
  afterRestore: 'waits' | 'runs';
  handle(payload: Payload, ctx: JobContext, deps: Deps): Promise<JobOutcome>;
}

/** Any job definition, whatever its payload and deps (what the queue stores them as). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any, any, any>;

/**
 * A recurring job (`src/server/job-registry.ts` lists them): nothing in its payload, and one row
 * for the site, whose key needs no payload.
 */
export type RecurringJobDefinition = JobDefinition<object, never, object>;

/** What adding a job of this definition takes. */
export type JobInput<Job extends AnyJobDefinition> =
  Job extends JobDefinition<infer Payload, unknown, infer Input> ? Payload & Input : never;

/** Throws, naming the kind and the problem, when `payload` does not parse. */
export function checkPayload(kind: string, schema: z.ZodType, payload: unknown): void {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new InvalidJobError(kind, payload, describeIssues(parsed.error));
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'payload'}: ${issue.message}`)
    .join('; ');
}

/** A job refused before it is written: a kind nobody handles, or a payload that does not parse. */
export class InvalidJobError extends Error {
  constructor(
    readonly kind: string,
    readonly payload: unknown,
    problem: string,
  ) {
    super(`Job "${kind}" refused: ${problem}`);
    this.name = 'InvalidJobError';
  }
}

/** What a handler tells the queue. */
export type JobOutcome =
  | { result: 'done' }
  /** Try again after `delayMs` (a transient failure). */
  | { result: 'retry'; delayMs: number; error: string }
  | { result: 'failed'; error: string }
  /** A recurring job: run again after `delayMs`, its attempts counted from zero. */
  | { result: 'again'; delayMs: number };

export interface JobContext {
  id: string;
  attempts: number;
  /**
   * True when this is the job's last attempt (`attempts` has reached the queue's `maxAttempts`):
   * a throw now fails the job for good, so a handler that must leave a final state (a refund's
   * `needs_action`) writes it before giving up.
   */
  lastAttempt: boolean;
  createdAt: Date;
  log: Logger;
  /**
   * False once another worker has taken the job over (this worker's lease was lost): the handler
   * may finish what it started, the queue records nothing of its outcome.
   */
  stillMine(): boolean;
  /**
   * True once this process is stopping its queue: a long handler (the courier route matrix's
   * refresh) stops taking new work and returns, so shutdown waits only for what is in flight.
   */
  stopping(): boolean;
  /**
   * Aborted once this process's `stop()` has waited `stopGraceMs` for the job: a handler that can
   * give up safely (the mail delivery, before its commit point) listens to it; others ignore it.
   */
  signal: AbortSignal;
}

/**
 * Jobs run in lanes, each with its own number of slots, so that one kind of work never waits
 * behind another: a booking that waits 90 s on the courier, or an email on a slow mail server,
 * never delays a capture or a cancel.
 */
export type JobLane = 'booking' | 'mail' | 'default';

const LANES: readonly JobLane[] = ['default', 'booking', 'mail'];

export interface JobQueueOptions {
  pollIntervalMs: number;
  /** Jobs of the `default` lane (capture, cancel, reconciliation, refresh…) run at once, per process. */
  concurrency: number;
  /** Bookings run at once, per process (each waits on the courier). */
  bookingConcurrency: number;
  /** Email deliveries run at once, per process (each waits on the mail server). */
  mailConcurrency: number;
  /**
   * How long a claimed job belongs to its worker before another may take it over. The worker
   * renews it every third of this while the handler runs, so only a worker that died (or lost
   * its database for longer than the lease) loses its job.
   */
  leaseMs: number;
  /** Attempts before a job whose handler keeps throwing is marked failed. */
  maxAttempts: number;
  retryBaseMs: number;
  /** On `stop()`, how long jobs in progress run before their `ctx.signal` is aborted. */
  stopGraceMs: number;
  /** Waits between the attempts to record an outcome through a failing database. */
  recordRetryDelaysMs: readonly number[];
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  pollIntervalMs: 1_000,
  concurrency: 4,
  bookingConcurrency: 4,
  mailConcurrency: 2,
  leaseMs: 60_000,
  maxAttempts: 10,
  retryBaseMs: 5_000,
  stopGraceMs: 10_000,
  recordRetryDelaysMs: [0, 200, 1_000, 3_000],
};

/** A payload argument that may be left out when nothing in it is required. */
type OptionalWhenEmpty<Payload> =
  Record<never, never> extends Payload ? [payload?: NoInfer<Payload>] : [payload: NoInfer<Payload>];

/** A job row about to be written: its kind, key and payload from its definition. */
interface NewJob {
  kind: string;
  key: string;
  payload: unknown;
  runAt?: Date | undefined;
}

function newJob<Job extends AnyJobDefinition>(
  job: Job,
  payload: JobInput<Job>,
  runAt?: Date,
): NewJob {
  return { kind: job.kind, key: job.key(payload), payload, runAt };
}

/**
 * Adds a job through the caller's transaction (of either kind), so it commits or rolls back with
 * the change that causes it; a second job with the same key is not added (false). For code with
 * no queue at hand (the mail outbox); its payload is checked against the definition's schema.
 * `JobQueue.enqueue` also refuses a kind its process does not run.
 */
export async function enqueueJob<Job extends AnyJobDefinition>(
  tx: Queryable,
  job: Job,
  payload: NoInfer<JobInput<Job>>,
  when: { now: Date; runAt?: Date },
): Promise<boolean> {
  checkPayload(job.kind, job.payload, payload);
  return insertJob(tx, newJob(job, payload, when.runAt), when.now);
}

async function insertJob(tx: Queryable, job: NewJob, now: Date): Promise<boolean> {
  const rows = await rawQueryOf(tx)(
    `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'pending', 0, $5, $6, $6)
     ON CONFLICT (key) DO NOTHING RETURNING id`,
    [randomUUID(), job.kind, job.key, JSON.stringify(job.payload), job.runAt ?? now, now],
  );
  return rows.length > 0;
}

/**
 * Makes the job with this key due again through the caller's transaction, whatever its state
 * (added if missing), its attempts counted from zero. A worker still running it loses its claim:
 * its outcome is not recorded. For a person's decision to run finished work again (an operator's
 * mail retry), taken under the lock of the row the job works on.
 */
export async function requeueJob<Job extends AnyJobDefinition>(
  tx: Queryable,
  job: Job,
  payload: NoInfer<JobInput<Job>>,
  now: Date,
): Promise<void> {
  checkPayload(job.kind, job.payload, payload);
  const row = newJob(job, payload);
  await rawQueryOf(tx)(
    `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5, $5)
     ON CONFLICT (key) DO UPDATE SET status = 'pending', attempts = 0, run_at = $5,
       claim_token = NULL, locked_until = NULL, last_error = NULL, updated_at = $5`,
    [randomUUID(), row.kind, row.key, JSON.stringify(row.payload), now],
  );
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
  claim_token: string;
}

/**
 * The durable job queue (decision 009): jobs are rows in `jobs`, written in the transaction of
 * the change that causes them (`enqueue(tx, …)`, one per key). Every process runs a worker that
 * claims due jobs one by one, each with its own lease (`FOR UPDATE SKIP LOCKED`: two workers
 * never hold the same job), renews the lease while the handler runs, and records the outcome
 * only while its claim still holds. Up to `concurrency` jobs run at once, bookings and email
 * deliveries in lanes of their own (`bookingConcurrency`, `mailConcurrency`). A job whose worker
 * died (restart, crash) is claimed again when its lease expires; handlers are written to be safe
 * to resume (the booking job never calls BookShipment twice, see docs/orders.md). Recurring work is a job that answers `again`.
 * Works on PGlite's single connection and on Postgres with many processes.
 */
export class JobQueue {
  readonly options: JobQueueOptions;
  /** Every kind this process runs: its definition and what its handler works with. */
  private readonly handlers = new Map<string, { job: AnyJobDefinition; deps: unknown }>();
  private readonly running: Record<JobLane, Set<Promise<void>>> = {
    booking: new Set(),
    mail: new Set(),
    default: new Set(),
  };
  private readonly poller: Poller<number>;
  /** While started, rounds claim and return; jobs run on after them (tests await instead). */
  private background = false;
  /** True while `stop()` waits for the jobs in progress: handlers see it as `ctx.stopping()`. */
  private stopRequested = false;
  /** Aborted when `stop()` has waited its grace: handlers see it as `ctx.signal`. */
  private abort = new AbortController();

  constructor(
    private readonly deps: { database: Database; clock: Clock; logger: Logger },
    options: Partial<JobQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_JOB_QUEUE_OPTIONS, ...options };
    this.poller = new Poller({
      name: 'job queue',
      round: () => this.round(),
      more: (claimed) => claimed > 0,
      intervalMs: this.options.pollIntervalMs,
      logger: deps.logger,
    });
  }

  /**
   * Registers a kind of job (`src/server/job-registry.ts` does, for every kind): its handler gets
   * the stored payload parsed by the kind's schema, and `deps`.
   */
  define<Payload, Deps, Input extends Payload>(
    job: JobDefinition<Payload, Deps, Input>,
    deps: NoInfer<Deps>,
  ): void {
    this.handlers.set(job.kind, { job, deps });
  }

  /**
   * Adds a job of this definition in the caller's transaction, its key built by the definition;
   * a second job with the same key is not added (false). Throws `InvalidJobError` for a kind this
   * queue does not run or a payload its schema refuses (a rule the type does not carry, such as
   * a non-empty id).
   */
  async enqueue<Job extends AnyJobDefinition>(
    tx: Queryable,
    job: Job,
    payload: NoInfer<JobInput<Job>>,
    options: { runAt?: Date } = {},
  ): Promise<boolean> {
    this.check(job.kind, payload);
    return insertJob(tx, newJob(job, payload, options.runAt), this.deps.clock.now());
  }

  /**
   * Makes the pending job of this definition and payload (found by its key) due now, through the
   * caller's transaction, when it was due later: a recurring job that has new work (a shipment
   * just booked), a capture no longer waiting for anything. A job running now is left alone: it
   * looks for its next work when it ends. Call `wake()` after the commit.
   */
  async hasten<Job extends AnyJobDefinition>(
    tx: Queryable,
    job: Job,
    payload: NoInfer<JobInput<Job>>,
  ): Promise<void> {
    const now = this.deps.clock.now();
    await rawQueryOf(tx)(
      `UPDATE jobs SET run_at = $2, updated_at = $2
       WHERE key = $1 AND status = 'pending' AND run_at > $2`,
      [job.key(payload), now],
    );
  }

  /** Refuses a job this queue could not run: an unknown kind, or a payload that does not parse. */
  private check(kind: string, payload: unknown): void {
    const entry = this.handlers.get(kind);
    if (!entry) {
      throw new InvalidJobError(
        kind,
        payload,
        'no such job kind (every kind is registered in src/server/job-registry.ts)',
      );
    }
    checkPayload(kind, entry.job.payload, payload);
  }

  /**
   * A recurring job (one row, found by its key): added if missing, and made due again if it had
   * failed for good, so every start of a process keeps it going. A job whose payload has nothing
   * required (every recurring job's) is scheduled without one.
   */
  async schedule<Job extends AnyJobDefinition>(
    job: Job,
    ...[payload = {} as JobInput<Job>]: OptionalWhenEmpty<JobInput<Job>>
  ): Promise<void> {
    this.check(job.kind, payload);
    const now = this.deps.clock.now();
    await this.deps.database.query(
      `INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5, $5)
       ON CONFLICT (key) DO UPDATE SET status = 'pending', attempts = 0, run_at = $5, updated_at = $5
         WHERE jobs.status IN ('done', 'failed')`,
      [randomUUID(), job.kind, job.key(payload), JSON.stringify(payload), now],
    );
  }

  /**
   * Deletes up to `limit` jobs that finished (`done`) before `before`, oldest first; returns how
   * many. Failed jobs stay: they are what an operator may still need to read. A job's key is
   * free again once its row is gone, so `before` is kept far beyond any retry of the work it
   * names (JOB_RETENTION_DAYS, 30 days; each handler still re-checks its order's state).
   */
  async purgeFinished(before: Date, limit = 1_000): Promise<number> {
    const rows = await this.deps.database.query<{ id: string }>(
      `DELETE FROM jobs WHERE id IN (
         SELECT id FROM jobs WHERE status = 'done' AND updated_at < $1
         ORDER BY updated_at LIMIT $2)
       RETURNING id`,
      [before, limit],
    );
    return rows.length;
  }

  /**
   * Makes every job still marked running claimable now, instead of when its lease ends (up to
   * `leaseMs` plus the handler's own time later). Only for a database no other process can be
   * using (the embedded one, which one process at a time opens): such jobs belonged to the
   * directory's previous process, which is gone. Handlers resume safely as after any takeover.
   * Returns how many jobs were reclaimed.
   */
  async reclaimLeases(): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await this.deps.database.query<{ id: string }>(
      `UPDATE jobs SET locked_until = $1, updated_at = $1
       WHERE status = 'running' AND locked_until > $1
       RETURNING id`,
      [now],
    );
    return rows.length;
  }

  start(): void {
    if (this.abort.signal.aborted) this.abort = new AbortController();
    this.background = true;
    this.poller.start();
  }

  /** Runs due jobs now instead of at the next poll (call after committing an enqueue). */
  wake(): void {
    this.poller.wake();
  }

  /**
   * Stops claiming; resolves when every job in progress has ended. After `graceMs` (default
   * `stopGraceMs`) the jobs still running see `ctx.signal` aborted.
   */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    this.stopRequested = true;
    const abort = this.abort;
    const timer = setTimeout(
      () => abort.abort(new Error('job queue stopping')),
      options.graceMs ?? this.options.stopGraceMs,
    );
    try {
      await this.poller.stop();
      this.background = false;
      await this.idle();
    } finally {
      clearTimeout(timer);
      this.stopRequested = false;
      if (abort.signal.aborted) this.abort = new AbortController();
    }
  }

  /** Resolves when no job of this process is running. */
  async idle(): Promise<void> {
    for (;;) {
      const all = Object.values(this.running).flatMap((set) => [...set]);
      if (all.length === 0) return;
      await Promise.allSettled(all);
    }
  }

  /**
   * One round: claims due jobs for the free slots and runs them; returns how many were claimed.
   * With `kinds`, only jobs of those kinds (tests, on a queue that is not started: such a round
   * is not joined with the loop's).
   */
  runOnce(kinds?: readonly string[]): Promise<number> {
    return kinds ? this.round(kinds) : this.poller.runOnce();
  }

  /** Rounds until nothing is due (tests). */
  async drain(maxRounds = 20): Promise<void> {
    for (let i = 0; i < maxRounds; i += 1) if ((await this.runOnce()) === 0) return;
  }

  /** How many jobs of each lane this process runs now. */
  get inFlight(): Record<JobLane, number> {
    return {
      booking: this.running.booking.size,
      mail: this.running.mail.size,
      default: this.running.default.size,
    };
  }

  private slotsOf(lane: JobLane): number {
    if (lane === 'booking') return this.options.bookingConcurrency;
    if (lane === 'mail') return this.options.mailConcurrency;
    return this.options.concurrency;
  }

  private async round(only?: readonly string[]): Promise<number> {
    const started: Promise<void>[] = [];
    for (const lane of LANES) {
      const kinds = [...this.handlers]
        .filter(([kind, h]) => h.job.lane === lane && (!only || only.includes(kind)))
        .map(([kind]) => kind);
      const slots = this.slotsOf(lane) - this.running[lane].size;
      for (let i = 0; i < slots && kinds.length > 0; i += 1) {
        const job = await this.claim(kinds, lane === 'default' && !only);
        if (!job) break;
        started.push(this.track(lane, job));
      }
    }
    if (!this.background) await Promise.all(started);
    return started.length;
  }

  /** Claims one due job of these kinds (and, for the default lane, of kinds nobody handles). */
  private async claim(kinds: string[], orUnknown: boolean): Promise<ClaimedJob | undefined> {
    const now = this.deps.clock.now();
    const token = randomUUID();
    const [job] = await this.deps.database.query<ClaimedJob>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, claim_token = $2,
         locked_until = $3, updated_at = $1
       WHERE id = (
         SELECT id FROM jobs
         WHERE ((status = 'pending' AND run_at <= $1) OR (status = 'running' AND locked_until <= $1))
           AND (kind = ANY($4::text[]) OR ($5 AND NOT kind = ANY($6::text[])))
           AND (NOT kind = ANY($7::text[])
                OR NOT EXISTS (SELECT 1 FROM site_restores WHERE reconciled_at IS NULL))
         ORDER BY run_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts, created_at, claim_token`,
      [
        now,
        token,
        new Date(now.getTime() + this.options.leaseMs),
        kinds,
        orUnknown,
        [...this.handlers.keys()],
        this.waitingAfterRestore(),
      ],
    );
    return job;
  }

  /**
   * The kinds that wait while a restore of this database is not reconciled (decision 141): they
   * reach the outside world. A kind nobody here handles waits too.
   */
  private waitingAfterRestore(): string[] {
    return [...this.handlers.values()]
      .filter(({ job }) => job.afterRestore === 'waits')
      .map(({ job }) => job.kind);
  }

  private track(lane: JobLane, job: ClaimedJob): Promise<void> {
    const set = this.running[lane];
    const run = this.run(job)
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, jobId: job.id, job: job.kind }, 'job not recorded');
      })
      .finally(() => {
        set.delete(run);
        // A slot is free: look for more work at once.
        if (this.background) this.poller.wake();
      });
    set.add(run);
    return run;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const log = this.deps.logger.child({ jobId: job.id, job: job.kind, ...job.payload });
    let mine = true;
    const lease = this.renewLease(job, log, () => {
      mine = false;
    });
    let outcome: JobOutcome;
    try {
      outcome = await this.outcomeOf(job, {
        id: job.id,
        attempts: job.attempts,
        lastAttempt: job.attempts >= this.options.maxAttempts,
        createdAt: new Date(job.created_at),
        log,
        stillMine: () => mine,
        stopping: () => this.stopRequested,
        signal: this.abort.signal,
      });
    } finally {
      clearInterval(lease);
    }
    const recorded = await this.record(job, outcome);
    if (!recorded)
      log.warn({ outcome: outcome.result }, 'job was taken over; outcome not recorded');
    else if (outcome.result === 'failed') log.error({ error: outcome.error }, 'job failed');
    else if (outcome.result === 'retry')
      log.warn({ error: outcome.error, retryInMs: outcome.delayMs }, 'job will be retried');
    else if (outcome.result === 'done') log.info('job done');
  }

  /** Runs the claimed job's handler on its parsed payload; a throw is retried with backoff. */
  private async outcomeOf(job: ClaimedJob, ctx: JobContext): Promise<JobOutcome> {
    const entry = this.handlers.get(job.kind);
    if (!entry) return { result: 'failed', error: `No handler for job kind ${job.kind}` };
    const parsed = entry.job.payload.safeParse(job.payload);
    if (!parsed.success) {
      // Written before its kind's schema changed, or by hand: never run on a guess.
      return {
        result: 'failed',
        error: `Stored payload does not parse: ${describeIssues(parsed.error)}`,
      };
    }
    try {
      return await entry.job.handle(parsed.data, ctx, entry.deps);
    } catch (error) {
      const message = errorMessage(error);
      return ctx.lastAttempt
        ? { result: 'failed', error: message }
        : { result: 'retry', delayMs: this.backoffMs(job.attempts), error: message };
    }
  }

  /** Keeps the job's lease while its handler runs; `lost()` once another worker holds it. */
  private renewLease(job: ClaimedJob, log: Logger, lost: () => void): NodeJS.Timeout {
    const every = Math.max(10, Math.floor(this.options.leaseMs / 3));
    const timer = setInterval(() => {
      const now = this.deps.clock.now();
      this.deps.database
        .query(
          `UPDATE jobs SET locked_until = $3, updated_at = $4
           WHERE id = $1 AND claim_token = $2 AND status = 'running' RETURNING id`,
          [job.id, job.claim_token, new Date(now.getTime() + this.options.leaseMs), now],
        )
        .then((rows) => {
          if (rows.length === 0) {
            clearInterval(timer);
            lost();
            log.warn('job lease lost to another worker');
          }
        })
        // A failed renewal (database unreachable for a moment) is tried again at the next tick.
        .catch((error: unknown) => log.warn({ err: error }, 'job lease not renewed'));
    }, every);
    timer.unref?.();
    return timer;
  }

  /** Delay after attempt n (1-based): base, 2·base, 4·base… capped at 10 minutes. */
  backoffMs(attempt: number): number {
    return Math.min(10 * 60_000, this.options.retryBaseMs * 2 ** Math.max(0, attempt - 1));
  }

  /** Records the outcome while the claim still holds (retried through a lost connection). */
  private async record(job: ClaimedJob, outcome: JobOutcome): Promise<boolean> {
    const delays = this.options.recordRetryDelaysMs;
    let lastError: unknown;
    for (const delay of delays) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const now = this.deps.clock.now();
        const status =
          outcome.result === 'retry' || outcome.result === 'again' ? 'pending' : outcome.result;
        const runAt =
          outcome.result === 'retry' || outcome.result === 'again'
            ? new Date(now.getTime() + outcome.delayMs)
            : now;
        const rows = await this.deps.database.query(
          `UPDATE jobs SET status = $3, run_at = $4, locked_until = NULL, claim_token = NULL,
             last_error = $5, updated_at = $6,
             attempts = CASE WHEN $7 THEN 0 ELSE attempts END
           WHERE id = $1 AND claim_token = $2 AND status = 'running' RETURNING id`,
          [
            job.id,
            job.claim_token,
            status,
            runAt,
            'error' in outcome ? outcome.error.slice(0, 1000) : null,
            now,
            outcome.result === 'again',
          ],
        );
        return rows.length > 0;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }
}

import type { Logger } from 'pino';

export interface PollerOptions<R> {
  /** Names the loop in its log lines. */
  name: string;
  /** One round of work; rounds of one poller never overlap. */
  round: () => Promise<R>;
  /** True when a round found more than it took (a full batch): the next round runs at once. */
  more?: (result: R) => boolean;
  intervalMs: number;
  logger: Logger;
}

/**
 * The one background loop (decision 014): runs `round` every `intervalMs`, at once after
 * `wake()` or a full batch, never two rounds at a time, and never keeps the process alive.
 * `stop()` stops scheduling and waits for the round in progress. The job queue runs on it, and
 * with it every kind of background work (decision 056).
 */
export class Poller<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<R> | undefined;
  private started = false;
  private wakeRequested = false;

  constructor(private readonly options: PollerOptions<R>) {}

  get isStarted(): boolean {
    return this.started;
  }

  /** The round in progress, if any. */
  get inFlight(): Promise<R> | undefined {
    return this.running;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Runs a round now instead of at the next poll (call after committing new work). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops scheduling; resolves when the round in progress has ended. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One round now (tests call it directly); joins the round in progress if there is one. */
  runOnce(): Promise<R> {
    if (this.running) return this.running;
    const run = this.options.round().finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Fire and forget: the timer owns the round; its failure is logged here, never thrown.
      void this.runOnce()
        .then(
          (result) => this.options.more?.(result) ?? false,
          (error: unknown) => {
            this.options.logger.error({ err: error }, `${this.options.name} round failed`);
            return false;
          },
        )
        .then((more) => {
          if (!this.started) return;
          const again = this.wakeRequested || more;
          this.wakeRequested = false;
          this.schedule(again ? 0 : this.options.intervalMs);
        });
    }, delayMs);
    this.timer.unref?.();
  }
}

/**
 * The circuit breaker of one mail transport, in one process (decision 081). After `failures`
 * consecutive attempts that could not talk to the server (refused, dropped, timed out) it opens:
 * for `cooldownMs` no message is handed to the transport; they wait in the outbox as `pending`,
 * due when the cool-down ends, without spending an attempt. Then one message (the probe) is let
 * through; the deliveries that come while it runs wait for its outcome (bounded by the SMTP
 * timeouts). A probe that reaches the server closes the breaker and they go; one that fails opens
 * it for another cool-down and they wait in the outbox again.
 *
 * Any answer from the server (250, 4xx, 5xx) proves it is alive and resets the count: only a
 * server that cannot be talked to opens the breaker, never one that refuses one recipient.
 */
export interface MailBreakerOptions {
  /** Consecutive connection failures or timeouts that open the breaker. */
  failures: number;
  /** How long it stays open before one probe is let through. */
  cooldownMs: number;
}

export const DEFAULT_MAIL_BREAKER_OPTIONS: MailBreakerOptions = {
  failures: 3,
  cooldownMs: 60_000,
};

export type BreakerState = 'closed' | 'open' | 'probing';

/**
 * What `admit` says: go (a normal attempt, or the probe); wait in the outbox until `until`; or
 * ask again once the probe in flight has ended (`afterProbe`).
 */
export type Admission =
  | { go: true; probe: boolean }
  | { go: false; until: Date }
  | { go: 'after-probe'; afterProbe: Promise<void> };

export class MailBreaker {
  private consecutive = 0;
  private openUntil = 0;
  private probeInFlight = false;
  private probeEnded: { promise: Promise<void>; resolve: () => void } | undefined;
  /** Times the breaker opened since the process started (logs, tests). */
  opened = 0;

  constructor(readonly options: MailBreakerOptions = DEFAULT_MAIL_BREAKER_OPTIONS) {}

  get state(): BreakerState {
    if (this.probeInFlight) return 'probing';
    return this.openUntil > 0 ? 'open' : 'closed';
  }

  /** May a message be handed to the transport now? */
  admit(now: Date): Admission {
    if (this.openUntil === 0) return { go: true, probe: false };
    const t = now.getTime();
    if (this.probeInFlight && this.probeEnded) {
      return { go: 'after-probe', afterProbe: this.probeEnded.promise };
    }
    if (t < this.openUntil) return { go: false, until: new Date(this.openUntil) };
    this.probeInFlight = true;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.probeEnded = { promise, resolve };
    return { go: true, probe: true };
  }

  /** The server answered (any reply): it is alive. True when this closed an open breaker. */
  reached(): boolean {
    const wasOpen = this.openUntil > 0;
    this.consecutive = 0;
    this.openUntil = 0;
    this.endProbe();
    return wasOpen;
  }

  /** The attempt could not talk to the server. True when this opened the breaker. */
  unreachable(now: Date, probe: boolean): boolean {
    this.consecutive++;
    if (probe || this.consecutive >= this.options.failures) {
      const wasOpen = this.openUntil > 0;
      this.openUntil = now.getTime() + this.options.cooldownMs;
      this.endProbe();
      if (!wasOpen || probe) this.opened++;
      return true;
    }
    return false;
  }

  /** An attempt admitted as the probe ended without telling (aborted, lease lost). */
  released(probe: boolean): void {
    if (probe) this.endProbe();
  }

  private endProbe(): void {
    this.probeInFlight = false;
    const ended = this.probeEnded;
    this.probeEnded = undefined;
    ended?.resolve();
  }
}

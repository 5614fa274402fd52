/** The server's only source of "now"; tests pass a frozen or controllable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock plus an offset that only moves forward: the sandbox clock (SANDBOX_CLOCK),
 * moved by the loopback-only `/dev/clock` so a demo or a browser spec can watch days pass.
 */
export interface SandboxClock extends Clock {
  offsetMs(): number;
  advance(ms: number): void;
}

export function sandboxClock(base: Clock = systemClock): SandboxClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
  };
}

export function fixedClock(at: Date | string): Clock & { set(to: Date | string): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
  };
}

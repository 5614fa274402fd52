import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { fixedClock, sandboxClock } from '../clock.js';

/** `/dev/clock` (docs/tracking.md): the sandbox clock moves forward, and only forward. */
const clock = sandboxClock(fixedClock('2026-11-23T10:00:00Z'));
const t = useTestApp({ clock, sandboxClock: clock });

describe('/dev/clock', () => {
  it('moves the site’s clock forward for the person at this machine', async () => {
    const moved = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advanceMs: 36 * 3_600_000 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ now: '2026-11-24T22:00:00.000Z', offsetMs: 36 * 3_600_000 });
    expect(clock.now().toISOString()).toBe('2026-11-24T22:00:00.000Z');
    const back = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advanceMs: -1 },
    });
    expect(back.statusCode).toBe(422);
    expect((await t.app.inject({ url: '/dev/clock' })).json()).toMatchObject({
      offsetMs: 36 * 3_600_000,
    });
  });
});

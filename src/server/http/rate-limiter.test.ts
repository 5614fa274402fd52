// On PostgreSQL too: counts written together while attempts arrive at once.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#tests/support/test-database.js';
import { fixedClock } from '../clock.js';
import { RateLimiter } from './rate-limiter.js';

/**
 * The counts made at the same moment are written together (decision 060), yet each attempt
 * gets the count it would have had alone.
 */
const database = useTestDatabase();
const clock = fixedClock('2026-11-23T10:00:00Z');

describe('RateLimiter counting at the same moment', () => {
  it('counts every key of every window length exactly, in the order of the attempts', async () => {
    const limiter = new RateLimiter(database, clock);
    const calls = [
      ['a', 900],
      ['b', 3600],
      ['a', 900],
      ['c', 900],
      ['b', 3600],
      ['a', 900],
    ] as const;
    const counts = await Promise.all(
      calls.map(([key, seconds]) => limiter.increment(key, seconds)),
    );
    expect(counts.map((c) => c.attempts)).toEqual([1, 1, 2, 1, 2, 3]);
    expect(counts.map((c) => c.msLeft)).toEqual(
      [900, 3600, 900, 900, 3600, 900].map((s) => s * 1000),
    );
    // And on from there, one at a time.
    expect((await limiter.increment('a', 900)).attempts).toBe(4);
    expect((await limiter.increment('b', 3600)).attempts).toBe(3);
  });

  it('starts a window again once it has ended', async () => {
    const limiter = new RateLimiter(database, clock);
    await Promise.all([limiter.increment('w', 60), limiter.increment('w', 60)]);
    clock.set('2026-11-23T10:01:01Z');
    const again = await Promise.all([limiter.increment('w', 60), limiter.increment('w', 60)]);
    expect(again).toEqual([
      { attempts: 1, msLeft: 60_000 },
      { attempts: 2, msLeft: 60_000 },
    ]);
    clock.set('2026-11-23T10:00:00Z');
  });

  it('a key the database cannot store fails only its own attempt', async () => {
    const limiter = new RateLimiter(database, clock);
    const results = await Promise.allSettled([
      limiter.increment('ok-1', 900),
      // Text in PostgreSQL cannot hold NUL: the batch's statement is refused.
      limiter.increment('booking-link:reference:\u0000', 900),
      limiter.increment('ok-2', 3600),
      limiter.increment('ok-1', 900),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.attempts : null))).toEqual([
      1,
      null,
      1,
      2,
    ]);
  });
});

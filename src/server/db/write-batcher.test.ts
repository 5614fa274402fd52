import { describe, expect, it } from 'vitest';
import { WriteBatcher, refusedByDatabase } from './write-batcher.js';

/** A write that records each batch it was given and doubles each input. */
function recorder(fail?: (inputs: number[]) => Error | undefined) {
  const batches: number[][] = [];
  const batcher = new WriteBatcher(async (inputs: number[]) => {
    batches.push([...inputs]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const error = fail?.(inputs);
    if (error) throw error;
    return inputs.map((n) => n * 2);
  }, 50);
  return { batcher, batches };
}

const uniqueViolation = () =>
  Object.assign(new Error('Failed query'), { cause: { code: '23505', constraint: 'x' } });

describe('WriteBatcher (group commit)', () => {
  it('writes the calls made together in one batch and answers each its own result', async () => {
    const { batcher, batches } = recorder();
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.run(n)));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('gathers the calls that arrive while a batch is written into the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const batcher = new WriteBatcher(async (inputs: number[]) => {
      batches.push([...inputs]);
      if (batches.length === 1) {
        started();
        await new Promise<void>((resolve) => (release = resolve));
      }
      return inputs.map((n) => n * 2);
    });
    const first = batcher.run(1);
    await firstStarted;
    const later = [2, 3, 4].map((n) => batcher.run(n));
    release();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never writes more than its largest batch at once', async () => {
    const { batcher, batches } = recorder();
    await Promise.all(Array.from({ length: 120 }, (_, i) => batcher.run(i)));
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('when the database refuses a batch, writes each call alone: only the offending one fails', async () => {
    const { batcher, batches } = recorder((inputs) =>
      inputs.includes(3) ? uniqueViolation() : undefined,
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => batcher.run(n)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('on a lost connection fails every call of the batch and writes nothing twice', async () => {
    const lost = Object.assign(new Error('terminating connection'), { code: '57P01' });
    let down = true;
    const { batcher, batches } = recorder(() => (down ? lost : undefined));
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.run(n)));
    expect(results).toEqual([1, 2, 3].map(() => ({ status: 'rejected', reason: lost })));
    expect(batches).toEqual([[1, 2, 3]]);
    // The batcher goes on working after a failed batch.
    down = false;
    expect(await batcher.run(7)).toBe(14);
  });

  it('tells a refused statement from a lost connection by its SQLSTATE, directly or as a cause', () => {
    expect(refusedByDatabase(uniqueViolation())).toBe(true);
    expect(refusedByDatabase({ code: '23503' })).toBe(true);
    expect(refusedByDatabase({ code: '22021' })).toBe(true);
    expect(refusedByDatabase({ cause: { code: '40P01' } })).toBe(true);
    expect(refusedByDatabase({ code: '57P01' })).toBe(false);
    expect(refusedByDatabase({ code: '08006' })).toBe(false);
    expect(
      refusedByDatabase(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    ).toBe(false);
    expect(refusedByDatabase({ code: 'EPIPE' })).toBe(false);
    expect(refusedByDatabase(new Error('plain'))).toBe(false);
  });
});

/**
 * The simulator's PDFs are rendered on a worker thread (docs/decisions/094): the same bytes as
 * rendering them here, never on the caller's thread, and a failure of one render (it throws, its
 * thread dies, it runs out of time, too many wait) rejects that render only, as the render
 * itself did before, while the pool goes on rendering. What the PDFs contain: labels.pdf.test.ts.
 * Nothing here is timed: each test checks which thread rendered and what each call answered.
 */
import { threadId, type Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { renderBookingDocuments, type PdfOrder } from './documents.pdf.js';
import { RenderPool, startRenderThread, type RenderPoolOptions } from './render-pool.js';

function order(packages = 5): PdfOrder {
  const address = (name: string, city: string, postcode: string, country: string) => ({
    name,
    lines: ['1 High Street'],
    city,
    postcode,
    country,
  });
  return {
    orderReference: 'SIM-0000000042',
    airWaybill: '4812345678',
    yourReference: 'BA-TEST42',
    serviceName: 'TG Express Worldwide',
    carrierName: 'DHL Express',
    collectionDate: '2026-03-02',
    readyFrom: '09:00',
    bookedAt: new Date('2026-02-27T10:00:00Z'),
    from: address('Amelia Hughes', 'London', 'SW1A 1AA', 'United Kingdom'),
    to: address('Louis Martin', 'Paris', '75001', 'France'),
    packages: Array.from({ length: packages }, (_, i) => ({
      weightKg: 20,
      lengthCm: 46,
      widthCm: 46,
      heightCm: 46,
      items: [
        {
          description: `Paperback books, box ${i + 1}`,
          commodityCode: '490199',
          countryOfOrigin: 'GB',
          units: 4,
          unitValue: 12.5,
          unitWeightKg: 0.5,
        },
      ],
    })),
    currency: 'GBP',
    reasonForExport: 'Personal effects',
  };
}

const pools: RenderPool[] = [];
/** A pool whose threads the test can see (and end). */
function pool(options: RenderPoolOptions = {}) {
  const threads: Worker[] = [];
  const made = new RenderPool({
    startThread: () => {
      const thread = startRenderThread();
      threads.push(thread);
      return thread;
    },
    ...options,
  });
  pools.push(made);
  return { pool: made, threads };
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the render pool', () => {
  it('renders on a worker thread, byte for byte what this thread renders', async () => {
    const { pool: renderer, threads } = pool();
    const [rendered, here] = await Promise.all([
      renderer.render(order()),
      renderBookingDocuments(order()),
    ]);
    expect(rendered.threadId).not.toBe(threadId);
    expect(rendered.threadId).toBe(threads[0]?.threadId);
    expect(rendered.documents.labelA4.subarray(0, 5).toString()).toBe('%PDF-');
    expect(rendered.documents.labelA4.equals(here.labelA4)).toBe(true);
    expect(rendered.documents.labelThermal.equals(here.labelThermal)).toBe(true);
    expect(rendered.documents.invoice.equals(here.invoice)).toBe(true);
    // The thread stays for the next render.
    expect((await renderer.render(order(1))).threadId).toBe(rendered.threadId);
    expect(threads).toHaveLength(1);
  });

  it('a render that throws rejects with what it threw, and the thread renders the next', async () => {
    const { pool: renderer, threads } = pool();
    const broken = { ...order(), bookedAt: new Date(Number.NaN) };
    const here = await renderBookingDocuments(broken).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(here).toBeInstanceOf(RangeError);
    const there = await renderer.render(broken).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(there).toBeInstanceOf(RangeError);
    expect((there as Error).message).toBe((here as Error).message);

    const next = await renderer.render(order());
    expect(next.threadId).toBe(threads[0]?.threadId);
    expect(threads).toHaveLength(1);
  });

  it('a thread that dies fails its render only: the next render gets a new thread', async () => {
    const { pool: renderer, threads } = pool();
    const lost = renderer.render(order());
    const waiting = renderer.render(order(2));
    // The thread is ended from outside while the first render is on it.
    await threads[0]?.terminate();
    await expect(lost).rejects.toThrow('The PDF rendering thread stopped');
    const next = await waiting;
    expect(threads).toHaveLength(2);
    expect(next.threadId).toBe(threads[1]?.threadId);
    expect(next.documents.labelA4.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a render that runs out of time is refused and its thread replaced', async () => {
    // No render of 20 boxes ends within a millisecond: the thread has not even started then.
    const { pool: renderer, threads } = pool({ timeoutMs: 1 });
    await expect(renderer.render(order(20))).rejects.toThrow('The PDFs were not rendered in');
    await expect(renderer.render(order(20))).rejects.toThrow('The PDFs were not rendered in');
    expect(threads).toHaveLength(2);
  });

  it('refuses a render beyond its queue at once, and renders the others', async () => {
    const { pool: renderer } = pool({ maxQueued: 1 });
    const first = renderer.render(order(1)); // on the thread
    const second = renderer.render(order(1)); // waiting
    await expect(renderer.render(order(1))).rejects.toThrow('The PDF renderer is busy');
    await expect(first).resolves.toHaveProperty('threadId');
    await expect(second).resolves.toHaveProperty('threadId');
  });

  it('refuses what is waiting when it closes', async () => {
    const { pool: renderer } = pool();
    const running = expect(renderer.render(order())).rejects.toThrow('The PDF renderer is closed');
    const waiting = expect(renderer.render(order())).rejects.toThrow('The PDF renderer is closed');
    await renderer.close();
    await running;
    await waiting;
    await expect(renderer.render(order())).rejects.toThrow('The PDF renderer is closed');
  });
});

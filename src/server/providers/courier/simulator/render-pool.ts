/**
 * Renders bookings' PDFs on worker threads (render-worker.ts), off the thread that answers
 * requests: with the simulator in the site's process, a 5-box order's documents held every other
 * request up for a tenth of a second warm and several tenths cold
 * (docs/decisions/094-label-pdfs-on-a-worker-thread.md).
 *
 * - `size` threads (default 1), each started at its first render and kept for the next ones;
 *   an idle one never keeps the process alive.
 * - At most `maxQueued` renders wait for a thread; one more is refused at once.
 * - A render that takes longer than `timeoutMs` is refused and its thread replaced.
 * - A render that throws rejects with what it threw (a RangeError stays a RangeError); a thread
 *   that dies (an uncaught error, ended from outside) rejects its render with why, and the next
 *   render starts a new one. Each failure is a rejection of that render only: the
 *   simulator answers the booking with an error, as when the render ran in its own thread.
 */
import { Worker } from 'node:worker_threads';
import type { BookingDocuments, PdfOrder } from './documents.pdf.js';
import type { RenderReply, RenderRequest } from './render-worker.js';

export interface RenderPoolOptions {
  /** Worker threads (default 1). */
  size?: number;
  /** Renders that may wait for a thread (default 32); one more is refused. */
  maxQueued?: number;
  /** A render still running after this long is refused and its thread replaced (default 30 s). */
  timeoutMs?: number;
  /** Starts a render thread (default: render-worker.ts); tests watch the threads this way. */
  startThread?: () => Worker;
}

export interface RenderedDocuments {
  documents: BookingDocuments;
  /** The worker thread that rendered them (never the caller's). */
  threadId: number;
}

interface Job {
  id: number;
  order: PdfOrder;
  resolve: (rendered: RenderedDocuments) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker?: Worker;
  job?: Job;
}

/**
 * The worker beside this file: the built `.js`, or under tsx and Vitest the `.ts` source, which
 * a new thread loads after registering tsx in it (a development dependency: only a source run
 * asks for it, never the build).
 */
export function startRenderThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./render-worker.js', import.meta.url));
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./render-worker.ts', import.meta.url).href);
  const bootstrap = `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(bootstrap, { eval: true });
}

export const DEFAULT_RENDER_POOL: Required<RenderPoolOptions> = {
  size: 1,
  maxQueued: 32,
  timeoutMs: 30_000,
  startThread: startRenderThread,
};

export class RenderPool {
  private readonly options: Required<RenderPoolOptions>;
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.options = { ...DEFAULT_RENDER_POOL, ...options };
    this.slots = Array.from({ length: Math.max(1, this.options.size) }, () => ({}));
  }

  /** The order's labels (A4 and thermal) and commercial invoice, rendered on a worker thread. */
  render(order: PdfOrder): Promise<RenderedDocuments> {
    if (this.closed) return Promise.reject(new Error('The PDF renderer is closed'));
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(
        new Error(`The PDF renderer is busy: ${this.queue.length} renders already wait`),
      );
    }
    return new Promise<RenderedDocuments>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, order, resolve, reject });
      this.pump();
    });
  }

  /** Ends every thread; renders still waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const refusal = new Error('The PDF renderer is closed');
    for (const job of this.queue.splice(0)) job.reject(refusal);
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) this.settle(slot, () => slot.job?.reject(refusal));
        const worker = slot.worker;
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  /** Gives each idle thread the next waiting render. */
  private pump(): void {
    for (const slot of this.slots) {
      while (!this.closed && !slot.job) {
        const job = this.queue.shift();
        if (!job) return;
        this.assign(slot, job);
      }
    }
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    job.timer = setTimeout(() => {
      const seconds = this.options.timeoutMs / 1000;
      this.settle(slot, () => job.reject(new Error(`The PDFs were not rendered in ${seconds} s`)));
      // It may never finish: a new thread takes the next render.
      const worker = slot.worker;
      slot.worker = undefined;
      void worker?.terminate();
      this.pump();
    }, this.options.timeoutMs);
    job.timer.unref();
    try {
      const worker = (slot.worker ??= this.start(slot));
      worker.ref(); // while it renders, as any pending I/O keeps a process alive
      worker.postMessage({ id: job.id, order: job.order } satisfies RenderRequest);
    } catch (error) {
      // The order could not be sent (not something a message can carry).
      this.settle(slot, () => job.reject(error));
    }
  }

  /** Ends the slot's render (its timer too) and lets the slot take the next one. */
  private settle(slot: Slot, how: () => void): void {
    clearTimeout(slot.job?.timer);
    slot.worker?.unref();
    how();
    slot.job = undefined;
  }

  private start(slot: Slot): Worker {
    const worker = this.options.startThread();
    worker.unref(); // an idle thread never keeps the process alive
    worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      if (slot.worker !== worker || !job || reply.id !== job.id) return;
      if (reply.ok) {
        const documents = {
          labelA4: toBuffer(reply.labelA4),
          labelThermal: toBuffer(reply.labelThermal),
          invoice: toBuffer(reply.invoice),
        };
        this.settle(slot, () => job.resolve({ documents, threadId: reply.threadId }));
      } else {
        this.settle(slot, () => job.reject(reply.error));
      }
      this.pump();
    });
    // An uncaught error in the thread: its render fails with it, and the thread, which is
    // ending, takes no other.
    worker.on('error', (error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      if (slot.job) this.settle(slot, () => slot.job?.reject(error));
      this.pump();
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      if (slot.job) {
        const message = `The PDF rendering thread stopped (exit code ${code})`;
        this.settle(slot, () => slot.job?.reject(new Error(message)));
      }
      this.pump();
    });
    return worker;
  }
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

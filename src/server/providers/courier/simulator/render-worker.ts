/**
 * The thread that renders a booking's PDFs for the simulator (render-pool.ts starts it): each
 * message is one order, each answer its documents or the error the render threw, so a failed
 * render rejects in the simulator as it would have there. A 5-box order's documents are a tenth
 * of a second of uninterrupted work, several tenths cold; here they hold up no request.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { renderBookingDocuments, type PdfOrder } from './documents.pdf.js';

export interface RenderRequest {
  id: number;
  order: PdfOrder;
}

export type RenderReply =
  | {
      id: number;
      ok: true;
      threadId: number;
      labelA4: Uint8Array;
      labelThermal: Uint8Array;
      invoice: Uint8Array;
    }
  | { id: number; ok: false; error: unknown };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (render-pool.ts starts it)');

port.on('message', ({ id, order }: RenderRequest) => {
  renderBookingDocuments(order).then(
    (documents) => port.postMessage({ id, ok: true, threadId, ...documents } satisfies RenderReply),
    (error: unknown) => {
      try {
        port.postMessage({ id, ok: false, error } satisfies RenderReply);
      } catch {
        // Not something a message can carry (a thrown object holding a function): its words.
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({ id, ok: false, error: new Error(message) } satisfies RenderReply);
      }
    },
  );
});

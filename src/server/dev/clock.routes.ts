import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxClock } from '../clock.js';

const AdvanceSchema = z.strictObject({
  /** How far to move the clock forward, up to 60 days at a time. */
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(60 * 86_400_000),
});

/**
 * `/dev/clock` (SANDBOX_CLOCK only, loopback clients only: docs/tracking.md): `GET` tells the
 * site's time and how far it is ahead; `POST { "advanceMs": n }` moves it, and the in-process
 * courier simulator's with it, forward, then wakes the job queue so what fell due runs now.
 */
export function devClockRoutes(clock: SandboxClock, wake: () => void) {
  return async function register(app: FastifyInstance) {
    const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
    app.get('/dev/clock', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(state()),
    );
    app.post('/dev/clock', async (request, reply) => {
      const parsed = AdvanceSchema.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(422).send({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Send { "advanceMs": n }: a whole number of milliseconds, at most 60 days.',
          },
        });
      }
      clock.advance(parsed.data.advanceMs);
      wake();
      return reply.header('cache-control', 'no-store').send(state());
    });
  };
}

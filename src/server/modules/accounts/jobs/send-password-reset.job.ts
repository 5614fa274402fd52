import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';

/** What the job calls: the accounts (`accounts.service.ts`). */
interface SendsPasswordResets {
  sendPasswordReset(email: string, requestId: string): Promise<boolean>;
}

/**
 * A password reset asked for on "Forgotten password": whether an account uses the address, and
 * so whether a link goes out, is decided here, after the answer, so the answer takes as long
 * whatever the address (decision 116).
 */
export const sendPasswordResetJob = defineJob({
  kind: 'send-password-reset',
  payload: z.object({ email: z.string(), requestId: z.string() }),
  key: ({ requestId }) => `send-password-reset:${requestId}`,
  lane: 'default',
  afterRestore: 'runs',
  handle: async (payload, ctx, deps: { accounts: SendsPasswordResets }) => {
    const sent = await deps.accounts.sendPasswordReset(payload.email, payload.requestId);
    ctx.log.info({ sent }, 'password reset asked for');
    return { result: 'done' };
  },
});

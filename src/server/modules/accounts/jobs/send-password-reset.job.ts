import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { SEND_PASSWORD_RESET_JOB, type AccountsService } from '../accounts.service.js';

/**
 * A password reset asked for on "Forgotten password": whether an account uses the address, and
 * so whether a link goes out, is decided here, after the answer, so the answer takes as long
 * whatever the address (decision 116).
 */
export const sendPasswordResetJob = defineJob({
  kind: SEND_PASSWORD_RESET_JOB,
  payload: z.object({ email: z.string(), requestId: z.string() }),
  lane: 'default',
  handle: async (payload, ctx, deps: { accounts: AccountsService }) => {
    const sent = await deps.accounts.sendPasswordReset(payload.email, payload.requestId);
    ctx.log.info({ sent }, 'password reset asked for');
    return { result: 'done' };
  },
});

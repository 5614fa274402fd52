import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';

/** What the job calls: the sign-ups (`sign-up.service.ts`). */
interface ResendsLinks {
  resend(email: string, guestHash: string | null, requestId: string): Promise<string>;
}

/**
 * "Resend the email" on the sign-up's next page (decision 108): what to send, if anything, is
 * decided here, after the answer, so the answer takes as long whatever the address. One job per
 * request.
 */
export const resendSignUpLinkJob = defineJob({
  kind: 'resend-sign-up-link',
  payload: z.object({
    email: z.string(),
    guestHash: z.string().nullable(),
    requestId: z.string(),
  }),
  key: ({ requestId }) => `resend-sign-up-link:${requestId}`,
  lane: 'default',
  afterRestore: 'runs',
  handle: async (payload, ctx, deps: { signUps: ResendsLinks }) => {
    const sent = await deps.signUps.resend(payload.email, payload.guestHash, payload.requestId);
    ctx.log.info({ sent }, 'sign-up email asked for again');
    return { result: 'done' };
  },
});

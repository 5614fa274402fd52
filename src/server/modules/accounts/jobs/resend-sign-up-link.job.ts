import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import { RESEND_SIGN_UP_LINK_JOB, type SignUpService } from '../sign-up.service.js';

/**
 * "Resend the email" on the sign-up's next page (decision 108): what to send, if anything, is
 * decided here, after the answer, so the answer takes as long whatever the address.
 */
export const resendSignUpLinkJob = defineJob({
  kind: RESEND_SIGN_UP_LINK_JOB,
  payload: z.object({
    email: z.string(),
    guestHash: z.string().nullable(),
    requestId: z.string(),
  }),
  lane: 'default',
  handle: async (payload, ctx, deps: { signUps: SignUpService }) => {
    const sent = await deps.signUps.resend(payload.email, payload.guestHash, payload.requestId);
    ctx.log.info({ sent }, 'sign-up email asked for again');
    return { result: 'done' };
  },
});

import { defineRecurringJob } from '#src/server/jobs/define-job.js';
import {
  PURGE_EXPIRED_SIGN_UPS_JOB,
  SIGN_UP_PURGE_INTERVAL_MS,
  type SignUpService,
} from '../sign-up.service.js';

/** Recurring: sign-ups whose link expired keep nothing (decision 077). */
export const purgeExpiredSignUpsJob = defineRecurringJob({
  kind: PURGE_EXPIRED_SIGN_UPS_JOB,
  afterRestore: 'runs',
  handle: async (ctx, deps: { signUps: SignUpService }) => {
    const deleted = await deps.signUps.purgeExpired();
    if (deleted > 0) ctx.log.info({ deleted }, 'expired sign-ups deleted');
    return { result: 'again', delayMs: SIGN_UP_PURGE_INTERVAL_MS };
  },
});

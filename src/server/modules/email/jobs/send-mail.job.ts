import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.js';
import type { JobContext, JobOutcome } from '../../../jobs/job-queue.js';
import { SEND_MAIL_JOB } from '../outbox.js';

/**
 * Delivers one message of the outbox (decision 056), in the mail lane, so a slow mail server
 * never holds up captures and cancels.
 */
/** The delivery (`MailDelivery`) the job runs. */
interface MailSender {
  handle(payload: { mailId: string }, ctx: JobContext): Promise<JobOutcome>;
}

export const sendMailJob = defineJob({
  kind: SEND_MAIL_JOB,
  payload: z.object({ mailId: z.string().min(1) }),
  lane: 'mail',
  handle: (payload, ctx, delivery: MailSender) => delivery.handle(payload, ctx),
});

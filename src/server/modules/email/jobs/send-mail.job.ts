import { z } from 'zod';
import { defineJob } from '#src/server/jobs/define-job.js';
import type { JobContext, JobOutcome } from '#src/server/jobs/job-queue.js';

/** What the job calls: the delivery (`MailDelivery`, `mail-delivery.ts`). */
interface MailSender {
  handle(payload: { mailId: string }, ctx: JobContext): Promise<JobOutcome>;
}

/**
 * Delivers one message of the outbox (decision 056), in the mail lane, so a slow mail server
 * never holds up captures and cancels. One job per message, written with it (`enqueueMail`).
 */
export const sendMailJob = defineJob({
  kind: 'send-mail',
  payload: z.object({ mailId: z.string().min(1) }),
  key: ({ mailId }) => `send-mail:${mailId}`,
  lane: 'mail',
  afterRestore: 'waits',
  handle: (payload, ctx, delivery: MailSender) => delivery.handle(payload, ctx),
});

import type { Logger } from 'pino';
import { REFRESH_COURIER_ROUTES_JOB } from './modules/courier-routes/courier-routes.service.js';
import { PURGE_ABANDONED_DRAFTS_JOB } from './modules/orders/orders.service.js';
import type { Services } from './services.js';

export interface BackgroundWork {
  /** Stops every loop, each after its work in progress (the mail worker aborts after a grace). */
  stop(): Promise<void>;
}

/** The recurring jobs every process keeps scheduled: one row each in `jobs`, whoever runs it. */
export function recurringJobs(services: Services): { kind: string; key: string }[] {
  return [
    { kind: REFRESH_COURIER_ROUTES_JOB, key: REFRESH_COURIER_ROUTES_JOB },
    { kind: PURGE_ABANDONED_DRAFTS_JOB, key: PURGE_ABANDONED_DRAFTS_JOB },
    ...services.checkout.recurringJobs,
  ];
}

/**
 * The one place that starts and stops background work (decision 014), all on one loop
 * (`jobs/poller.ts`): the job queue (booking, capture, cancel; decision 009) with its recurring
 * jobs (the warm-up and refresh of the courier route matrix, decision 034 and
 * docs/quotes-and-orders.md, the deletion of abandoned drafts, decision 050, and the
 * reconciliation of authorisations, docs/orders.md), and the mail worker (docs/email.md). Started by `main.ts` once the app is built; tests run rounds
 * themselves instead.
 */
export function startBackgroundWork(services: Services, logger: Logger): BackgroundWork {
  services.mail.worker.start();
  services.jobs.start();
  const scheduled = Promise.all(recurringJobs(services).map((job) => services.jobs.schedule(job)))
    .then(() => services.jobs.wake())
    .catch((error: unknown) => {
      // The next start schedules them again; the site works without them meanwhile.
      logger.error({ err: error }, 'recurring jobs not scheduled');
    });
  return {
    stop: async () => {
      await scheduled;
      await services.jobs.stop();
      await services.mail.worker.stop();
    },
  };
}

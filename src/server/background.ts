import type { Logger } from 'pino';
import { recurringJobs } from './job-registry.js';
import type { Services } from './services.js';

export interface BackgroundWork {
  /**
   * Stops the loop after its work in progress (a mail delivery still running after the queue's
   * grace is aborted).
   */
  stop(): Promise<void>;
}

export { recurringJobs };

/**
 * The one place that starts and stops background work (decisions 014 and 056): the job queue
 * on its one loop (`jobs/poller.ts`), which runs every kind of background work as jobs — booking,
 * capture, cancel and refunds (decision 009), the delivery of every email (`send-mail`, one job
 * per message, docs/email.md), and the recurring jobs scheduled here: the warm-up and refresh of
 * the courier route matrix (decision 034, docs/quotes-and-orders.md), the deletion of abandoned
 * drafts (decision 050), the reconciliation of authorisations (docs/orders.md) and, on the
 * embedded database, its VACUUM and ANALYZE (decision 067). Started by
 * `main.ts` once the app is built; tests run rounds themselves instead.
 */
export function startBackgroundWork(services: Services, logger: Logger): BackgroundWork {
  // The embedded database has one process (its owner): jobs it finds running were left by the
  // previous process, which crashed, and resume now rather than after their lease.
  const reclaimed =
    services.databaseKind === 'pglite'
      ? services.jobs.reclaimLeases().then((count) => {
          if (count > 0)
            logger.warn({ jobs: count }, 'jobs left running by the last process resumed');
        })
      : Promise.resolve();
  services.jobs.start();
  const scheduled = Promise.all([
    reclaimed,
    ...recurringJobs(services).map((job) => services.jobs.schedule(job)),
  ])
    .then(() => services.jobs.wake())
    .catch((error: unknown) => {
      // The next start schedules them again; the site works without them meanwhile.
      logger.error({ err: error }, 'recurring jobs not scheduled');
    });
  return {
    stop: async () => {
      await scheduled;
      await services.jobs.stop();
    },
  };
}

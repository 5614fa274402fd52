import type { Logger } from 'pino';
import { Poller } from './jobs/poller.js';
import type { Services } from './services.js';

export interface BackgroundWork {
  /** Stops every loop, each after its work in progress (the mail worker aborts after a grace). */
  stop(): Promise<void>;
}

/** How often the courier route refresher looks for routes in use that are going stale. */
export const ROUTE_REFRESH_INTERVAL_MS = 60_000;

/**
 * The one place that starts and stops background work (decision 014), all on one loop
 * (`jobs/poller.ts`): the job queue (booking, capture, cancel; decision 009), the mail worker
 * (docs/email.md) and the courier route refresher (docs/quotes-and-orders.md). Started by
 * `main.ts` once the app is built; tests run rounds themselves instead.
 */
export function startBackgroundWork(services: Services, logger: Logger): BackgroundWork {
  const refresher = new Poller({
    name: 'courier route refresher',
    round: () => services.courierRoutes.refreshDue(),
    intervalMs: ROUTE_REFRESH_INTERVAL_MS,
    logger,
  });
  services.mail.worker.start();
  services.jobs.start();
  refresher.start();
  return {
    stop: async () => {
      await refresher.stop();
      await services.jobs.stop();
      await services.mail.worker.stop();
    },
  };
}

import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/job-queue.js';
import { vacuumEmbeddedDatabaseJob } from './jobs/vacuum-embedded-database.job.js';
import {
  purgeExpiredSignUpsJob,
  resendSignUpLinkJob,
  sendPasswordResetJob,
  type AccountsService,
  type SignUpService,
} from './modules/accounts/index.js';
import {
  bookShipmentJob,
  cancelPaymentJob,
  capturePaymentJob,
  type CheckoutService,
  reconcilePaymentsJob,
  refundPaymentJob,
} from './modules/checkout/index.js';
import {
  refreshCourierRoutesJob,
  type CourierRoutesService,
} from './modules/courier-routes/index.js';
import type { MailDeps } from './modules/email/index.js';
import { purgeAbandonedDraftsJob, type OrdersService } from './modules/orders/index.js';
import { pollShipmentsJob, type TrackingService } from './modules/tracking/index.js';
import {
  cancelBookingJob,
  raiseCoverJob,
  type BookingChangesService,
} from './modules/booking-changes/index.js';
import type { Clock } from './clock.js';

/** What the jobs work with: the services and the settings `services.ts` built them from. */
export interface JobDeps {
  database: Database;
  courierRoutes: CourierRoutesService;
  orders: OrdersService;
  signUps: SignUpService;
  accounts: AccountsService;
  checkout: CheckoutService;
  tracking: TrackingService;
  bookingChanges: BookingChangesService;
  clock: Clock;
  mail: MailDeps;
  /** Courier calls the route matrix's refresh makes at a time (COURIER_WARMUP_CONCURRENCY). */
  courierWarmupConcurrency?: number;
  /** Unpaid drafts unchanged for this many days are deleted (DRAFT_RETENTION_DAYS). */
  draftRetentionDays?: number;
}

/**
 * Every kind of job the site runs (docs/jobs.md): one line each, its definition (a
 * `*.job.ts` file: kind, payload schema, lane, handler) and what it works with. A job of a kind
 * not registered here is refused when it is added (`JobQueue.enqueue`, `schedule`).
 */
export function registerJobs(queue: JobQueue, deps: JobDeps): void {
  const { checkout } = deps;
  queue.define(bookShipmentJob, checkout.jobParts);
  queue.define(capturePaymentJob, checkout.jobParts);
  queue.define(cancelPaymentJob, checkout.jobParts);
  queue.define(refundPaymentJob, checkout.jobParts);
  queue.define(reconcilePaymentsJob, checkout.jobParts);
  // sendMailJob: each email's delivery, with the worker that wakes this queue (decision 056).
  deps.mail.worker.attach(queue);
  queue.define(refreshCourierRoutesJob, {
    courierRoutes: deps.courierRoutes,
    concurrency: deps.courierWarmupConcurrency,
  });
  queue.define(purgeAbandonedDraftsJob, {
    orders: deps.orders,
    retentionDays: deps.draftRetentionDays,
  });
  queue.define(purgeExpiredSignUpsJob, { signUps: deps.signUps });
  queue.define(resendSignUpLinkJob, { signUps: deps.signUps });
  queue.define(sendPasswordResetJob, { accounts: deps.accounts });
  queue.define(pollShipmentsJob, { tracking: deps.tracking, now: () => deps.clock.now() });
  queue.define(cancelBookingJob, { bookingChanges: deps.bookingChanges });
  queue.define(raiseCoverJob, { bookingChanges: deps.bookingChanges });
  queue.define(vacuumEmbeddedDatabaseJob, { database: deps.database });
}

/**
 * The recurring jobs every process keeps scheduled (`background.ts`): one row each in `jobs`,
 * found by its key, whoever runs it. Each runs again by answering `again`.
 */
const RECURRING_JOBS: { kind: string; only?: Database['kind'] }[] = [
  { kind: refreshCourierRoutesJob.kind },
  { kind: purgeAbandonedDraftsJob.kind },
  { kind: purgeExpiredSignUpsJob.kind },
  { kind: reconcilePaymentsJob.kind },
  { kind: pollShipmentsJob.kind },
  // A PostgreSQL server vacuums itself (autovacuum); the embedded database does not.
  { kind: vacuumEmbeddedDatabaseJob.kind, only: 'pglite' },
];

/** The recurring jobs of a site on this kind of database, each keyed by its kind. */
export function recurringJobs(site: {
  databaseKind: Database['kind'];
}): { kind: string; key: string }[] {
  return RECURRING_JOBS.filter((job) => !job.only || job.only === site.databaseKind).map((job) => ({
    kind: job.kind,
    key: job.kind,
  }));
}

import type { Database } from './db/client.js';
import type { JobQueue, RecurringJobDefinition } from './jobs/job-queue.js';
import { purgeFinishedJobsJob } from './jobs/purge-finished-jobs.job.js';
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
  reconcileRestoreJob,
  refundPaymentJob,
} from './modules/checkout/index.js';
import {
  refreshCourierRoutesJob,
  type CourierRoutesService,
} from './modules/courier-routes/index.js';
import { sendMailJob, type MailDeps } from './modules/email/index.js';
import { purgeAbandonedDraftsJob, type OrdersService } from './modules/orders/index.js';
import {
  checkRebookingJob,
  pollShipmentsJob,
  refreshLabelsJob,
  type TrackingService,
} from './modules/tracking/index.js';
import {
  cancelBookingJob,
  checkBookingChangesJob,
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
  /** Finished jobs' rows are deleted this many days after they finished (JOB_RETENTION_DAYS). */
  jobRetentionDays?: number;
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
  queue.define(reconcileRestoreJob, checkout.jobParts);
  // Each email's delivery; the delivery wakes this queue when an email is committed (decision 056).
  queue.define(sendMailJob, deps.mail.worker);
  deps.mail.worker.wakes(queue);
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
  queue.define(refreshLabelsJob, { tracking: deps.tracking });
  queue.define(checkRebookingJob, { tracking: deps.tracking });
  queue.define(cancelBookingJob, { bookingChanges: deps.bookingChanges });
  queue.define(raiseCoverJob, { coverRaises: deps.bookingChanges.coverRaises });
  queue.define(checkBookingChangesJob, { bookingChanges: deps.bookingChanges });
  queue.define(vacuumEmbeddedDatabaseJob, { database: deps.database });
  queue.define(purgeFinishedJobsJob, {
    queue,
    now: () => deps.clock.now(),
    retentionDays: deps.jobRetentionDays,
  });
}

/**
 * The recurring jobs every process keeps scheduled (`background.ts`): one row each in `jobs`,
 * found by its key, whoever runs it. Each runs again by answering `again`.
 */
const RECURRING_JOBS: { job: RecurringJobDefinition; only?: Database['kind'] }[] = [
  // A restore not yet reconciled holds the jobs that reach the outside world (decision 141).
  { job: reconcileRestoreJob },
  { job: refreshCourierRoutesJob },
  { job: purgeAbandonedDraftsJob },
  { job: purgeExpiredSignUpsJob },
  { job: reconcilePaymentsJob },
  { job: pollShipmentsJob },
  { job: checkBookingChangesJob },
  { job: purgeFinishedJobsJob },
  // A PostgreSQL server vacuums itself (autovacuum); the embedded database does not.
  { job: vacuumEmbeddedDatabaseJob, only: 'pglite' },
];

/** The recurring jobs of a site on this kind of database. */
export function recurringJobs(site: { databaseKind: Database['kind'] }): RecurringJobDefinition[] {
  return RECURRING_JOBS.filter(({ only }) => !only || only === site.databaseKind).map(
    ({ job }) => job,
  );
}

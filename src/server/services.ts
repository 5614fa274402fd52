import type { AppDeps } from './deps.js';
import { CatalogRepository, CatalogService, RateCache } from './modules/catalog/index.js';
import {
  CourierRoutesRepository,
  CourierRoutesService,
  DEFAULT_CUSTOMER_WAITS,
  DEFAULT_WARMUP_CONCURRENCY,
  REFRESH_COURIER_ROUTES_JOB,
  ROUTE_REFRESH_INTERVAL_MS,
} from './modules/courier-routes/index.js';
import type { MailDeps } from './modules/email/index.js';
import { ContactRepository, ContactService } from './modules/contact/index.js';
import { createUkHolidayLookup } from './modules/calendar/index.js';
import {
  DeclarationService,
  OrderItemsRepository,
  OrdersRepository,
  DEFAULT_DRAFT_RETENTION_DAYS,
  DRAFT_PURGE_INTERVAL_MS,
  OrdersService,
  PURGE_ABANDONED_DRAFTS_JOB,
  OrderAccess,
} from './modules/orders/index.js';
import { QuotesService } from './modules/quotes/index.js';
import { JobQueue } from './jobs/job-queue.js';
import {
  EMBEDDED_VACUUM_INTERVAL_MS,
  VACUUM_EMBEDDED_DATABASE_JOB,
  vacuumEmbeddedDatabase,
} from './db/vacuum.js';
import {
  CheckoutRepository,
  CheckoutService,
  checkoutHoldsOrder,
} from './modules/checkout/index.js';
import type { PaymentProvider } from './providers/payment/payment-provider.js';
import {
  AccountsService,
  createAuth,
  PURGE_EXPIRED_SIGN_UPS_JOB,
  SIGN_UP_PURGE_INTERVAL_MS,
  SignUpService,
  TwoFactorService,
  OperatorAccounts,
  OperatorInvitationsRepository,
} from './modules/accounts/index.js';
import { RateLimiter } from './http/rate-limiter.js';
import {
  AdminRepository,
  AdminService,
  AdminInbox,
  AdminOrderExtras,
  OrderNotesRepository,
} from './modules/admin/index.js';
import { BookingLinksRepository, MyOrdersService } from './modules/my-orders/index.js';
import { SavedItemsRepository, SavedItemsService } from './modules/saved-items/index.js';

/** Every module's service, wired once from the deps. Routes and jobs use these. */
export function createServices(
  deps: AppDeps,
  mail: MailDeps,
  payment: PaymentProvider,
  site: { secret: string; siteUrl: string },
) {
  const db = deps.database.db;
  const customerWaits = { ...DEFAULT_CUSTOMER_WAITS, ...deps.customerWaits };
  const catalogRepository = new CatalogRepository(db);
  const catalog = new CatalogService(catalogRepository);
  const auth = createAuth({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    mail,
    siteUrl: site.siteUrl,
    secret: site.secret,
  });
  const ordersRepository = new OrdersRepository(db);
  const courierRoutes = new CourierRoutesService(
    new CourierRoutesRepository(db),
    deps.courier,
    deps.clock,
    deps.logger,
    deps.routeCachePolicy,
  );
  const rates = new RateCache(catalogRepository, deps.clock);
  const orderAccess = new OrderAccess(
    ordersRepository,
    deps.clock,
    site.secret,
    (headers) => accounts.currentUser(headers),
    site.siteUrl.startsWith('https:'),
  );
  const itemsRepository = new OrderItemsRepository(db);
  const orders = new OrdersService(
    ordersRepository,
    itemsRepository,
    catalog,
    courierRoutes,
    createUkHolidayLookup(),
    deps.clock,
    checkoutHoldsOrder,
  );
  const jobs = new JobQueue(
    {
      database: deps.database,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'jobs' }),
    },
    deps.jobQueue,
  );
  // Every email is delivered by its own `send-mail` job, written with it (decision 056).
  mail.worker.attach(jobs);
  // The warm-up and refresh of the whole courier route matrix is one recurring job (decision
  // 034; background.ts keeps it scheduled): one process at a time runs it, with at most
  // `courierWarmupConcurrency` courier calls, and it stops early when its process stops.
  jobs.register(REFRESH_COURIER_ROUTES_JOB, async (_payload, ctx) => {
    await courierRoutes.warmMatrix({
      concurrency: deps.courierWarmupConcurrency ?? DEFAULT_WARMUP_CONCURRENCY,
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    return { result: 'again', delayMs: ROUTE_REFRESH_INTERVAL_MS };
  });
  // Abandoned drafts are deleted by a recurring job (decision 050; background.ts keeps it
  // scheduled).
  jobs.register(PURGE_ABANDONED_DRAFTS_JOB, async (_payload, ctx) => {
    const result = await orders.purgeAbandonedDrafts({
      retentionDays: deps.draftRetentionDays ?? DEFAULT_DRAFT_RETENTION_DAYS,
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    if (result.deleted > 0) {
      ctx.log.info(
        { deleted: result.deleted, unchangedSince: result.before.toISOString() },
        'abandoned drafts deleted',
      );
    }
    return { result: 'again', delayMs: DRAFT_PURGE_INTERVAL_MS };
  });
  // Sign-ups whose link expired keep nothing (background.ts keeps the job scheduled).
  jobs.register(PURGE_EXPIRED_SIGN_UPS_JOB, async (_payload, ctx) => {
    const deleted = await signUps.purgeExpired();
    if (deleted > 0) ctx.log.info({ deleted }, 'expired sign-ups deleted');
    return { result: 'again', delayMs: SIGN_UP_PURGE_INTERVAL_MS };
  });
  // The embedded database has no autovacuum: a recurring job stands in for it (decision 067;
  // background.ts keeps it scheduled on the embedded database only).
  jobs.register(VACUUM_EMBEDDED_DATABASE_JOB, async (_payload, ctx) => {
    const started = performance.now();
    const tables = await vacuumEmbeddedDatabase(deps.database.query, {
      stopped: () => ctx.stopping() || !ctx.stillMine(),
    });
    ctx.log.info(
      {
        ms: Math.round(performance.now() - started),
        tables: tables.length,
        analyzed: tables.filter((table) => table.analyzed).map((table) => table.table),
        slowest: [...tables].sort((a, b) => b.ms - a.ms)[0],
      },
      'embedded database vacuumed',
    );
    return { result: 'again', delayMs: EMBEDDED_VACUUM_INTERVAL_MS };
  });
  const checkout = new CheckoutService(
    {
      repository: new CheckoutRepository(db),
      clock: deps.clock,
      logger: deps.logger,
      payment,
      courier: deps.courier,
      orders,
      mail,
      jobs,
      orderAccess,
    },
    deps.checkout,
  );
  const rateLimiter = new RateLimiter(deps.database, deps.clock);
  const accounts = new AccountsService(auth, rateLimiter);
  const signUps = new SignUpService({
    auth,
    database: deps.database,
    clock: deps.clock,
    limiter: rateLimiter,
    mail,
    siteUrl: site.siteUrl,
    secret: site.secret,
  });
  const twoFactor = new TwoFactorService(auth, accounts.signInGuard);
  const myOrders = new MyOrdersService({
    orders,
    checkout,
    access: orderAccess,
    links: new BookingLinksRepository(db),
    limiter: rateLimiter,
    mail,
    clock: deps.clock,
    siteUrl: site.siteUrl,
  });
  const savedItems = new SavedItemsService({
    repository: new SavedItemsRepository(db),
    orders,
    access: orderAccess,
    clock: deps.clock,
  });
  const contact = new ContactService(new ContactRepository(db), mail, deps.clock);
  const orderNotes = new OrderNotesRepository(db);
  const admin = new AdminService({
    repository: new AdminRepository(db),
    clock: deps.clock,
    catalog,
    rateCache: rates,
    orders,
    checkout,
    contact,
    outbox: mail.outbox,
    notes: orderNotes,
  });
  const operators = new OperatorAccounts({
    auth,
    invitations: new OperatorInvitationsRepository(db),
    clock: deps.clock,
    mail,
    audit: new AdminRepository(db),
    siteUrl: site.siteUrl,
  });
  const adminInbox = new AdminInbox({ admin, contact, mail });
  const adminOrderExtras = new AdminOrderExtras({
    admin,
    orders,
    checkout,
    notes: orderNotes,
    myOrders,
    clock: deps.clock,
  });
  return {
    /** Which database the site runs on: the embedded one has jobs a server does itself. */
    databaseKind: deps.database.kind,
    admin,
    adminInbox,
    adminOrderExtras,
    rateLimiter,
    myOrders,
    savedItems,
    mail,
    jobs,
    checkout,
    accounts,
    signUps,
    twoFactor,
    operators,
    orderAccess,
    catalog,
    rates,
    contact,
    courierRoutes,
    quotes: new QuotesService(rates, courierRoutes, orders, deps.clock, customerWaits.quoteMs),
    orders,
    declaration: new DeclarationService(
      orders,
      itemsRepository,
      deps.courier,
      deps.clock,
      deps.logger.child({ component: 'declaration' }),
      customerWaits.itemLookupMs,
    ),
  };
}

export type Services = ReturnType<typeof createServices>;

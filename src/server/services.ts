import type { AppDeps } from './deps.js';
import {
  CatalogRepository,
  CatalogService,
  OperatorRates,
  RateCache,
} from './modules/catalog/index.js';
import {
  CourierRoutesRepository,
  CourierRoutesService,
  DEFAULT_CUSTOMER_WAITS,
} from './modules/courier-routes/index.js';
import { OperatorMail, type MailDeps } from './modules/email/index.js';
import { ContactRepository, ContactService, OperatorMessages } from './modules/contact/index.js';
import { createUkHolidayLookup } from './modules/calendar/index.js';
import {
  DeclarationService,
  OrderItemsRepository,
  OrdersRepository,
  OrdersService,
  OrderAccess,
} from './modules/orders/index.js';
import { QuotesService } from './modules/quotes/index.js';
import { JobQueue } from './jobs/job-queue.js';
import { registerJobs } from './job-registry.js';
import {
  CheckoutRepository,
  CheckoutService,
  checkoutHoldsOrder,
  OperatorCheckout,
} from './modules/checkout/index.js';
import type { PaymentProvider } from './providers/payment/payment-provider.js';
import {
  AccountsService,
  createAuth,
  SignUpService,
  TwoFactorService,
  OperatorAccounts,
  OperatorInvitationsRepository,
} from './modules/accounts/index.js';
import { RateLimiter } from './http/rate-limiter.js';
import { AdminService, OrderNotes, OrderNotesRepository } from './modules/admin/index.js';
import { AuditLog, AuditLogRepository } from './modules/operator-actions/index.js';
import {
  BookingLinksRepository,
  MyOrdersService,
  OperatorPayAgain,
} from './modules/my-orders/index.js';
import { SavedItemsRepository, SavedItemsService } from './modules/saved-items/index.js';
import { AddressBookRepository, AddressBookService } from './modules/address-book/index.js';
import { TrackingRepository, TrackingService, TrackingTokens } from './modules/tracking/index.js';
import {
  BookingChangesRepository,
  BookingChangesService,
} from './modules/booking-changes/index.js';

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
  const tracking: TrackingService = new TrackingService({
    repository: new TrackingRepository(db),
    courier: deps.courier,
    orders,
    mail,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'tracking' }),
    tokens: new TrackingTokens(site.secret),
    jobs,
    siteUrl: site.siteUrl,
    ...(deps.tracking ? { settings: deps.tracking } : {}),
    // The checkout is made below (it enrols shipments with tracking); asked only at run time.
    paymentSummary: (orderId: string) => checkout.paymentSummary(orderId, { showCard: false }),
  });
  const checkout: CheckoutService = new CheckoutService(
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
      tracking,
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
    jobs,
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
  const addressBook = new AddressBookService({
    repository: new AddressBookRepository(db),
    orders,
    access: orderAccess,
    clock: deps.clock,
  });
  const contact = new ContactService(new ContactRepository(db), mail, deps.clock);
  const bookingChanges = new BookingChangesService({
    repository: new BookingChangesRepository(db),
    orders,
    checkout,
    tracking,
    courier: deps.courier,
    jobs,
    mail,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'booking-changes' }),
  });
  // A cover raise's own card payment is kept or released by the raise it pays for.
  checkout.changePayments.handle(bookingChanges.coverRaises);
  // Operator actions: each module's own, through the one audit entry (docs/operators.md).
  const audit = new AuditLog(new AuditLogRepository(db), deps.clock);
  const orderNotes = new OrderNotesRepository(db);
  const admin = new AdminService({
    clock: deps.clock,
    orders,
    checkout,
    contact,
    outbox: mail.outbox,
    notes: orderNotes,
    audit,
    bookingChanges,
  });
  const operators = new OperatorAccounts({
    auth,
    invitations: new OperatorInvitationsRepository(db),
    clock: deps.clock,
    mail,
    audit,
    siteUrl: site.siteUrl,
  });
  const operatorActions = {
    rates: new OperatorRates({ catalog, rateCache: rates, audit, clock: deps.clock }),
    messages: new OperatorMessages({ contact, audit }),
    mail: new OperatorMail({ mail, audit }),
    checkout: new OperatorCheckout({
      checkout,
      orders,
      audit,
      orderPage: (orderId) => admin.order(orderId),
    }),
    payAgain: new OperatorPayAgain({ myOrders, orders, checkout, audit }),
    notes: new OrderNotes({ orders, notes: orderNotes, audit, clock: deps.clock }),
  };
  registerJobs(jobs, {
    bookingChanges,
    database: deps.database,
    courierRoutes,
    orders,
    signUps,
    checkout,
    tracking,
    clock: deps.clock,
    mail,
    courierWarmupConcurrency: deps.courierWarmupConcurrency,
    draftRetentionDays: deps.draftRetentionDays,
  });
  return {
    /** Which database the site runs on: the embedded one has jobs a server does itself. */
    databaseKind: deps.database.kind,
    admin,
    audit,
    operatorActions,
    rateLimiter,
    myOrders,
    savedItems,
    addressBook,
    mail,
    jobs,
    checkout,
    tracking,
    bookingChanges,
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

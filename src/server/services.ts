import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
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
  ClaimDecisions,
  bankDetailsKey,
  ClaimBankDetails,
  ClaimEvidence,
  ClaimsRepository,
  ClaimsService,
  EvidenceStore,
  type ClaimsDeps,
} from './modules/claims/index.js';
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
  TotpSteps,
} from './modules/accounts/index.js';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './http/rate-limiter.js';
import {
  AddressLookupService,
  DEFAULT_ADDRESS_LOOKUP_SETTINGS,
} from './modules/address-lookup/index.js';
import { sandboxAddressLookup } from './providers/address-lookup/index.js';
import { AdminService, OrderNotes, OrderNotesRepository } from './modules/admin/index.js';
import { AuditLog, AuditLogRepository } from './modules/operator-actions/index.js';
import {
  BookingLinksRepository,
  MyOrdersService,
  OperatorPayAgain,
} from './modules/my-orders/index.js';
import { SavedItemsRepository, SavedItemsService } from './modules/saved-items/index.js';
import { AddressBookRepository, AddressBookService } from './modules/address-book/index.js';
import {
  TrackingRepository,
  TrackingService,
  TrackingTokens,
  type TrackingDeps,
} from './modules/tracking/index.js';
import {
  BookingChangesRepository,
  BookingChangesService,
} from './modules/booking-changes/index.js';

/** The accounts' better-auth instance. */
type Auth = ReturnType<typeof createAuth>;

/** The site's own address and secret. */
interface Site {
  secret: string;
  siteUrl: string;
}

/** Every module's service, wired once from the deps. Routes and jobs use these. */
export function createServices(
  deps: AppDeps,
  mail: MailDeps,
  payment: PaymentProvider,
  site: Site,
) {
  const jobs = new JobQueue(
    {
      database: deps.database,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'jobs' }),
    },
    deps.jobQueue,
  );
  const { auth, rateLimiter, accounts } = accountServices(deps, { mail, jobs }, site);
  // An order's account holder is told of its money and booking (docs/email.md).
  mail.emails.findAccountsWith((userId, tx) => accounts.emailOf(userId, tx));
  const booking = bookingServices(deps, { mail, payment, jobs, accounts }, site);
  const customer = customerServices(
    deps,
    { ...booking, mail, jobs, auth, rateLimiter, accounts },
    site,
  );
  const operator = operatorServices(deps, { ...booking, ...customer, mail, auth, accounts }, site);
  registerJobs(jobs, {
    bookingChanges: customer.bookingChanges,
    database: deps.database,
    courierRoutes: booking.courierRoutes,
    orders: booking.orders,
    signUps: customer.signUps,
    accounts,
    checkout: booking.checkout,
    tracking: booking.tracking,
    clock: deps.clock,
    mail,
    courierWarmupConcurrency: deps.courierWarmupConcurrency,
    draftRetentionDays: deps.draftRetentionDays,
    jobRetentionDays: deps.jobRetentionDays,
  });
  const customerWaits = { ...DEFAULT_CUSTOMER_WAITS, ...deps.customerWaits };
  const { itemsRepository, ...bookingParts } = booking;
  return {
    /** Which database the site runs on: the embedded one has jobs a server does itself. */
    databaseKind: deps.database.kind,
    ...operator,
    ...customer,
    ...bookingParts,
    rateLimiter,
    mail,
    jobs,
    accounts,
    addressLookup: addressLookupService(deps, booking.orders, rateLimiter),
    quotes: new QuotesService(
      booking.rates,
      booking.courierRoutes,
      booking.orders,
      deps.clock,
      customerWaits.quoteMs,
    ),
    declaration: new DeclarationService(
      booking.orders,
      itemsRepository,
      deps.courier,
      deps.clock,
      deps.logger.child({ component: 'declaration' }),
      customerWaits.itemLookupMs,
    ),
  };
}

/** "Find address": the provider (the sandbox unless the deps name one) and its guard-rails. */
function addressLookupService(deps: AppDeps, orders: OrdersService, limiter: RateLimiter) {
  return new AddressLookupService({
    provider: deps.addressLookup ?? sandboxAddressLookup(),
    orders,
    limiter,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'address-lookup' }),
    settings: {
      ...DEFAULT_ADDRESS_LOOKUP_SETTINGS,
      ...deps.addressLookupSettings,
      perOrder: { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits }.addressLookupsPerOrder,
    },
  });
}

/** Sign-in and the accounts: better-auth, the one rate limiter and the accounts' service. */
function accountServices(deps: AppDeps, parts: { mail: MailDeps; jobs: JobQueue }, site: Site) {
  const { mail, jobs } = parts;
  const auth = createAuth({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    mail,
    siteUrl: site.siteUrl,
    secret: site.secret,
  });
  const rateLimiter = new RateLimiter(deps.database, deps.clock);
  const accounts = new AccountsService({
    auth,
    limiter: rateLimiter,
    database: deps.database,
    clock: deps.clock,
    mail,
    jobs,
    siteUrl: site.siteUrl,
    secret: site.secret,
    ...(deps.operatorSessions ? { operatorSessions: deps.operatorSessions } : {}),
  });
  return { auth, rateLimiter, accounts };
}

/**
 * From the quote to the booked shipment: the catalog and its rates, the courier's routes, the
 * orders and who may open them, tracking and the checkout.
 */
function bookingServices(
  deps: AppDeps,
  parts: { mail: MailDeps; payment: PaymentProvider; jobs: JobQueue; accounts: AccountsService },
  site: Site,
) {
  const { mail, payment, jobs, accounts } = parts;
  const db = deps.database.db;
  const catalogRepository = new CatalogRepository(db);
  const catalog = new CatalogService(catalogRepository);
  const ordersRepository = new OrdersRepository(db);
  const courierRoutes = new CourierRoutesService(
    new CourierRoutesRepository(db),
    deps.courier,
    deps.clock,
    deps.logger,
    deps.routeCachePolicy,
  );
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
    // Tracking is made below (it reads the orders); asked only at run time.
    (orderIds) => tracking.statuses(orderIds),
  );
  const tracking: TrackingService = trackingService(deps, { orders, mail, jobs }, site, {
    // The checkout is made below (it enrols shipments with tracking); asked only at run time.
    replaceLabels: (order, labels, tx) => checkout.replaceLabels(order, labels, tx),
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
    // On the embedded database this process is the only one (decision 142).
    { singleProcess: deps.database.kind === 'pglite', ...deps.checkout },
  );
  const rates = new RateCache(catalogRepository, deps.clock);
  return {
    catalog,
    rates,
    courierRoutes,
    orderAccess,
    orders,
    itemsRepository,
    tracking,
    checkout,
  };
}

type BookingServices = ReturnType<typeof bookingServices>;

/** The tracking after the booking (docs/tracking.md), on the site's settings. */
function trackingService(
  deps: AppDeps,
  parts: { orders: OrdersService; mail: MailDeps; jobs: JobQueue },
  site: Site,
  checkout: Pick<TrackingDeps, 'replaceLabels'>,
): TrackingService {
  return new TrackingService({
    repository: new TrackingRepository(deps.database.db),
    courier: deps.courier,
    ...parts,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'tracking' }),
    tokens: new TrackingTokens(site.secret),
    siteUrl: site.siteUrl,
    ...(deps.tracking ? { settings: deps.tracking } : {}),
    ...(deps.changeAnswerWithinMs !== undefined
      ? { answerWithinMs: deps.changeAnswerWithinMs }
      : {}),
    ...checkout,
  });
}

/**
 * What a customer does besides booking: sign-up and two-step sign-in, their orders, saved items
 * and addresses, "Contact us", and changes to a booking after payment.
 */
function customerServices(
  deps: AppDeps,
  parts: BookingServices & {
    mail: MailDeps;
    jobs: JobQueue;
    auth: Auth;
    rateLimiter: RateLimiter;
    accounts: AccountsService;
  },
  site: Site,
) {
  const { mail, jobs, auth, rateLimiter, orders, checkout, orderAccess, tracking } = parts;
  const db = deps.database.db;
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
  const twoFactor = new TwoFactorService(parts.accounts, new TotpSteps(auth, deps.database));
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
    ...(deps.changeAnswerWithinMs !== undefined
      ? { answerWithinMs: deps.changeAnswerWithinMs }
      : {}),
  });
  // A cover raise's own card payment is kept or released by the raise it pays for.
  checkout.changePayments.handle(bookingChanges.coverRaises);
  const claims = claimsServices(deps, { orders, tracking, checkout, mail }, site);
  return { signUps, twoFactor, myOrders, savedItems, addressBook, contact, bookingChanges, claims };
}

/** Claims for a lost or damaged box: the customer's side and the operators' decisions. */
function claimsServices(
  deps: AppDeps,
  parts: Pick<ClaimsDeps, 'orders' | 'tracking' | 'checkout' | 'mail'> & {
    checkout: CheckoutService;
  },
  site: Site,
) {
  const holidays = createUkHolidayLookup();
  const claimsDeps: ClaimsDeps = {
    ...parts,
    repository: new ClaimsRepository(deps.database.db),
    clock: deps.clock,
    holidayOn: (date) => holidays(date, 'england-and-wales'),
    evidenceStore: new EvidenceStore(
      deps.dataDir ?? mkdtempSync(join(tmpdir(), 'boxabroad-data-')),
    ),
    bankDetailsKey: bankDetailsKey(site.secret),
  };
  const service = new ClaimsService(claimsDeps);
  const decisions = new ClaimDecisions(claimsDeps, service);
  // A claim paid by a refund is paid once the card provider confirms it (decision 151).
  parts.checkout.onRefundSettled((refund, tx) => decisions.refundSettled(refund, tx));
  return {
    service,
    decisions,
    evidence: new ClaimEvidence(claimsDeps),
    bankDetails: new ClaimBankDetails(claimsDeps),
  };
}

/**
 * The operators' console (its reads, and each module's actions through the one audit entry) and
 * the operator accounts.
 */
function operatorServices(
  deps: AppDeps,
  parts: BookingServices &
    ReturnType<typeof customerServices> & { mail: MailDeps; auth: Auth; accounts: AccountsService },
  site: Site,
) {
  const { catalog, rates, orders, checkout, contact, bookingChanges, myOrders, mail, auth } = parts;
  const claims = parts.claims.service;
  const db = deps.database.db;
  const audit = new AuditLog(new AuditLogRepository(db), deps.clock);
  const { admin, operatorActions } = consoleServices({
    db,
    clock: deps.clock,
    audit,
    catalog,
    rates,
    orders,
    checkout,
    contact,
    mail,
    myOrders,
    bookingChanges,
    claims,
    accounts: parts.accounts,
  });
  const operators = new OperatorAccounts({
    auth,
    invitations: new OperatorInvitationsRepository(db),
    clock: deps.clock,
    mail,
    audit,
    siteUrl: site.siteUrl,
  });
  return { admin, operators, audit, operatorActions };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The operator console's services (docs/operators.md, "Operator actions"): what it reads across
 * the modules (`admin`), and each module's operator actions, all through the one audit entry.
 */
function consoleServices(s: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  catalog: CatalogService;
  rates: RateCache;
  orders: OrdersService;
  checkout: CheckoutService;
  contact: ContactService;
  mail: MailDeps;
  myOrders: MyOrdersService;
  bookingChanges: BookingChangesService;
  claims: ClaimsService;
  accounts: AccountsService;
}) {
  const { audit, clock, orders, checkout } = s;
  const notes = new OrderNotesRepository(s.db);
  const admin = new AdminService({
    clock,
    orders,
    checkout,
    contact: s.contact,
    outbox: s.mail.outbox,
    notes,
    audit,
    bookingChanges: s.bookingChanges,
    claims: s.claims,
    accounts: s.accounts,
  });
  const operatorActions = {
    rates: new OperatorRates({ catalog: s.catalog, rateCache: s.rates, audit, clock }),
    messages: new OperatorMessages({
      contact: s.contact,
      audit,
      findOrders: (references) => orders.findByReferences(references),
    }),
    mail: new OperatorMail({ mail: s.mail, audit }),
    // An action on an order's payment answers the order page, which `admin` builds.
    checkout: new OperatorCheckout({ checkout, orders, audit, orderPage: (id) => admin.order(id) }),
    payAgain: new OperatorPayAgain({ myOrders: s.myOrders, orders, checkout, audit }),
    notes: new OrderNotes({ orders, notes, audit, clock }),
  };
  return { admin, operatorActions };
}

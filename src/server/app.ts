import fastifyCookie from '@fastify/cookie';
import underPressure from '@fastify/under-pressure';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { devCourierRoutes } from './dev/courier-routes.routes.js';
import { devMailRoutes } from './dev/mail.routes.js';
import { devRowCounts } from './dev/row-counts.routes.js';
import { devClockRoutes } from './dev/clock.routes.js';
import { ApiError, registerErrorHandling, sendNotFound } from './http/errors.js';
import { catalogRoutes, operatorRatesRoutes } from './modules/catalog/index.js';
import { contactRoutes, operatorMessagesRoutes } from './modules/contact/index.js';
import { openApiRoutes, registerOpenApi } from './modules/openapi/index.js';
import { ordersRoutes, orderRule } from './modules/orders/index.js';
import { quotesRoutes } from './modules/quotes/index.js';
import { createServices, type Services } from './services.js';
import {
  createMail,
  DEFAULT_MAIL_FROM,
  DEFAULT_SALES_EMAIL,
  operatorMailRoutes,
  type MailDeps,
} from './modules/email/index.js';
import { healthRoutes } from './modules/health/index.js';
import { seoRoutes } from './modules/seo/index.js';
import {
  accountsRoutes,
  type AccountEvents,
  operatorAccountsRoutes,
  signUpRoutes,
  twoFactorRoutes,
  authSecret,
} from './modules/accounts/index.js';
import { myOrdersRoutes, operatorPayAgainRoutes } from './modules/my-orders/index.js';
import { savedItemsRoutes } from './modules/saved-items/index.js';
import { addressBookRoutes } from './modules/address-book/index.js';
import { addressLookupRoutes } from './modules/address-lookup/index.js';
import { trackingRoutes } from './modules/tracking/index.js';
import { bookingChangesRoutes } from './modules/booking-changes/index.js';
import { claimsRoutes } from './modules/claims/index.js';
import { registerOriginCheck } from './http/origin-check.js';
import {
  DEFAULT_RATE_LIMITS,
  registerRateLimits,
  type RateLimitSettings,
} from './http/rate-limiter.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { loggedPath, loggedUrl, withSafeErrors } from './logging.js';
import { registerSpa } from './spa/spa.js';
import { adminRoutes } from './modules/admin/index.js';
import { auditLogRoutes, operatorRule } from './modules/operator-actions/index.js';
import { checkoutRoutes, operatorCheckoutRoutes, WEBHOOK_PATH } from './modules/checkout/index.js';
import { paymentWebhook } from '../domain/api/checkout.js';
import { ADMIN_API_PREFIX } from '../domain/api/admin/console.js';
import { loopbackRule, registerRouteAccess, signedInRule, withRouteAccess } from './http/access.js';
import { registerPathCheck, rewriteToCanonical } from './http/canonical-path.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from './providers/payment/sandbox/sandbox-payments.js';

import type { AppDeps, PressureLimits, ServerTimeouts } from './deps.js';

export type { AppDeps, PressureLimits, ServerTimeouts };

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  connectionMs: 120_000,
  keepAliveMs: 72_000,
};

export const DEFAULT_PRESSURE: PressureLimits = {
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: 0,
  sampleIntervalMs: 1000,
};

/** Seconds a client is asked to wait when the server is too busy. */
export const BUSY_RETRY_AFTER_SECONDS = 10;

/** 503 SERVICE_BUSY with Retry-After: an API request refused while the server is saturated. */
function serviceBusy(): ApiError {
  return new ApiError(
    503,
    'SERVICE_BUSY',
    'The site is very busy right now. Please try again in a few seconds.',
    undefined,
    { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

/** TRUST_PROXY as Fastify takes it: hops as a function, addresses as a list. */
function trustProxyOption(
  setting: boolean | number | string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  if (typeof setting === 'string') return setting.split(',').map((part) => part.trim());
  return setting;
}

/** Builds the whole HTTP app without listening; `main.ts` listens, tests call `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(deps);
  // A path that could mean two routes is refused before anything else runs.
  registerPathCheck(app);
  logEachRequest(app);
  registerErrorHandling(app);
  // Request cookies parsed once (`request.cookies`) and `reply.setCookie`, for our own cookie
  // (the guest session, signed by us: decision 078); better-auth reads and writes its own from
  // the headers (decision 089).
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    stripe: (deps.payment?.name ?? 'sandbox') === 'stripe',
    publicUrl: deps.publicUrl,
  });
  await refuseApiWhenSaturated(app, deps);
  const { services, mail, siteUrl } = await wireServices(app, deps);
  // Every state-changing request from another site is refused before it is read.
  registerOriginCheck(app, { siteUrl, exempt: [paymentWebhook] });
  // Who may call each route, decided on the route matched, before its body is read; a route
  // registered without a rule stops the start (http/access.ts, docs/security.md).
  registerAccessRules(app, services);
  // Per-address limits of the routes that name one, counted in the database (rate-limiter.ts).
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
  await registerRateLimits(app, services.rateLimiter, rateLimits);
  await registerRoutes(app, deps, services, { siteUrl, rateLimits });
  await registerDevRoutes(app, deps, services, mail);
  await registerSpa(app, deps.webDistDir, { publicUrl: deps.publicUrl, fallbackUrl: siteUrl });
  return app;
}

/** The Fastify instance with the site's logging, limits, proxy trust and timeouts. */
function createFastify(deps: AppDeps): FastifyInstance {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  return Fastify({
    // Errors are logged by code and ids, never with a query's values (logging.ts).
    loggerInstance: withSafeErrors(deps.logger) as FastifyBaseLogger,
    // Fastify's own two lines per request are replaced by our one line (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.bodyLimitBytes ?? 64 * 1024,
    // Off by default: X-Forwarded-* are written by any client unless a known proxy sets them.
    trustProxy: trustProxyOption(deps.trustProxy ?? false),
    genReqId: () => crypto.randomUUID(),
    // The path spelled one way before the router and every hook see it (canonical-path.ts).
    rewriteUrl: rewriteToCanonical,
    // A client that trickles its request is cut off (408) once requestMs has passed.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(60_000, timeouts.requestMs),
      // How often Node checks requests against requestTimeout (its default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, timeouts.requestMs),
    },
  });
}

/** One structured line per request. */
function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        // A path spelled otherwise than it ran (percent-escapes), or refused: as it was sent.
        ...(request.originalUrl !== request.url
          ? { sentPath: loggedPath(request.originalUrl.split('?')[0] ?? '') }
          : {}),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

/** While the server is saturated, API requests are refused (503, decision 061). */
async function refuseApiWhenSaturated(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const pressure = { ...DEFAULT_PRESSURE, ...deps.pressure };
  if (pressure.maxEventLoopDelayMs > 0 || pressure.maxHeapUsedBytes > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: pressure.maxEventLoopDelayMs,
      maxHeapUsedBytes: pressure.maxHeapUsedBytes,
      sampleInterval: pressure.sampleIntervalMs,
      retryAfter: BUSY_RETRY_AFTER_SECONDS,
      // Only the API (and /readyz, so a load balancer sends traffic elsewhere) is refused while
      // the server is saturated. The pages, scripts and styles are files, cheaper to send than to
      // refuse, and a page whose scripts were refused does not work at all, where an API call
      // that is refused says so and can be tried again. Decided on the route that runs (every
      // /api path runs an /api route, the catch-all included), never on the URL's text.
      pressureHandler: (request) => {
        const route = request.routeOptions.url;
        const refused = route === '/readyz' || route === '/api' || route?.startsWith('/api/');
        return refused ? Promise.reject(serviceBusy()) : undefined;
      },
    });
  }
}

/**
 * The app's services, built once from the deps (mail and the card sandbox by default), on
 * `app.services`; the sandbox's events reach the server through the webhook route.
 */
async function wireServices(app: FastifyInstance, deps: AppDeps) {
  const mail =
    deps.mail ??
    createMail(deps, {
      from: DEFAULT_MAIL_FROM,
      salesEmail: DEFAULT_SALES_EMAIL,
      siteUrl: deps.publicUrl ?? 'http://localhost:3000',
    });
  const payment =
    deps.payment ??
    new SandboxPaymentProvider({
      query: deps.database.query,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'payment-sandbox' }),
    });
  const secret = await authSecret(deps.database, deps.clock, deps.authSecret);
  // The site's own address: its origin is the only one allowed to change state (origin-check.ts).
  const siteUrl = deps.publicUrl ?? mail.emails.siteUrl;
  const services = createServices(deps, mail, payment, { secret, siteUrl });
  app.decorate('services', services);
  if (payment instanceof SandboxPaymentProvider) {
    // The sandbox's events reach the server through the same route as the real provider's.
    payment.connect(async (body, signature) => {
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return response.statusCode;
    });
  }
  app.addHook('onClose', async () => {
    await services.checkout.idle();
    // A change's courier call that outlived its request ends (or times out) before the database.
    await services.bookingChanges.idle();
    await services.tracking.idle();
    if (payment instanceof SandboxPaymentProvider) {
      await payment.idle();
      payment.connect(undefined);
    }
  });
  return { services, mail, siteUrl };
}

/** Who may call each route: the rules a route's declaration names (http/access.ts). */
function registerAccessRules(app: FastifyInstance, services: Services): void {
  const currentUser = (headers: Headers) => services.accounts.currentUser(headers);
  registerRouteAccess(
    app,
    {
      public: async () => {},
      account: signedInRule(currentUser),
      operator: operatorRule(currentUser),
      order: orderRule(services.orderAccess),
      loopback: loopbackRule,
    },
    { [ADMIN_API_PREFIX]: 'operator', '/dev/': 'loopback' },
  );
}

/** Every route of the site's API, each from its declaration, and the API's catch-alls. */
async function registerRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
  site: { siteUrl: string; rateLimits: RateLimitSettings },
): Promise<void> {
  const { siteUrl, rateLimits } = site;
  await app.register(healthRoutes(deps.database));
  await app.register(seoRoutes({ publicUrl: deps.publicUrl, fallbackUrl: siteUrl }));
  // Every /api route is registered from its declaration (src/domain/api) and so documented.
  await registerOpenApi(app);
  await app.register(catalogRoutes(services.catalog));
  await app.register(
    quotesRoutes(services.quotes, services.catalog, services.orderAccess, deps.clock),
  );
  await app.register(ordersRoutes(services.orders, services.declaration));
  await app.register(addressLookupRoutes(services.addressLookup));
  // Signing in (with a password, or its second step) and out: this browser's guest orders become
  // the account's, and its guest session is replaced (order-access.ts).
  const accountEvents: AccountEvents = {
    signedIn: async (userId, request, reply) => {
      await services.orderAccess.linkGuestOrders(userId, services.orderAccess.guestHashOf(request));
      await services.orderAccess.rotateGuest(request, reply, 'sign-in');
    },
    signedOut: async (request, reply) => {
      await services.orderAccess.rotateGuest(request, reply, 'sign-out');
    },
  };
  await app.register(accountsRoutes(services.accounts, accountEvents));
  await app.register(twoFactorRoutes(services.twoFactor, accountEvents));
  await app.register(signUpRoutes(services.signUps, services.orderAccess));
  await app.register(operatorAccountsRoutes(services.operators));
  await app.register(myOrdersRoutes(services.myOrders, services.accounts, services.orderAccess));
  await app.register(savedItemsRoutes(services.savedItems, services.orderAccess));
  await app.register(addressBookRoutes(services.addressBook, services.orderAccess));
  await app.register(contactRoutes(services.contact));
  await app.register(
    checkoutRoutes(services.checkout, {
      limiter: services.rateLimiter,
      limit: rateLimits.cardDeclines,
    }),
  );
  await app.register(trackingRoutes(services.tracking));
  await app.register(bookingChangesRoutes(services.bookingChanges, services.audit));
  await app.register(
    claimsRoutes(
      {
        claims: services.claims.service,
        decisions: services.claims.decisions,
        evidence: services.claims.evidence,
        bankDetails: services.claims.bankDetails,
      },
      services.audit,
    ),
  );
  await registerConsoleRoutes(app, services);
  await openApiRoutes(app);
  for (const url of ['/api', '/api/*']) {
    app.all(url, { schema: { hide: true }, config: { access: 'public' } }, sendNotFound);
  }
  // An unknown path under the console's API is the console's: an operator learns it does not
  // exist, anyone else is refused as on every console route.
  app.all(
    `${ADMIN_API_PREFIX}*`,
    { schema: { hide: true }, config: { access: 'operator' } },
    sendNotFound,
  );
}

/** The development pages, for the person at this machine only (loopback). */
async function registerDevRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
  mail: MailDeps,
): Promise<void> {
  // Only while the local mailbox is the transport (never with SMTP): see docs/email.md.
  if (mail.mailbox) {
    await app.register(
      withRouteAccess(
        'loopback',
        devMailRoutes({
          mail,
          mailbox: mail.mailbox,
          database: deps.database,
          clock: deps.clock,
          siteUrl: mail.emails.siteUrl,
        }),
      ),
    );
    await app.register(withRouteAccess('loopback', devCourierRoutes(services.courierRoutes)));
    await app.register(withRouteAccess('loopback', devRowCounts(deps.database)));
  }
  if (deps.sandboxClock) {
    await app.register(
      withRouteAccess(
        'loopback',
        devClockRoutes(deps.sandboxClock, () => services.jobs.wake()),
      ),
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for jobs started by main and for tests. */
    services: Services;
  }
}

/** The console's routes: each module registers its own (docs/operators.md, "Operator actions"). */
async function registerConsoleRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const operator = services.operatorActions;
  await app.register(auditLogRoutes(services.audit));
  await app.register(adminRoutes(services.admin, operator.notes));
  await app.register(operatorCheckoutRoutes(operator.checkout));
  await app.register(operatorRatesRoutes(operator.rates));
  await app.register(operatorMessagesRoutes(operator.messages));
  await app.register(operatorMailRoutes(operator.mail));
  await app.register(operatorPayAgainRoutes(operator.payAgain));
}

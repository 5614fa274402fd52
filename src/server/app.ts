import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Database } from './db/client.js';
import type { CourierProvider } from './providers/courier/courier-provider.js';
import { devMailRoutes } from './dev/mail.routes.js';
import { registerErrorHandling, sendNotFound } from './http/errors.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import type { RouteCachePolicy } from './modules/courier-routes/courier-routes.service.js';
import { openApiRoutes, registerOpenApi } from './modules/openapi/openapi.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { createServices, type Services } from './services.js';
import {
  createMail,
  DEFAULT_MAIL_FROM,
  DEFAULT_SALES_EMAIL,
  type MailDeps,
} from './modules/email/mail.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { registerSpa } from './spa/spa.js';
import type { JobQueueOptions } from './jobs/job-queue.js';
import type { CheckoutOptions } from './modules/checkout/checkout-deps.js';
import { checkoutRoutes, WEBHOOK_PATH } from './modules/checkout/checkout.routes.js';
import type { PaymentProvider } from './providers/payment/payment-provider.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from './providers/payment/sandbox/sandbox-payments.js';

/** Everything the app needs from the outside world; tests build their own. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** The courier (docs/providers.md): the real API, or the simulator of it. */
  courier: CourierProvider;
  /** How long courier route answers are trusted; defaults suit production. */
  routeCachePolicy?: RouteCachePolicy;
  /** Directory of the built SPA; when absent (dev, API tests) only the API is served. */
  webDistDir?: string;
  /** The site's public address (PUBLIC_URL) for canonical links and the sitemap; else per request. */
  publicUrl?: string;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number;
  /**
   * Email: the entry points features call (`mail.emails`), the outbox, its transport and worker.
   * When absent (API tests), a local mailbox on `database` with a worker that is not started.
   */
  mail?: MailDeps;
  /**
   * The card provider (docs/orders.md): Stripe, or the card sandbox. When absent, the sandbox on
   * `database`. A sandbox's events are posted to the app's own webhook route, signed.
   */
  payment?: PaymentProvider;
  /** The job queue's timings (tests shorten them); its worker is started by main. */
  jobQueue?: Partial<JobQueueOptions>;
  /** Booking retry window and delay. */
  checkout?: Partial<CheckoutOptions>;
}

/** Builds the whole HTTP app without listening; `main.ts` listens, tests call `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // Fastify's own two lines per request are replaced by our one line (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.bodyLimitBytes ?? 64 * 1024,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
  });

  // One structured line per request.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  registerErrorHandling(app);

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
  const services = createServices(deps, mail, payment);
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
    if (payment instanceof SandboxPaymentProvider) {
      await payment.idle();
      payment.connect(undefined);
    }
  });

  await app.register(healthRoutes(deps.database));
  await app.register(seoRoutes(deps.publicUrl));
  // Every /api route is registered from its declaration (src/domain/api) and so documented.
  await registerOpenApi(app);
  await app.register(catalogRoutes(services.catalog));
  await app.register(quotesRoutes(services.quotes, services.catalog));
  await app.register(ordersRoutes(services.orders, services.declaration));
  await app.register(sessionRoutes);
  await app.register(contactRoutes(services.contact));
  await app.register(checkoutRoutes(services.checkout));
  await openApiRoutes(app);
  for (const url of ['/api', '/api/*']) {
    app.all(url, { schema: { hide: true } }, sendNotFound);
  }
  // Only while the local mailbox is the transport (never with SMTP): see docs/email.md.
  if (mail.mailbox) {
    await app.register(
      devMailRoutes({
        mail,
        mailbox: mail.mailbox,
        database: deps.database,
        clock: deps.clock,
        siteUrl: mail.emails.siteUrl,
      }),
    );
  }

  await registerSpa(app, deps.webDistDir, deps.publicUrl, { stripe: payment.name === 'stripe' });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for jobs started by main and for tests. */
    services: Services;
  }
}

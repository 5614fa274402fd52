import type { AppDeps } from './app.js';
import { CatalogRepository } from './modules/catalog/catalog.repository.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { RateCache } from './modules/catalog/rate-cache.js';
import { CourierRoutesRepository } from './modules/courier-routes/courier-routes.repository.js';
import { CourierRoutesService } from './modules/courier-routes/courier-routes.service.js';
import type { MailDeps } from './modules/email/mail.js';
import { ContactRepository } from './modules/contact/contact.repository.js';
import { ContactService } from './modules/contact/contact.service.js';
import { createUkHolidayLookup } from './modules/calendar/uk-holidays.js';
import { DeclarationService } from './modules/orders/declaration.service.js';
import { OrderItemsRepository } from './modules/orders/order-items.repository.js';
import { OrdersRepository } from './modules/orders/orders.repository.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { QuotesService } from './modules/quotes/quotes.service.js';
import { JobQueue } from './jobs/job-queue.js';
import { CheckoutRepository } from './modules/checkout/checkout.repository.js';
import { CheckoutService } from './modules/checkout/checkout.service.js';
import type { PaymentProvider } from './providers/payment/payment-provider.js';

/** Every module's service, wired once from the deps. Routes and jobs use these. */
export function createServices(deps: AppDeps, mail: MailDeps, payment: PaymentProvider) {
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
  const rates = new RateCache(catalogRepository, deps.clock);
  const itemsRepository = new OrderItemsRepository(db);
  const orders = new OrdersService(
    ordersRepository,
    itemsRepository,
    catalog,
    courierRoutes,
    createUkHolidayLookup(),
    deps.clock,
  );
  const jobs = new JobQueue(
    {
      database: deps.database,
      clock: deps.clock,
      logger: deps.logger.child({ component: 'jobs' }),
    },
    deps.jobQueue,
  );
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
    },
    deps.checkout,
  );
  return {
    mail,
    jobs,
    checkout,
    catalog,
    rates,
    contact: new ContactService(new ContactRepository(db), mail, deps.clock),
    courierRoutes,
    quotes: new QuotesService(rates, courierRoutes, orders, deps.clock),
    orders,
    declaration: new DeclarationService(orders, itemsRepository, deps.courier, deps.clock),
  };
}

export type Services = ReturnType<typeof createServices>;

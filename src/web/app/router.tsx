import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/ui/spinner.js';
import { Routes } from '../lib/router.js';
import { HomePage } from '../routes/home.js';
import { NotFoundPage } from './error-page.js';
import { SiteLayout } from './site-layout.js';

/** A page loaded on demand, so the first visit downloads only what it shows. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const QuotePage = page(() => import('../routes/quote.js'), 'QuotePage');
const BookingPage = page(() => import('../routes/booking.js'), 'BookingPage');
const ItemsPage = page(() => import('../routes/items.js'), 'ItemsPage');
const PayPage = page(() => import('../routes/pay.js'), 'PayPage');
const OrderConfirmationPage = page(
  () => import('../routes/order-confirmation.js'),
  'OrderConfirmationPage',
);
const HowItWorksPage = page(() => import('../routes/how-it-works.js'), 'HowItWorksPage');
const FaqPage = page(() => import('../routes/faq.js'), 'FaqPage');
const ProhibitedItemsPage = page(
  () => import('../routes/prohibited-items.js'),
  'ProhibitedItemsPage',
);
const ContactPage = page(() => import('../routes/contact.js'), 'ContactPage');
const TermsPage = page(() => import('../routes/terms.js'), 'TermsPage');
const LoginPage = page(() => import('../routes/login.js'), 'LoginPage');
const ForgottenPasswordPage = page(
  () => import('../routes/forgotten-password.js'),
  'ForgottenPasswordPage',
);

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" size="large" />
    </div>
  );
}

/** Every route of spec §2: SITE_ROUTES in src/domain (tests/e2e/site-shell.spec.ts visits each). */
const ROUTES = {
  '/': <HomePage />,
  '/quote': <Lazy page={QuotePage} />,
  '/booking': <Lazy page={BookingPage} />,
  '/items': <Lazy page={ItemsPage} />,
  '/pay': <Lazy page={PayPage} />,
  '/order-confirmation': <Lazy page={OrderConfirmationPage} />,
  '/how-it-works': <Lazy page={HowItWorksPage} />,
  '/faq': <Lazy page={FaqPage} />,
  '/prohibited-items': <Lazy page={ProhibitedItemsPage} />,
  '/contact': <Lazy page={ContactPage} />,
  '/terms': <Lazy page={TermsPage} />,
  '/login': <Lazy page={LoginPage} />,
  '/login/forgotten-password': <Lazy page={ForgottenPasswordPage} />,
};

export function AppRoutes() {
  return (
    <SiteLayout>
      <Routes routes={ROUTES} fallback={<NotFoundPage />} />
    </SiteLayout>
  );
}

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

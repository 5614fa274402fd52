import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from '../components/ui/spinner.js';
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
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="quote" element={<Lazy page={QuotePage} />} />
        <Route path="booking" element={<Lazy page={BookingPage} />} />
        <Route path="items" element={<Lazy page={ItemsPage} />} />
        <Route path="pay" element={<Lazy page={PayPage} />} />
        <Route path="order-confirmation" element={<Lazy page={OrderConfirmationPage} />} />
        <Route path="how-it-works" element={<Lazy page={HowItWorksPage} />} />
        <Route path="faq" element={<Lazy page={FaqPage} />} />
        <Route path="prohibited-items" element={<Lazy page={ProhibitedItemsPage} />} />
        <Route path="contact" element={<Lazy page={ContactPage} />} />
        <Route path="terms" element={<Lazy page={TermsPage} />} />
        <Route path="login" element={<Lazy page={LoginPage} />} />
        <Route path="login/forgotten-password" element={<Lazy page={ForgottenPasswordPage} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner.js';
import { matchFirst } from '../../domain/site-routes.js';
import { Routes, setPagePreloader } from '../lib/router.js';
import { HomePage } from '../routes/home.js';
import { NotFoundPage } from './error-page.js';
import { SiteLayout } from './site-layout.js';

type LazyPage = (() => ReactNode) & {
  /** Starts loading the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
};

/**
 * A page loaded on demand, so the first visit downloads only what it shows. Unlike React.lazy,
 * a page preloaded before the first render (main.tsx) renders at once, with no loading state
 * in between (which would shift the footer: layout shift). Its module is
 * `routes/<last segment of its path that is not a parameter>.tsx` (routes/orders.tsx for
 * "/account/orders/:reference"), or the route's declared `module` (the console's pages:
 * routes/admin.tsx): the server preloads it by that name (src/server/spa/spa.ts).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module[name];
    }));
  function Page() {
    if (!loaded) use(preload());
    const Loaded = loaded as ComponentType;
    return <Loaded />;
  }
  return Object.assign(Page, { preload });
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
const PrivacyPage = page(() => import('../routes/privacy.js'), 'PrivacyPage');
const LoginPage = page(() => import('../routes/login.js'), 'LoginPage');
const ForgottenPasswordPage = page(
  () => import('../routes/forgotten-password.js'),
  'ForgottenPasswordPage',
);

const SignUpPage = page(() => import('../routes/signup.js'), 'SignUpPage');
const ConfirmSignUpPage = page(() => import('../routes/signup.js'), 'ConfirmSignUpPage');
const ResetPasswordPage = page(() => import('../routes/reset-password.js'), 'ResetPasswordPage');
const AccountPage = page(() => import('../routes/account.js'), 'AccountPage');
const AccountOrderPage = page(() => import('../routes/orders.js'), 'AccountOrderPage');
const VerifyEmailPage = page(() => import('../routes/verify-email.js'), 'VerifyEmailPage');
const ManageBookingPage = page(() => import('../routes/manage-booking.js'), 'ManageBookingPage');
const AdminAcceptPage = page(() => import('../routes/admin-accept.js'), 'AdminAcceptPage');
const AdminDashboardPage = page(() => import('../routes/admin.js'), 'AdminDashboardPage');
const AdminOrdersPage = page(() => import('../routes/admin.js'), 'AdminOrdersPage');
const AdminOrderPage = page(() => import('../routes/admin.js'), 'AdminOrderPage');
const AdminRatesPage = page(() => import('../routes/admin.js'), 'AdminRatesPage');
const AdminMessagesPage = page(() => import('../routes/admin.js'), 'AdminMessagesPage');
const AdminMailPage = page(() => import('../routes/admin.js'), 'AdminMailPage');

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" size="large" />
    </div>
  );
}

/** Every route of docs/product-rules.md: SITE_ROUTES in src/domain (tests/e2e/site-shell.spec.ts visits each). */
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
  '/privacy': <Lazy page={PrivacyPage} />,
  '/login': <Lazy page={LoginPage} />,
  '/login/forgotten-password': <Lazy page={ForgottenPasswordPage} />,
  '/login/reset-password': <Lazy page={ResetPasswordPage} />,
  '/signup': <Lazy page={SignUpPage} />,
  '/signup/confirm': <Lazy page={ConfirmSignUpPage} />,
  '/account': <Lazy page={AccountPage} />,
  '/account/orders/:reference': <Lazy page={AccountOrderPage} />,
  '/account/verify-email': <Lazy page={VerifyEmailPage} />,
  '/manage-booking': <Lazy page={ManageBookingPage} />,
  '/admin': <Lazy page={AdminDashboardPage} />,
  '/admin/accept': <Lazy page={AdminAcceptPage} />,
  '/admin/orders': <Lazy page={AdminOrdersPage} />,
  '/admin/orders/:id': <Lazy page={AdminOrderPage} />,
  '/admin/rates': <Lazy page={AdminRatesPage} />,
  '/admin/messages': <Lazy page={AdminMessagesPage} />,
  '/admin/mail': <Lazy page={AdminMailPage} />,
};

export function AppRoutes() {
  return (
    <SiteLayout>
      <Routes routes={ROUTES} fallback={<NotFoundPage />} />
    </SiteLayout>
  );
}

const PRELOADERS: Readonly<Record<string, () => Promise<void>>> = {
  '/quote': QuotePage.preload,
  '/booking': BookingPage.preload,
  '/items': ItemsPage.preload,
  '/pay': PayPage.preload,
  '/order-confirmation': OrderConfirmationPage.preload,
  '/how-it-works': HowItWorksPage.preload,
  '/faq': FaqPage.preload,
  '/prohibited-items': ProhibitedItemsPage.preload,
  '/contact': ContactPage.preload,
  '/terms': TermsPage.preload,
  '/privacy': PrivacyPage.preload,
  '/login': LoginPage.preload,
  '/login/forgotten-password': ForgottenPasswordPage.preload,
  '/login/reset-password': ResetPasswordPage.preload,
  '/signup': SignUpPage.preload,
  '/signup/confirm': ConfirmSignUpPage.preload,
  '/account': AccountPage.preload,
  '/account/orders/:reference': AccountOrderPage.preload,
  '/account/verify-email': VerifyEmailPage.preload,
  '/manage-booking': ManageBookingPage.preload,
  '/admin': AdminDashboardPage.preload,
  '/admin/accept': AdminAcceptPage.preload,
  '/admin/orders': AdminOrdersPage.preload,
  '/admin/orders/:id': AdminOrderPage.preload,
  '/admin/rates': AdminRatesPage.preload,
  '/admin/messages': AdminMessagesPage.preload,
  '/admin/mail': AdminMailPage.preload,
};

/** Loads the module of the page at this path, if it is a lazy one; never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchFirst(Object.keys(PRELOADERS), pathname);
  await (match && PRELOADERS[match.pattern]?.().catch(() => undefined));
}
setPagePreloader(preloadPage);

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

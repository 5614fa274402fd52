import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner.js';
import { normalisePath, Routes, setPagePreloader } from '../lib/router.js';
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
 * `routes/<last path segment>.tsx`: the server preloads it by that name (src/server/spa/spa.ts).
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
  '/login': LoginPage.preload,
  '/login/forgotten-password': ForgottenPasswordPage.preload,
};

/** Loads the module of the page at this path, if it is a lazy one; never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  await PRELOADERS[normalisePath(pathname)]?.().catch(() => undefined);
}
setPagePreloader(preloadPage);

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

import { use, type ComponentType, type ReactNode } from 'react';
import type { PageId } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';

export type Page = (() => ReactNode) & {
  /** Starts loading the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
  /** The component it shows, once loaded. */
  readonly component: ComponentType | undefined;
};

/**
 * A page loaded on demand from its chunk, `routes/<module>.tsx` (the `module` of its entry in
 * SITE_PAGES, which the server preloads with the page's HTML), so the first visit downloads only
 * what it shows. Unlike React.lazy, a page preloaded before the first render (main.tsx) renders
 * at once, with no loading state in between (which would shift the footer: layout shift).
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module[name];
    }));
  function LazyPage() {
    if (!loaded) use(preload());
    const Loaded = loaded as ComponentType;
    return <Loaded />;
  }
  return Object.defineProperties(LazyPage, {
    preload: { value: preload },
    component: { get: () => loaded },
  }) as Page;
}

/** The home page is in the entry chunk: nothing to load. */
function entryPage(Component: ComponentType): Page {
  return Object.assign(() => <Component />, {
    preload: () => Promise.resolve(),
    component: Component,
  });
}

/**
 * Each page of the page table (src/domain/site-routes.ts) with its component, by page id: a page
 * of the table missing here is a type error. The router and its preloaders read this.
 */
export const PAGES: Readonly<Record<PageId, Page>> = {
  home: entryPage(HomePage),
  quote: lazyPage(() => import('../routes/quote.js'), 'QuotePage'),
  booking: lazyPage(() => import('../routes/booking.js'), 'BookingPage'),
  items: lazyPage(() => import('../routes/items.js'), 'ItemsPage'),
  pay: lazyPage(() => import('../routes/pay.js'), 'PayPage'),
  orderConfirmation: lazyPage(
    () => import('../routes/order-confirmation.js'),
    'OrderConfirmationPage',
  ),
  howItWorks: lazyPage(() => import('../routes/how-it-works.js'), 'HowItWorksPage'),
  faq: lazyPage(() => import('../routes/faq.js'), 'FaqPage'),
  prohibitedItems: lazyPage(() => import('../routes/prohibited-items.js'), 'ProhibitedItemsPage'),
  contact: lazyPage(() => import('../routes/contact.js'), 'ContactPage'),
  terms: lazyPage(() => import('../routes/terms.js'), 'TermsPage'),
  privacy: lazyPage(() => import('../routes/privacy.js'), 'PrivacyPage'),
  login: lazyPage(() => import('../routes/login.js'), 'SignInPage'),
  forgottenPassword: lazyPage(
    () => import('../routes/forgotten-password.js'),
    'ForgottenPasswordForm',
  ),
  resetPassword: lazyPage(() => import('../routes/reset-password.js'), 'ResetPasswordForm'),
  signUp: lazyPage(() => import('../routes/signup.js'), 'SignUpPage'),
  confirmSignUp: lazyPage(() => import('../routes/signup.js'), 'ConfirmSignUpPage'),
  account: lazyPage(() => import('../routes/account.js'), 'AccountPage'),
  accountOrder: lazyPage(() => import('../routes/orders.js'), 'AccountOrderPage'),
  verifyEmail: lazyPage(() => import('../routes/verify-email.js'), 'VerifyEmailPage'),
  manageBooking: lazyPage(() => import('../routes/manage-booking.js'), 'ManageBookingPage'),
  adminAccept: lazyPage(() => import('../routes/admin-accept.js'), 'AcceptInvitationForm'),
  adminDashboard: lazyPage(() => import('../routes/admin.js'), 'AdminDashboardPage'),
  adminOrders: lazyPage(() => import('../routes/admin.js'), 'AdminOrdersPage'),
  adminOrder: lazyPage(() => import('../routes/admin.js'), 'AdminOrderPage'),
  adminRates: lazyPage(() => import('../routes/admin.js'), 'AdminRatesPage'),
  adminMessages: lazyPage(() => import('../routes/admin.js'), 'AdminMessagesPage'),
  adminMail: lazyPage(() => import('../routes/admin.js'), 'AdminMailPage'),
};

import { use, type ComponentType, type ReactNode } from 'react';
import type { LazyPageId } from '../../domain/page-modules.js';
import { SITE_ROUTES, type PageId } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';

export type Page = (() => ReactNode) & {
  /** Starts loading the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
  /** The component it shows, once loaded. */
  readonly component: ComponentType | undefined;
};

/**
 * A page loaded on demand from its chunk, the file PAGE_MODULES names (which the server preloads
 * with the page's HTML), so the first visit downloads only what it shows. Unlike React.lazy, a
 * page preloaded before the first render (main.tsx) renders at once, with no loading state in
 * between (which would shift the footer: layout shift).
 */
export function lazyPage(load: () => Promise<ComponentType | undefined>): Page {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      if (typeof component !== 'function') throw new Error("The page's module has no component");
      loaded = component;
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

/**
 * How each page's component is loaded: from the file PAGE_MODULES names for it (src/domain/
 * page-modules.ts; pages.test.ts fails if the two disagree), each file its own chunk. Written out
 * rather than looked up by name so that the home page's script carries neither the file names nor
 * the export names, only the chunks' (docs/decisions/128).
 */
const authPages = () => import('../features/account/auth-pages.js');
const trackPages = () => import('../features/tracking/track-pages.js');
const consolePages = () => import('../features/admin/console-pages.js');

export const PAGE_LOADERS: { readonly [Id in LazyPageId]: () => Promise<ComponentType> } = {
  quote: () => import('../features/quote/quote-page.js').then((m) => m.QuotePage),
  booking: () => import('../features/booking/booking-page.js').then((m) => m.BookingPage),
  items: () => import('../features/items/items-page.js').then((m) => m.ItemsPage),
  pay: () => import('../features/checkout/pay-page.js').then((m) => m.PayPage),
  orderConfirmation: () =>
    import('../features/checkout/order-confirmation-page.js').then((m) => m.OrderConfirmationPage),
  howItWorks: () => import('../features/info/how-it-works-page.js').then((m) => m.HowItWorksPage),
  faq: () => import('../features/faq/faq-page.js').then((m) => m.FaqPage),
  prohibitedItems: () =>
    import('../features/info/prohibited-items-page.js').then((m) => m.ProhibitedItemsPage),
  contact: () => import('../features/contact/contact-page.js').then((m) => m.ContactPage),
  terms: () => import('../features/info/terms-page.js').then((m) => m.TermsPage),
  privacy: () => import('../features/info/privacy-page.js').then((m) => m.PrivacyPage),
  login: () => authPages().then((m) => m.SignInPage),
  forgottenPassword: () => authPages().then((m) => m.ForgottenPasswordForm),
  resetPassword: () => authPages().then((m) => m.ResetPasswordForm),
  signUp: () => authPages().then((m) => m.SignUpPage),
  confirmSignUp: () =>
    import('../features/account/confirm-sign-up-page.js').then((m) => m.ConfirmSignUpPage),
  account: () => import('../features/account/account-page.js').then((m) => m.AccountPage),
  accountOrder: () => import('../features/account/order-page.js').then((m) => m.AccountOrderPage),
  verifyEmail: () =>
    import('../features/account/verify-email-page.js').then((m) => m.VerifyEmailPage),
  manageBooking: () =>
    import('../features/account/manage-booking-page.js').then((m) => m.ManageBookingPage),
  track: () => trackPages().then((m) => m.TrackLookupPage),
  tracking: () => trackPages().then((m) => m.TrackingPage),
  emailSettings: () =>
    import('../features/tracking/email-settings-page.js').then((m) => m.EmailSettingsPage),
  adminAccept: () => authPages().then((m) => m.AcceptInvitationForm),
  adminDashboard: () => consolePages().then((m) => m.AdminDashboardPage),
  adminOrders: () => consolePages().then((m) => m.AdminOrdersPage),
  adminOrder: () => consolePages().then((m) => m.AdminOrderPage),
  adminClaims: () => consolePages().then((m) => m.AdminClaimsPage),
  adminClaim: () => consolePages().then((m) => m.AdminClaimPage),
  adminShipments: () => consolePages().then((m) => m.AdminShipmentsPage),
  adminRates: () => consolePages().then((m) => m.AdminRatesPage),
  adminMessages: () => consolePages().then((m) => m.AdminMessagesPage),
  adminMail: () => consolePages().then((m) => m.AdminMailPage),
};

/** The home page is in the entry chunk: nothing to load. */
function entryPage(Component: ComponentType): Page {
  return Object.assign(() => <Component />, {
    preload: () => Promise.resolve(),
    component: Component,
  });
}

/** Each page of the page table with its component, by page id. The router and its preloaders read this. */
export const PAGES = Object.fromEntries(
  SITE_ROUTES.map(({ id }) => [
    id,
    id === 'home' ? entryPage(HomePage) : lazyPage(PAGE_LOADERS[id]),
  ]),
) as Readonly<Record<PageId, Page>>;

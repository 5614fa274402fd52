import { findSiteRoute, type PageId } from './site-routes.js';

/** Every page but home, which is in the entry chunk. */
export type LazyPageId = Exclude<PageId, 'home'>;

/**
 * The file of each page's component under src/web/features, its own script chunk (pages may share
 * one: the sign-in pages share `account/auth-pages.tsx`, the console's `admin/console-pages.tsx`).
 * The server reads it to preload a page's chunks with its HTML (src/server/spa/spa.ts); the web
 * loads the page from the same file (src/web/app/pages.tsx, whose test fails when the two
 * disagree). A page added to the page table without a file here fails the typecheck. Kept apart
 * from the page table so the home page's script does not carry it (docs/decisions/128).
 */
export const PAGE_MODULES = {
  quote: 'quote/quote-page.tsx',
  booking: 'booking/booking-page.tsx',
  items: 'items/items-page.tsx',
  pay: 'checkout/pay-page.tsx',
  orderConfirmation: 'checkout/order-confirmation-page.tsx',
  howItWorks: 'info/how-it-works-page.tsx',
  faq: 'faq/faq-page.tsx',
  prohibitedItems: 'info/prohibited-items-page.tsx',
  contact: 'contact/contact-page.tsx',
  terms: 'info/terms-page.tsx',
  privacy: 'info/privacy-page.tsx',
  login: 'account/auth-pages.tsx',
  forgottenPassword: 'account/auth-pages.tsx',
  resetPassword: 'account/auth-pages.tsx',
  signUp: 'account/auth-pages.tsx',
  confirmSignUp: 'account/confirm-sign-up-page.tsx',
  account: 'account/account-page.tsx',
  accountOrder: 'account/order-page.tsx',
  verifyEmail: 'account/verify-email-page.tsx',
  manageBooking: 'account/manage-booking-page.tsx',
  track: 'tracking/track-pages.tsx',
  tracking: 'tracking/track-pages.tsx',
  emailSettings: 'tracking/email-settings-page.tsx',
  adminAccept: 'account/auth-pages.tsx',
  adminDashboard: 'admin/console-pages.tsx',
  adminOrders: 'admin/console-pages.tsx',
  adminOrder: 'admin/console-pages.tsx',
  adminClaims: 'admin/console-pages.tsx',
  adminClaim: 'admin/console-pages.tsx',
  adminShipments: 'admin/console-pages.tsx',
  adminRates: 'admin/console-pages.tsx',
  adminMessages: 'admin/console-pages.tsx',
  adminMail: 'admin/console-pages.tsx',
} as const satisfies Record<LazyPageId, `${string}.tsx`>;

/**
 * The file of the page at this path, under src/web/features; none for the home page, which is in
 * the entry chunk, or for a path that is no page.
 */
export function pageModuleOf(pathname: string): string | undefined {
  const id = findSiteRoute(pathname)?.id;
  return id && id !== 'home' ? PAGE_MODULES[id] : undefined;
}

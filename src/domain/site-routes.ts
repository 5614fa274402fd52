/**
 * Every public route of the site (docs/product-rules.md, "Pages and routes") with its page title. The web router and the server's
 * SPA fallback both read this list, so a route is never known to one and not the other.
 */
export interface SiteRoute {
  path: string;
  title: string;
}

export const BRAND = 'BoxAbroad';

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', title: 'Send your boxes abroad from the UK' },
  { path: '/quote', title: 'Your quote' },
  { path: '/booking', title: 'Book your collection' },
  { path: '/items', title: 'Declare Items' },
  { path: '/pay', title: 'Payment' },
  { path: '/order-confirmation', title: 'Order confirmation' },
  { path: '/how-it-works', title: 'How It Works' },
  { path: '/faq', title: 'FAQ' },
  { path: '/prohibited-items', title: 'Prohibited Items' },
  { path: '/contact', title: 'Contact us' },
  { path: '/terms', title: 'Terms & Conditions' },
  { path: '/login', title: 'Sign in' },
  { path: '/login/forgotten-password', title: 'Forgotten Password' },
];

export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

export function isSiteRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_ROUTES.some((r) => r.path === normalised);
}

/** The page title of a site route; throws for a path that is not a route (a programming error). */
export function titleFor(path: string): string {
  const route = SITE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`Not a site route: ${path}`);
  return route.title;
}

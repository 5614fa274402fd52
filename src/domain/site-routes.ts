/**
 * Every public route of the site (docs/product-rules.md, "Pages and routes") with its page title. The web router and the server's
 * SPA fallback both read this list, so a route is never known to one and not the other.
 *
 * A path is either fixed ("/faq") or a pattern whose `:name` segments each match one non-empty
 * segment of a URL ("/account/orders/:reference"); see matchPath.
 */
export interface SiteRoute {
  path: string;
  title: string;
  /** Only for a signed-in customer: anyone else is sent to /login?next=… and brought back. */
  signedIn?: true;
  /** Only for an operator (role admin): a signed-in customer is told the page is for staff (403). */
  admin?: true;
  /**
   * The page's module when it is not the last fixed segment of its path: `routes/<module>.tsx`
   * (the console's pages share one chunk, `routes/admin.tsx`).
   */
  module?: string;
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
  { path: '/privacy', title: 'Privacy and cookies' },
  { path: '/login', title: 'Sign in' },
  { path: '/login/forgotten-password', title: 'Forgotten Password' },
  { path: '/login/reset-password', title: 'Choose a new password' },
  { path: '/signup', title: 'Create an account' },
  { path: '/signup/confirm', title: 'Finish creating your account' },
  { path: '/account', title: 'Your account', signedIn: true },
  { path: '/account/orders/:reference', title: 'Your order', signedIn: true },
  { path: '/account/verify-email', title: 'Confirm your email' },
  { path: '/manage-booking', title: 'Manage my booking' },
  // The operator console (docs/operators.md). Its invitation link is opened signed out.
  { path: '/admin/accept', title: 'Become an operator', module: 'admin-accept' },
  { path: '/admin', title: 'Console', signedIn: true, admin: true, module: 'admin' },
  { path: '/admin/orders', title: 'Orders', signedIn: true, admin: true, module: 'admin' },
  { path: '/admin/orders/:id', title: 'Order', signedIn: true, admin: true, module: 'admin' },
  { path: '/admin/rates', title: 'Rates', signedIn: true, admin: true, module: 'admin' },
  { path: '/admin/messages', title: 'Messages', signedIn: true, admin: true, module: 'admin' },
  { path: '/admin/mail', title: 'Mail', signedIn: true, admin: true, module: 'admin' },
];

export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

/** "/faq/" and "/faq" are the same page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export type PathParams = Readonly<Record<string, string>>;

/**
 * Matches a URL path against a route pattern: the pattern's parameters (decoded) when it matches,
 * otherwise null. A fixed pattern matches only itself; a `:name` segment matches exactly one
 * non-empty segment, so "/account/orders/:reference" matches neither "/account/orders" nor
 * "/account/orders/A/B". A trailing slash is ignored; a segment that is not valid percent-encoding
 * does not match.
 */
export function matchPath(pattern: string, pathname: string): PathParams | null {
  const path = normalisePath(pathname);
  if (!pattern.includes(':')) return pattern === path ? {} : null;
  const wanted = pattern.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const actual = given[index] as string;
    if (!segment.startsWith(':')) {
      if (segment !== actual) return null;
      continue;
    }
    if (!actual) return null;
    try {
      params[segment.slice(1)] = decodeURIComponent(actual);
    } catch {
      return null;
    }
  }
  return params;
}

/**
 * The first of `patterns` that matches the path, with its parameters: a fixed path wins over a
 * pattern, then patterns are tried in order.
 */
export function matchFirst(
  patterns: readonly string[],
  pathname: string,
): { pattern: string; params: PathParams } | undefined {
  const path = normalisePath(pathname);
  if (patterns.includes(path)) return { pattern: path, params: {} };
  for (const pattern of patterns) {
    if (!pattern.includes(':')) continue;
    const params = matchPath(pattern, path);
    if (params) return { pattern, params };
  }
  return undefined;
}

/** The site route a URL path shows, if any. */
export function findSiteRoute(pathname: string): SiteRoute | undefined {
  const match = matchFirst(
    SITE_ROUTES.map((r) => r.path),
    pathname,
  );
  return match && SITE_ROUTES.find((r) => r.path === match.pattern);
}

export function isSiteRoute(pathname: string): boolean {
  return findSiteRoute(pathname) !== undefined;
}

/** The page title of a site route; throws for a path that is not a route (a programming error). */
export function titleFor(path: string): string {
  const route = SITE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`Not a site route: ${path}`);
  return route.title;
}

/**
 * The site's page table: every page (docs/product-rules.md, "Pages and routes") with its path,
 * title, who may open it and whether search engines should find it (its description is then in
 * site-meta.ts). Everything else reads it: the web router, the server's SPA fallback, page head
 * tags, sitemap and chunk preloads. Adding a page is one entry here, and the compiler then asks
 * for its file (page-modules.ts) and its component (src/web/app/pages.tsx); both are kept out of
 * this table so the home page's script carries none of them (docs/decisions/128).
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
   * A page worth finding from a search engine: listed in the sitemap, indexed, its HTML rendered
   * at build time and hydrated (docs/decisions/100). Its description is in PAGE_DESCRIPTIONS
   * (site-meta.ts), apart so that the home page's script does not carry every page's (decision
   * 101). Every other page (the booking journey, the account, the console) is noindex.
   */
  indexed?: true;
}

export const BRAND = 'BoxAbroad';

export const SITE_PAGES = {
  home: {
    path: '/',
    title: 'Send your boxes abroad from the UK',
    indexed: true,
  },
  quote: {
    path: '/quote',
    title: 'Your quote',
  },
  booking: {
    path: '/booking',
    title: 'Book your collection',
  },
  items: {
    path: '/items',
    title: 'Declare Items',
  },
  pay: { path: '/pay', title: 'Payment' },
  orderConfirmation: {
    path: '/order-confirmation',
    title: 'Order confirmation',
  },
  howItWorks: {
    path: '/how-it-works',
    title: 'How It Works',
    indexed: true,
  },
  faq: {
    path: '/faq',
    title: 'FAQ',
    indexed: true,
  },
  prohibitedItems: {
    path: '/prohibited-items',
    title: 'Prohibited Items',
    indexed: true,
  },
  contact: {
    path: '/contact',
    title: 'Contact us',
    indexed: true,
  },
  terms: {
    path: '/terms',
    title: 'Terms & Conditions',
    indexed: true,
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy and cookies',
    indexed: true,
  },
  login: {
    path: '/login',
    title: 'Sign in',
  },
  forgottenPassword: {
    path: '/login/forgotten-password',
    title: 'Forgotten Password',
  },
  resetPassword: {
    path: '/login/reset-password',
    title: 'Choose a new password',
  },
  signUp: {
    path: '/signup',
    title: 'Create an account',
  },
  confirmSignUp: {
    path: '/signup/confirm',
    title: 'Finish creating your account',
  },
  account: {
    path: '/account',
    title: 'Your account',
    signedIn: true,
  },
  accountOrder: {
    path: '/account/orders/:reference',
    title: 'Your order',
    signedIn: true,
  },
  verifyEmail: {
    path: '/account/verify-email',
    title: 'Confirm your email',
  },
  manageBooking: {
    path: '/manage-booking',
    title: 'Manage my booking',
  },
  // Tracking after the booking (docs/tracking.md): found by reference and postcode, or opened by
  // the signed link in every email; no sign-in.
  track: {
    path: '/track',
    title: 'Track your boxes',
  },
  tracking: {
    path: '/track/:token',
    title: 'Tracking',
  },
  // The one setting an optional tracking email's "turn off" link opens, by its own signed link.
  emailSettings: {
    path: '/emails/:token',
    title: 'Your tracking emails',
  },
  // The operator console (docs/operators.md). Its invitation link is opened signed out.
  adminAccept: {
    path: '/admin/accept',
    title: 'Become an operator',
  },
  adminDashboard: {
    path: '/admin',
    title: 'Console',
    signedIn: true,
    admin: true,
  },
  adminOrders: {
    path: '/admin/orders',
    title: 'Orders',
    signedIn: true,
    admin: true,
  },
  adminOrder: {
    path: '/admin/orders/:id',
    title: 'Order',
    signedIn: true,
    admin: true,
  },
  adminClaims: {
    path: '/admin/claims',
    title: 'Claims',
    signedIn: true,
    admin: true,
  },
  adminClaim: {
    path: '/admin/claims/:claimId',
    title: 'Claim',
    signedIn: true,
    admin: true,
  },
  adminShipments: {
    path: '/admin/shipments',
    title: 'Shipments',
    signedIn: true,
    admin: true,
  },
  adminRates: {
    path: '/admin/rates',
    title: 'Rates',
    signedIn: true,
    admin: true,
  },
  adminMessages: {
    path: '/admin/messages',
    title: 'Messages',
    signedIn: true,
    admin: true,
  },
  adminMail: {
    path: '/admin/mail',
    title: 'Mail',
    signedIn: true,
    admin: true,
  },
} as const satisfies Record<string, SiteRoute>;

/** A page of the site, by the key of its entry in SITE_PAGES. */
export type PageId = keyof typeof SITE_PAGES;

/** A route of the page table with its page id. */
export type SitePage = SiteRoute & { id: PageId };

/** The page table as a list, in the table's order. */
export const SITE_ROUTES: readonly SitePage[] = Object.entries(SITE_PAGES).map(([id, route]) => ({
  id: id as PageId,
  ...route,
}));

/** A page search engines should find, by its id: each has a description in site-meta.ts. */
export type IndexedPageId = {
  [Id in PageId]: (typeof SITE_PAGES)[Id] extends { indexed: true } ? Id : never;
}[PageId];

/**
 * The pages whose HTML is rendered at build time (scripts/ops/prerender.ts), served with their
 * content and hydrated in the browser: the indexed ones. Their first render depends on nothing
 * only a browser knows (src/web/lib/use-browser-value.ts).
 */
export const PRERENDERED_PATHS: readonly string[] = SITE_ROUTES.filter((r) => r.indexed).map(
  (r) => r.path,
);

/** True for a path whose HTML is prerendered ("/faq/" and "/faq" alike). */
export function isPrerendered(pathname: string): boolean {
  const route = findSiteRoute(pathname);
  return !!route && PRERENDERED_PATHS.includes(route.path);
}

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
export function findSiteRoute(pathname: string): SitePage | undefined {
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

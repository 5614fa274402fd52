import {
  BRAND,
  findSiteRoute,
  pageTitle,
  PRERENDERED_PATHS,
  SITE_ROUTES,
  type IndexedPageId,
} from './site-routes.js';

/**
 * What search engines and link previews show for each page, from the page table
 * (site-routes.ts) and the indexed pages' descriptions below. The server writes these into the
 * HTML it serves; the web app keeps them in step while the visitor navigates.
 */

/**
 * What search engines and link previews say of each indexed page (SITE_PAGES' `indexed`; the type
 * asks for one per page, and no other). Not in the page table: the browser needs these only after
 * moving to another page (src/web/lib/page-head-tags.ts), so the home page's script leaves them
 * out (docs/decisions/101).
 */
export const PAGE_DESCRIPTIONS: Readonly<Record<IndexedPageId, string>> = {
  home: 'Get an instant price to send 1 to 5 boxes abroad from the UK by courier. Next-day collection from your door, labels and tracking included.',
  howItWorks:
    'How sending boxes abroad with BoxAbroad works: get a price, pack your boxes, we collect from your door and you track them to their destination.',
  faq: 'Answers to common questions about sending boxes abroad from the UK with BoxAbroad: how many boxes, collection days, what you cannot send and how to reach us.',
  prohibitedItems:
    'What you cannot send in a BoxAbroad box, and the value and quantity limits for electronics, art, antiques, collectibles, jewellery and watches.',
  contact:
    'Contact BoxAbroad about sending boxes abroad from the UK. Customer service runs 9am to 5:30pm Monday to Friday.',
  terms:
    'The Terms & Conditions for sending boxes abroad with BoxAbroad: bookings, payment, refunds, liability, what you may send and your rights.',
  privacy:
    'What BoxAbroad stores about your quotes, bookings, messages and account, why, who we share it with, how long we keep it, and the cookies the site uses.',
};

const DEFAULT_DESCRIPTION = PAGE_DESCRIPTIONS.home;

/** The pages worth finding from a search engine: the indexed ones. */
export const SITEMAP_PATHS: readonly string[] = PRERENDERED_PATHS;

/** Pages that only make sense inside someone's booking, account or the console: never indexed. */
export const NOINDEX_PATHS: readonly string[] = SITE_ROUTES.filter((r) => !r.indexed).map(
  (r) => r.path,
);

export const SOCIAL_IMAGE_PATH = '/social-preview.png';
export const SOCIAL_IMAGE_ALT = `${BRAND}: send your boxes abroad from the UK`;

export interface PageMeta {
  title: string;
  description: string;
  indexable: boolean;
}

/** The full title, description and indexability of a path (unknown paths get the defaults). */
export function pageMeta(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = findSiteRoute(path);
  return {
    title: route ? pageTitle(route.title) : pageTitle('Page not found'),
    description: route?.indexed
      ? PAGE_DESCRIPTIONS[route.id as IndexedPageId]
      : DEFAULT_DESCRIPTION,
    indexable: !!route?.indexed,
  };
}

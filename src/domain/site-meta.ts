import { BRAND, findSiteRoute, pageTitle } from './site-routes.js';

/**
 * What search engines and link previews show for each page. The server writes these into the
 * HTML it serves; the web app keeps them in step while the visitor navigates.
 */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/': 'Get an instant price to send 1 to 5 boxes abroad from the UK by courier. Next-day collection from your door, labels and tracking included.',
  '/how-it-works':
    'How sending boxes abroad with BoxAbroad works: get a price, pack your boxes, we collect from your door and you track them to their destination.',
  '/faq':
    'Answers to common questions about sending boxes abroad from the UK with BoxAbroad: how many boxes, collection days, what you cannot send and how to reach us.',
  '/prohibited-items':
    'What you cannot send in a BoxAbroad box, and the value and quantity limits for electronics, art, antiques, collectibles, jewellery and watches.',
  '/contact':
    'Contact BoxAbroad about sending boxes abroad from the UK. Customer service runs 9am to 5:30pm Monday to Friday.',
  '/terms':
    'The Terms & Conditions for sending boxes abroad with BoxAbroad: bookings, payment, refunds, liability, what you may send and your rights.',
  '/privacy':
    'What BoxAbroad stores about your quotes, bookings, messages and account, why, who we share it with, how long we keep it, and the cookies the site uses.',
};

const DEFAULT_DESCRIPTION = DESCRIPTIONS['/'] as string;

/** The pages worth finding from a search engine (the booking journey's steps are not). */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/how-it-works',
  '/faq',
  '/prohibited-items',
  '/contact',
  '/terms',
  '/privacy',
];

/** Pages that only make sense inside someone's booking: never indexed. */
export const NOINDEX_PATHS: readonly string[] = [
  '/quote',
  '/booking',
  '/items',
  '/pay',
  '/order-confirmation',
  '/login',
  '/login/forgotten-password',
  '/login/reset-password',
  '/signup',
  '/signup/confirm',
  '/account',
  '/account/orders/:reference',
  '/account/verify-email',
  '/manage-booking',
  '/admin',
  '/admin/accept',
  '/admin/orders',
  '/admin/orders/:id',
  '/admin/rates',
  '/admin/messages',
  '/admin/mail',
];

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
    description: DESCRIPTIONS[path] ?? DEFAULT_DESCRIPTION,
    indexable: !!route && !NOINDEX_PATHS.includes(route.path),
  };
}

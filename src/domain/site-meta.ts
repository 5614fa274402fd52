import { BRAND, findSiteRoute, pageTitle, SITE_PAGES, SITE_ROUTES } from './site-routes.js';

/**
 * What search engines and link previews show for each page, from the page table
 * (site-routes.ts). The server writes these into the HTML it serves; the web app keeps them in
 * step while the visitor navigates.
 */

const DEFAULT_DESCRIPTION = SITE_PAGES.home.description;

/** The pages worth finding from a search engine: those with a description in the page table. */
export const SITEMAP_PATHS: readonly string[] = SITE_ROUTES.filter((r) => r.description).map(
  (r) => r.path,
);

/** Pages that only make sense inside someone's booking, account or the console: never indexed. */
export const NOINDEX_PATHS: readonly string[] = SITE_ROUTES.filter((r) => !r.description).map(
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
    description: route?.description ?? DEFAULT_DESCRIPTION,
    indexable: !!route?.description,
  };
}

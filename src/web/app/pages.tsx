import { use, type ComponentType, type ReactNode } from 'react';
import { SITE_ROUTES, type PageId } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';

export type Page = (() => ReactNode) & {
  /** Starts loading the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
  /** The component it shows, once loaded. */
  readonly component: ComponentType | undefined;
};

/**
 * A page loaded on demand from its chunk, the file its entry in SITE_PAGES names (which the
 * server preloads with the page's HTML), so the first visit downloads only
 * what it shows. Unlike React.lazy, a page preloaded before the first render (main.tsx) renders
 * at once, with no loading state in between (which would shift the footer: layout shift).
 */
export function lazyPage(load: () => Promise<Record<string, unknown>>, name: string): Page {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      const component = module[name];
      if (typeof component !== 'function') throw new Error(`The page's module exports no ${name}`);
      loaded = component as ComponentType;
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
 * Every page file of the features, `features/<feature>/<name>-page.tsx` (or `-pages.tsx` for a
 * file of several pages), each its own chunk loaded on demand.
 */
export const PAGE_FILES = import.meta.glob<Record<string, unknown>>(
  [
    './*/*-page.tsx',
    './*/*-pages.tsx',
    // In the entry chunk.
    '!./quote/home-page.tsx',
    // The console's pages are one chunk, admin/console-pages.tsx.
    '!./admin/*-page.tsx',
  ],
  // Keyed as the page table names them ("checkout/pay-page.tsx"), which also keeps the entry
  // chunk small: each name is written once there.
  { base: '../features/' },
);

/**
 * Each page of the page table (src/domain/site-routes.ts) with its component, by page id, loaded
 * from the file and export its entry names (src/web/app/pages.test.ts fails if either is
 * missing). The router and its preloaders read this.
 */
export const PAGES = Object.fromEntries(
  SITE_ROUTES.map(({ id, module, component }) => {
    if (module === null) return [id, entryPage(HomePage)];
    // A missing file fails when the page is opened (the error page), not the whole site.
    const load =
      PAGE_FILES[`./${module}`] ?? (() => Promise.reject(new Error(`No page ${module}`)));
    return [id, lazyPage(load, component ?? 'default')];
  }),
) as Readonly<Record<PageId, Page>>;

import { Suspense, type ComponentType, type ReactNode } from 'react';
import { PageLoading } from '../components/ui/spinner.js';
import { findSiteRoute, SITE_ROUTES } from '../../domain/site-routes.js';
import { Routes, setPagePreloader } from '../lib/router.js';
import { NotFoundPage } from './error-page.js';
import { PAGES } from './pages.js';
import { SiteLayout } from './site-layout.js';

/** Every page of the page table (SITE_ROUTES; tests/e2e/site-shell.spec.ts visits each), by path. */
const ROUTES: Readonly<Record<string, ReactNode>> = Object.fromEntries(
  SITE_ROUTES.map(({ id, path }) => {
    const Page = PAGES[id];
    // The page of the entry chunk (the home page) has nothing to wait for.
    return [path, id === 'home' ? <Page /> : <Lazy page={Page} />];
  }),
);

export function AppRoutes() {
  return (
    <SiteLayout>
      <Routes routes={ROUTES} fallback={<NotFoundPage />} />
    </SiteLayout>
  );
}

/** Loads the module of the page at this path, if it is a lazy one; never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  const route = findSiteRoute(pathname);
  await (route && PAGES[route.id].preload().catch(() => undefined));
}
setPagePreloader(preloadPage);

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading label="Loading page" />}>
      <Page />
    </Suspense>
  );
}

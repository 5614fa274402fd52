import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { SiteFooter } from '../components/layout/site-footer.js';
import { SiteHeader } from '../components/layout/site-header.js';
import { useLocation } from '../lib/router.js';
import { usePageMeta } from '../lib/use-page-meta.js';

/** Header, main and footer around every page, including the error page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteChrome>
      {children}
      <PageEffects />
    </SiteChrome>
  );
}

/**
 * On each navigation: the head's description and canonical follow the page, and a new page
 * starts at its top unless the link points at an anchor on it.
 */
function PageEffects() {
  const { pathname, hash } = useLocation();
  usePageMeta(pathname);
  // After moving to another page in place, keyboard and screen-reader users start at its
  // content (the link they used may be gone, e.g. in the closed phone menu).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
  return null;
}

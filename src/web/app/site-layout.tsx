import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { SiteFooter } from '../components/layout/site-footer.js';
import { SiteHeader } from '../components/layout/site-header.js';
import { navigate, useLocation } from '../lib/router.js';
import { signOutNow, useSessionState } from '../lib/session.js';
import { usePageMeta } from '../lib/use-page-meta.js';
import { SITE_PAGES } from '../../domain/site-routes.js';

/** Header, main and footer around every page, including the error page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const user = useSessionState()?.user ?? null;
  return (
    <div className="site">
      <SiteHeader
        user={user}
        onSignOut={() => {
          // Fire and forget: signOutNow never rejects; home shows once the header is a guest's.
          void signOutNow().then(() => navigate(SITE_PAGES.home.path));
        }}
      />
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
  // A page that has put the focus on something of its own as it arrived (e.g. the home form's
  // message after a quote found nothing) keeps it, and its scroll position with it.
  const firstPath = useRef(pathname);
  const pagePlacedFocus = useRef(false);
  useEffect(() => {
    const main = document.getElementById('main');
    const active = document.activeElement;
    pagePlacedFocus.current = !!main && !!active && active !== main && main.contains(active);
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    if (!pagePlacedFocus.current) main?.focus({ preventScroll: true });
  }, [pathname]);
  // The page just loaded is where the browser put it: at its top, or wherever the reader has
  // scrolled a prerendered page to before it hydrated. Only a move starts a page at its top.
  const landing = useRef(true);
  useEffect(() => {
    const landed = landing.current;
    landing.current = false;
    if (pagePlacedFocus.current) return;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (!landed) {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
  return null;
}

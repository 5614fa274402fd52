/**
 * The site's router: the browser's History API behind a few React hooks and links. It replaces
 * React Router to keep the home page's first load under budget (docs/decisions/006).
 *
 * Paths are matched exactly (with or without a trailing slash), or against a pattern with
 * parameters ("/account/orders/:reference", read with useParams); see matchPath in
 * src/domain/site-routes.ts.
 */
import {
  matchFirst,
  normalisePath,
  SITE_PAGES,
  type PathParams,
} from '../../domain/site-routes.js';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

const NAVIGATE_EVENT = 'boxabroad:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const currentHref = () => window.location.pathname + window.location.search + window.location.hash;

type PagePreloader = (pathname: string) => Promise<void>;
let preloadPageOf: PagePreloader = () => Promise.resolve();
let latestNavigation = 0;

/**
 * Tells the router how to load a page's code before showing it (app/router.tsx). Navigating then
 * waits for the next page's module, so the current page stays until the next one renders
 * complete: no loading state in between, when a page would have no heading at all.
 */
export function setPagePreloader(preloader: PagePreloader): void {
  preloadPageOf = preloader;
}

/** Goes to a same-origin URL without reloading the page, once the page's module is loaded. */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  const href = url.pathname + url.search + url.hash;
  const navigation = ++latestNavigation;
  void preloadPageOf(url.pathname).then(() => {
    // A later navigation that started meanwhile wins; this one is dropped.
    if (navigation !== latestNavigation) return;
    if (href === currentHref() && !replace) {
      // Same URL: nothing to push, but a click on the current page's link should still land on it.
      window.dispatchEvent(new Event(NAVIGATE_EVENT));
      return;
    }
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
    window.dispatchEvent(new Event(NAVIGATE_EVENT));
  });
}

const LocationContext = createContext<RouterLocation | null>(null);

/**
 * Provides the current location to everything below it. A page's prerendered HTML was rendered
 * for its path alone (`prerenderedPath` at build time, scripts/ops/prerender.ts): while the
 * browser hydrates it the location is that path, with no query string or hash, and the real one
 * follows in the next render (src/web/lib/use-browser-value.ts).
 */
export function BrowserRouter({
  children,
  prerenderedPath,
}: {
  children: ReactNode;
  prerenderedPath?: string;
}) {
  const href = useSyncExternalStore(
    subscribe,
    currentHref,
    () => prerenderedPath ?? window.location.pathname,
  );
  const location = useMemo(() => {
    const url = new URL(href, 'http://localhost');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
  return <LocationContext value={location}>{children}</LocationContext>;
}

export function useLocation(): RouterLocation {
  const location = use(LocationContext);
  if (!location) throw new Error('useLocation must be used inside BrowserRouter');
  return location;
}

export function useNavigate(): Navigate {
  return useCallback<Navigate>((to, options) => navigate(to, options), []);
}

/** The query string of the current URL, read-only (e.g. `?status=` on /order-confirmation). */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export { normalisePath, type PathParams };

const ParamsContext = createContext<PathParams>({});

/** The parameters of the current route's pattern, e.g. `{ reference }` for "/account/orders/:reference". */
export function useParams(): PathParams {
  return use(ParamsContext);
}

/**
 * Picks the element of the current path from a table whose keys are fixed paths or patterns
 * ("/account/orders/:reference"), or the fallback for any other path. A fixed path wins over a
 * pattern; the matched pattern's parameters are given to useParams below it.
 */
export function Routes({
  routes,
  fallback,
}: {
  routes: Readonly<Record<string, ReactNode>>;
  fallback: ReactNode;
}) {
  return routeElement(routes, fallback, useLocation().pathname);
}

/** What Routes shows for a path (exported for its tests, which have no browser location). */
export function routeElement(
  routes: Readonly<Record<string, ReactNode>>,
  fallback: ReactNode,
  pathname: string,
): ReactNode {
  const match = matchFirst(Object.keys(routes), pathname);
  if (!match) return fallback;
  return (
    // A new key per pattern and per parameter value: a page for one order never keeps the state
    // of another's.
    <ParamsContext key={`${match.pattern}?${JSON.stringify(match.params)}`} value={match.params}>
      {routes[match.pattern]}
    </ParamsContext>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
}

/** Lets the browser handle what a plain link should do: new tabs, downloads, other origins. */
function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download') &&
    event.currentTarget.origin === window.location.origin
  );
}

/** A real `<a href>` (crawlable, opens in a new tab) that navigates in place on a plain click. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Only the exact path is current (otherwise sub-paths count too, e.g. /login/…). */
  end?: boolean;
}

/** A link marked `aria-current="page"` while its page is shown. */
export function NavLink({ to, end = false, ...rest }: NavLinkProps) {
  const pathname = normalisePath(useLocation().pathname);
  const target = normalisePath(new URL(to, 'http://localhost').pathname);
  const current =
    pathname === target ||
    (!end && target !== SITE_PAGES.home.path && pathname.startsWith(`${target}/`));
  return <Link {...rest} to={to} aria-current={current ? 'page' : undefined} />;
}

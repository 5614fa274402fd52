import { useEffect, useRef } from 'react';

/**
 * Keeps the description, canonical link and robots tag in step with the page shown. The first
 * page's are in its HTML already (the server wrote them); after a move to another page they are
 * set from page-head-tags.ts, loaded then, so the first page's script carries no page's
 * description (docs/decisions/101). Every move loads the same module, so they apply in order.
 */
export function usePageMeta(pathname: string): void {
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    // A module that fails to load (the network gone) leaves the head as it was.
    import('./page-head-tags.js').then(
      (tags) => tags.setPageHeadTags(pathname),
      () => undefined,
    );
  }, [pathname]);
}

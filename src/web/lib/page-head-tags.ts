import { pageMeta } from '../../domain/site-meta.js';

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const element = create();
  document.head.append(element);
  return element;
}

/**
 * Sets the head's description, canonical link and robots tag to a page's, as the server writes
 * them into the HTML of a first visit (src/server/modules/seo/page-head.ts). Loaded only once the
 * visitor moves to another page (use-page-meta.ts), with every page's description.
 */
export function setPageHeadTags(pathname: string): void {
  const meta = pageMeta(pathname);
  headElement('meta[name="description"]', () =>
    Object.assign(document.createElement('meta'), { name: 'description' }),
  ).content = meta.description;
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (meta.indexable) {
    robots?.remove();
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    headElement('link[rel="canonical"]', () =>
      Object.assign(document.createElement('link'), { rel: 'canonical' }),
    ).href = new URL(path, canonical?.href ?? window.location.origin).href;
  } else {
    canonical?.remove();
    headElement('meta[name="robots"]', () =>
      Object.assign(document.createElement('meta'), { name: 'robots' }),
    ).content = 'noindex';
  }
}

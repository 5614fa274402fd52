import { describe, expect, it } from 'vitest';
import { SITE_PAGES, SITE_ROUTES } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';
import { PAGES } from './pages.js';

/** What each chunk of the page table exports, loaded the way the browser does. */
const CHUNKS = import.meta.glob<Record<string, unknown>>('../routes/*.tsx');

describe('the page table and the web pages', () => {
  it('gives every page of the table a component, and no other', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(SITE_PAGES).sort());
  });

  it('loads each page from the chunk its entry names, the one the server preloads', async () => {
    for (const route of SITE_ROUTES) {
      const page = PAGES[route.id];
      if (!route.module) {
        expect(page.component, route.path).toBe(HomePage);
        continue;
      }
      const chunk = CHUNKS[`../routes/${route.module}.tsx`];
      expect(chunk, `src/web/routes/${route.module}.tsx for ${route.path}`).toBeDefined();
      await page.preload();
      expect(page.component, route.path).toBeTypeOf('function');
      expect(Object.values(await chunk!()), route.path).toContain(page.component);
    }
  });

  it('has no chunk that no page names', () => {
    const named = new Set(SITE_ROUTES.map((r) => `../routes/${r.module}.tsx`));
    expect(Object.keys(CHUNKS).filter((file) => !named.has(file))).toEqual([]);
  });
});

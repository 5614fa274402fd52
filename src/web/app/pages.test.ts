import { describe, expect, it } from 'vitest';
import { SITE_PAGES, SITE_ROUTES } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';
import { lazyPage, PAGE_FILES, PAGES } from './pages.js';

describe('the page table and the web pages', () => {
  it('gives every page of the table a component, and no other', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(SITE_PAGES).sort());
  });

  it('loads each page from the file and export its entry names, the chunk the server preloads', async () => {
    for (const route of SITE_ROUTES) {
      const page = PAGES[route.id];
      if (!route.module) {
        expect(page.component, route.path).toBe(HomePage);
        continue;
      }
      const file = PAGE_FILES[`./${route.module}`];
      expect(file, `src/web/features/${route.module} for ${route.path}`).toBeDefined();
      await page.preload();
      expect(page.component, route.path).toBeTypeOf('function');
      expect((await file!())[route.component!], route.path).toBe(page.component);
    }
  });

  it('has no page file that no page names', () => {
    const named = new Set(SITE_ROUTES.map((r) => `./${r.module}`));
    expect(Object.keys(PAGE_FILES).filter((file) => !named.has(file))).toEqual([]);
  });

  it('fails to load a page whose file lacks the export its entry names', async () => {
    const page = lazyPage(() => Promise.resolve({ FaqPage: () => null }), 'NoSuchPage');
    await expect(page.preload()).rejects.toThrow(/exports no NoSuchPage/);
  });
});

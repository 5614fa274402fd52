import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../domain/page-modules.js';
import { SITE_PAGES, SITE_ROUTES } from '../../domain/site-routes.js';
import { HomePage } from '../features/quote/home-page.js';
import { lazyPage, PAGES } from './pages.js';

/** Every page file of the features, as the page modules name them ("checkout/pay-page.tsx"). */
const FEATURE_FILES = import.meta.glob<Record<string, unknown>>(
  ['../features/*/*-page.tsx', '../features/*/*-pages.tsx'],
  { base: '../features/' },
);

describe('the page table and the web pages', () => {
  it('gives every page of the table a component, and no other', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(SITE_PAGES).sort());
  });

  it('loads each page from the file PAGE_MODULES names, the chunk the server preloads', async () => {
    for (const route of SITE_ROUTES) {
      const page = PAGES[route.id];
      if (route.id === 'home') {
        expect(page.component, route.path).toBe(HomePage);
        continue;
      }
      const file = FEATURE_FILES[`./${PAGE_MODULES[route.id]}`];
      expect(file, `src/web/features/${PAGE_MODULES[route.id]} for ${route.path}`).toBeDefined();
      await page.preload();
      expect(page.component, route.path).toBeTypeOf('function');
      expect(Object.values(await file!()), route.path).toContain(page.component);
    }
  });

  it('has no page file that no page names, but the home page and the console’s single pages', () => {
    const named = new Set(Object.values(PAGE_MODULES).map((file) => `./${file}`));
    const unnamed = Object.keys(FEATURE_FILES).filter(
      (file) =>
        !named.has(file) && file !== './quote/home-page.tsx' && !file.startsWith('./admin/'),
    );
    expect(unnamed).toEqual([]);
  });

  it('fails to load a page whose module gives no component', async () => {
    const page = lazyPage(() => Promise.resolve(undefined));
    await expect(page.preload()).rejects.toThrow(/has no component/);
  });
});

import { describe, expect, it } from 'vitest';
import { isSiteRoute, pageTitle, SITE_ROUTES, titleFor } from './site-routes.js';

describe('site routes', () => {
  it('lists every route of the product rules', () => {
    expect(SITE_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/quote',
        '/booking',
        '/contact',
        '/items',
        '/login',
        '/terms',
        '/order-confirmation',
        '/prohibited-items',
        '/faq',
        '/how-it-works',
        '/login/forgotten-password',
        '/pay',
      ].sort(),
    );
  });

  it('knows its routes, with or without a trailing slash', () => {
    expect(isSiteRoute('/faq')).toBe(true);
    expect(isSiteRoute('/faq/')).toBe(true);
    expect(isSiteRoute('/')).toBe(true);
    expect(isSiteRoute('/nope')).toBe(false);
  });

  it('titles pages with the brand', () => {
    expect(pageTitle(titleFor('/faq'))).toBe('FAQ | BoxAbroad');
    expect(() => titleFor('/nope')).toThrow();
  });
});

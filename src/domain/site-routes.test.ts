import { describe, expect, it } from 'vitest';
import {
  isPrerendered,
  isSiteRoute,
  matchFirst,
  matchPath,
  pageTitle,
  PRERENDERED_PATHS,
  SITE_ROUTES,
  titleFor,
} from './site-routes.js';

describe('site routes', () => {
  it('lists every route of the product rules, the privacy notice, the account pages and the console', () => {
    expect(SITE_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/quote',
        '/booking',
        '/contact',
        '/items',
        '/login',
        '/terms',
        '/privacy',
        '/order-confirmation',
        '/prohibited-items',
        '/faq',
        '/how-it-works',
        '/login/forgotten-password',
        '/pay',
        '/login/reset-password',
        '/signup',
        '/signup/confirm',
        '/account',
        '/account/orders/:reference',
        '/account/verify-email',
        '/manage-booking',
        '/track',
        '/track/:token',
        '/emails/:token',
        '/admin',
        '/admin/accept',
        '/admin/claims',
        '/admin/claims/:claimId',
        '/admin/orders',
        '/admin/orders/:id',
        '/admin/shipments',
        '/admin/rates',
        '/admin/messages',
        '/admin/mail',
      ].sort(),
    );
  });

  it('indexes and prerenders only the public pages, none of the booking journey', () => {
    expect(PRERENDERED_PATHS).toEqual(SITE_ROUTES.filter((r) => r.indexed).map((r) => r.path));
    expect(isPrerendered('/faq/')).toBe(true);
    expect(isPrerendered('/quote')).toBe(false);
    expect(isPrerendered('/nope')).toBe(false);
    expect(PRERENDERED_PATHS).toEqual([
      '/',
      '/how-it-works',
      '/faq',
      '/prohibited-items',
      '/contact',
      '/terms',
      '/privacy',
    ]);
  });

  it('knows its routes, with or without a trailing slash', () => {
    expect(isSiteRoute('/faq')).toBe(true);
    expect(isSiteRoute('/faq/')).toBe(true);
    expect(isSiteRoute('/')).toBe(true);
    expect(isSiteRoute('/nope')).toBe(false);
    expect(isSiteRoute('/account/orders/BA-7K2M9QXD')).toBe(true);
    expect(isSiteRoute('/account/orders')).toBe(false);
    expect(isSiteRoute('/account/orders/BA-7K2M9QXD/labels')).toBe(false);
  });

  it('titles pages with the brand', () => {
    expect(pageTitle(titleFor('/faq'))).toBe('FAQ | BoxAbroad');
    expect(() => titleFor('/nope')).toThrow();
  });
});

describe('matching a path against a route pattern', () => {
  it('matches fixed paths exactly and gives a pattern its parameters', () => {
    expect(matchPath('/faq', '/faq/')).toEqual({});
    expect(matchPath('/faq', '/faq/x')).toBeNull();
    expect(matchPath('/account/orders/:reference', '/account/orders/BA-1')).toEqual({
      reference: 'BA-1',
    });
    expect(matchPath('/account/orders/:reference', '/account/orders')).toBeNull();
    expect(matchPath('/account/orders/:reference', '/account/orders/')).toBeNull();
    expect(matchPath('/account/orders/:reference', '/account/orders/a/b')).toBeNull();
    expect(matchPath('/account/orders/:reference', '/account/orders/%ZZ')).toBeNull();
  });

  it('prefers a fixed path, then tries patterns in order', () => {
    const patterns = ['/x/:id', '/x/new', '/x/:id/:more', '/:any/:id'];
    expect(matchFirst(patterns, '/x/new')).toEqual({ pattern: '/x/new', params: {} });
    expect(matchFirst(patterns, '/x/7')).toEqual({ pattern: '/x/:id', params: { id: '7' } });
    expect(matchFirst(patterns, '/y/7')).toEqual({
      pattern: '/:any/:id',
      params: { any: 'y', id: '7' },
    });
    expect(matchFirst(patterns, '/nope')).toBeUndefined();
  });
});

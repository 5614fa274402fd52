import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-path.js';

describe('canonicalUrl', () => {
  it('decodes escaped unreserved characters, so the text says the route the router reads', () => {
    expect(canonicalUrl('/api/v1/%61dmin/orders')).toBe('/api/v1/admin/orders');
    expect(canonicalUrl('/%61%70%69/v1/%7E%2d%2E%5F')).toBe('/api/v1/~-._');
  });

  it('reads a request target in absolute form as its path', () => {
    expect(canonicalUrl('http://evil.example/api/v1/admin/orders?x=1')).toBe(
      '/api/v1/admin/orders?x=1',
    );
    expect(canonicalUrl('https://evil.example')).toBe('/');
  });

  it('keeps every other escape, in capitals, and the query string as sent', () => {
    expect(canonicalUrl('/api/v1/%2561dmin')).toBe('/api/v1/%2561dmin');
    expect(canonicalUrl('/x/caf%c3%a9?q=%61&next=/a%2Fb')).toBe('/x/caf%C3%A9?q=%61&next=/a%2Fb');
    expect(canonicalUrl('/api/v1/admin/orders')).toBe('/api/v1/admin/orders');
  });

  it.each([
    '/api/v1/admin%2Forders',
    '/api/v1/admin%2forders',
    '/api/v1/admin%5Corders',
    '/api/v1/admin\\orders',
    '/api/v1/account/orders/%00',
    '/api/v1/a%0Db',
    '/api/v1/a%7Fb',
    '/api/v1/a\u0000b',
    '/api/v1/./admin',
    '/api/v1/x/../admin',
    '/api/v1/x/%2e%2E/admin',
    '/api/v1/admin/orders%',
    '/api/v1/admin/orders%4',
    '/api/v1/%zzadmin',
    '/api/v1/tracking/%FF',
    '/x/caf%C3',
    '/x/%C0%AF',
    '/x/%ED%A0%80',
    '/api/v1/admin/orders#x',
    '*',
    'api/v1/admin/orders',
    'http://evil.example?x=1',
  ])('refuses %j', (url) => {
    expect(canonicalUrl(url)).toBeNull();
  });
});

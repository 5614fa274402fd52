import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.js';
import { SITEMAP_PATHS, pageMeta } from '#src/domain/site-meta.js';
import { PAGE_MODULES } from '#src/domain/page-modules.js';
import { prerenderedFile } from '../../spa/prerendered.js';
import { acceptedEncoding } from '../../spa/spa.js';
import { escapeHtml } from './page-head.js';

const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Default description"
    />
    <title>BoxAbroad | Default</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const FAQ_CONTENT = '<main><h1>Frequently asked questions</h1></main>';
const SCRIPT = `console.log(${JSON.stringify('BoxAbroad '.repeat(500))});`;

let web: string;
beforeAll(() => {
  web = mkdtempSync(join(tmpdir(), 'boxabroad-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), TEMPLATE);
  // The build's prerendered FAQ (scripts/ops/prerender.ts): the template with its content.
  mkdirSync(join(web, 'prerendered'));
  writeFileSync(
    join(web, prerenderedFile('/faq')),
    TEMPLATE.replace('<div id="root"></div>', `<div id="root">${FAQ_CONTENT}</div>`),
  );
  writeFileSync(join(web, 'assets', 'app-123.js'), SCRIPT);
  writeFileSync(join(web, 'assets', 'app-123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(web, 'assets', 'app-123.js.gz'), gzipSync(SCRIPT));
  mkdirSync(join(web, '.vite'));
  writeFileSync(
    join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-123.js', isEntry: true },
      [`features/${PAGE_MODULES.contact}`]: {
        file: 'assets/contact-1.js',
        imports: ['index.html', '_shared-2.js'],
      },
      '_shared-2.js': { file: 'assets/shared-2.js', imports: ['index.html'] },
      [`features/${PAGE_MODULES.forgottenPassword}`]: {
        file: 'assets/forgotten-password-3.js',
      },
      [`features/${PAGE_MODULES.faq}`]: {
        file: 'assets/faq-4.js',
        imports: ['index.html', '_shared-2.js'],
      },
    }),
  );
});
// Registered before the apps: it runs after they are closed.
afterAll(() => rmSync(web, { recursive: true, force: true }));
const t = useTestApp(() => ({ webDistDir: web, publicUrl: 'https://www.boxabroad.example/' }));
// Behind one proxy that is trusted (TRUST_PROXY=1).
const tProxy = useTestApp(() => ({ webDistDir: web, trustProxy: 1 }));
const tDirect = useTestApp(() => ({ webDistDir: web }));

const origin = 'https://www.boxabroad.example';

describe('the HTML of each page', () => {
  it('carries the page’s own title, description, canonical URL and preview tags', async () => {
    for (const path of SITEMAP_PATHS) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      const meta = pageMeta(path);
      expect(res.body).toContain(`<title>${escapeHtml(meta.title)}</title>`);
      expect(res.body).toContain(
        `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      );
      expect(res.body).toContain(`<link rel="canonical" href="${origin}${path}" />`);
      expect(res.body).toContain(`<meta property="og:url" content="${origin}${path}" />`);
      expect(res.body).toContain(
        `<meta property="og:image" content="${origin}/social-preview.png" />`,
      );
      expect(res.body).not.toContain('Default');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/name="description"/g)).toHaveLength(1);
    }
  });

  it('preloads the page’s own script chunks, not the entry', async () => {
    const contact = await t.app.inject('/contact');
    const preloads = [
      ...contact.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g),
    ];
    expect(preloads.map((m) => m[1])).toEqual(['/assets/contact-1.js', '/assets/shared-2.js']);
    const nested = await t.app.inject('/login/forgotten-password');
    expect(nested.body).toContain('href="/assets/forgotten-password-3.js"');
    const home = await t.app.inject('/');
    expect(home.body).not.toContain('modulepreload');
  });

  it('preloads a prerendered page’s chunks at low priority, any other page’s at the browser’s', async () => {
    // The FAQ's HTML is prerendered: its chunks only hydrate it, behind the entry.
    const faq = await t.app.inject('/faq');
    expect([...faq.body.matchAll(/<link rel="modulepreload" [^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/faq-4.js" fetchpriority="low" />',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js" fetchpriority="low" />',
    ]);
    // The contact page's is not (in this build): nothing shows until its chunks have run.
    const contact = await t.app.inject('/contact');
    expect(contact.body).toContain('modulepreload');
    expect(contact.body).not.toContain('fetchpriority');
  });

  it('serves a prerendered page with its content, the same head tags and headers as the shell', async () => {
    const faq = await t.app.inject('/faq/');
    const shell = await t.app.inject('/terms');
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toContain(`<div id="root">${FAQ_CONTENT}</div>`);
    expect(faq.body).toContain(`<title>${escapeHtml(pageMeta('/faq').title)}</title>`);
    expect(faq.body).toContain(`<link rel="canonical" href="${origin}/faq" />`);
    expect(faq.body.match(/<title>/g)).toHaveLength(1);
    expect(faq.body.match(/name="description"/g)).toHaveLength(1);
    // A page whose HTML the build did not prerender gets the empty shell, as any other.
    expect(shell.body).toContain('<div id="root"></div>');
    for (const header of ['cache-control', 'content-type', 'content-security-policy']) {
      expect(faq.headers[header], header).toBe(shell.headers[header]);
    }
    // The file itself is never served: only at the page's path, with its head tags.
    expect((await t.app.inject('/prerendered/faq.html')).statusCode).toBe(404);
  });

  it('sends a page’s HTML compressed when the browser accepts it', async () => {
    const plain = await t.app.inject('/faq');
    const br = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('GZIP;q=0.5')).toBe('gzip');
  });

  it('escapes the title', async () => {
    const res = await t.app.inject('/terms/');
    expect(res.body).toContain('<title>Terms &amp; Conditions | BoxAbroad</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/terms" />`);
  });

  it('keeps the booking journey out of search results', async () => {
    const res = await t.app.inject('/pay');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('rel="canonical"');
  });

  it('answers unknown pages 404, not indexable', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('never believes X-Forwarded-Host or -Proto from a client when no proxy is trusted', async () => {
    const res = await tDirect.app.inject({
      url: '/faq',
      headers: {
        host: 'localhost:3000',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/faq" />');
    const robots = await tDirect.app.inject({
      url: '/robots.txt',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).not.toContain('evil.example');
  });

  it('without PUBLIC_URL believes a Host only when it names this machine, even through a trusted proxy', async () => {
    // A proxy passes on the Host (or X-Forwarded-Host) the client sent: it decides nothing.
    for (const headers of [
      { host: 'shop.example', 'x-forwarded-proto': 'https' },
      { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    ]) {
      const page = await tProxy.app.inject({ url: '/faq', headers });
      expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/faq" />');
      expect(page.body).not.toMatch(/shop\.example|evil\.example/);
      const robots = await tProxy.app.inject({ url: '/robots.txt', headers });
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      const sitemap = await tProxy.app.inject({ url: '/sitemap.xml', headers });
      expect(sitemap.body).toContain('<loc>http://localhost:3000/faq</loc>');
      expect(sitemap.body).not.toMatch(/shop\.example|evil\.example/);
    }
    for (const host of ['localhost:5173', '127.0.0.1:3917', '[::1]:3000']) {
      const page = await tDirect.app.inject({ url: '/faq', headers: { host } });
      expect(page.body, host).toContain(`<link rel="canonical" href="http://${host}/faq" />`);
    }
  });

  it('with PUBLIC_URL uses it whatever the request says', async () => {
    const res = await t.app.inject({ url: '/faq', headers: { host: 'localhost:3000' } });
    expect(res.body).toContain('<link rel="canonical" href="https://www.boxabroad.example/faq" />');
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'x.example' } });
    expect(robots.body).toContain('Sitemap: https://www.boxabroad.example/sitemap.xml');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the site, keeps out the booking journey and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /pay');
    expect(res.body).not.toMatch(/Disallow: \/\s*$/m);
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages with absolute URLs', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((path) => `${origin}${path}`));
  });
});

describe('static assets', () => {
  it('are sent precompressed with brotli when the browser accepts it, else gzip, else plain', async () => {
    const url = '/assets/app-123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});

describe('pages for the signed-in', () => {
  it('send a browser with no session cookie straight to sign in, to come back afterwards', async () => {
    for (const path of ['/account', '/admin/rates', '/admin/orders/BA-7K2M9QXD?tab=mail']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(303);
      expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serve the page when a session cookie is sent (the page itself asks who it is)', async () => {
    for (const cookie of [
      'boxabroad.session_token=abc',
      'a=1; __Secure-boxabroad.session_token=abc',
    ]) {
      const res = await t.app.inject({ url: '/admin/rates', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const other = await t.app.inject({ url: '/account', headers: { cookie: 'session_token=abc' } });
    expect(other.statusCode).toBe(303);
  });

  it('leave every public page alone', async () => {
    for (const path of ['/', '/quote', '/login', '/manage-booking']) {
      expect((await t.app.inject(path)).statusCode, path).toBe(200);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { pageHtml, withoutResourceHints } from './prerender.js';

const TEMPLATE =
  '<html><head><title>T</title></head><body><div id="root"></div><noscript>n</noscript></body></html>';

describe('a prerendered page', () => {
  it('is index.html with the page in #root and its stylesheets linked', () => {
    const html = pageHtml(TEMPLATE, '<div class="site">Hello</div>', ['/assets/page.css']);
    expect(html).toContain('<div id="root"><div class="site">Hello</div></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">');
    expect(html.indexOf('page.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a script, which the content security policy would not run', () => {
    expect(() => pageHtml(TEMPLATE, '<div><script>x()</script></div>', [])).toThrow(/script/);
  });

  it('drops the image preloads React writes before the page, and nothing else', () => {
    const page = '<div><link rel="preload" as="image" href="/b.svg"/><img src="/b.svg"/></div>';
    expect(
      withoutResourceHints(
        `<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg"/>${page}`,
      ),
    ).toBe(page);
  });
});

import {
  pageMeta,
  SITEMAP_PATHS,
  SOCIAL_IMAGE_ALT,
  SOCIAL_IMAGE_PATH,
} from '#src/domain/site-meta.js';
import { BRAND } from '#src/domain/site-routes.js';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The title, description, canonical URL and link-preview tags of one page, as HTML. */
export function pageHeadTags(pathname: string, origin: string): string {
  const path = normalise(pathname);
  const meta = pageMeta(path);
  const url = `${origin}${path}`;
  const image = `${origin}${SOCIAL_IMAGE_PATH}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.indexable
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${BRAND}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(SOCIAL_IMAGE_ALT)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  return tags.join('\n    ');
}

/**
 * index.html with its default title and description replaced by the page's own head tags, and
 * the page's own script chunks preloaded: at the browser's own priority (high, as the entry), or
 * at low priority when the page can be shown without them (`'low'`: a prerendered page).
 */
export function renderIndexHtml(
  template: string,
  pathname: string,
  origin: string,
  preloadScripts: readonly string[] = [],
  preloadPriority: 'auto' | 'low' = 'auto',
): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  const priority = preloadPriority === 'low' ? ' fetchpriority="low"' : '';
  const preloads = preloadScripts.map(
    (src) => `<link rel="modulepreload" crossorigin href="${escapeHtml(src)}"${priority} />\n    `,
  );
  return withoutDefaults.replace(
    '</head>',
    `  ${preloads.join('')}${pageHeadTags(pathname, origin)}\n  </head>`,
  );
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    // The booking journey is personal: nothing there for a search engine.
    'Disallow: /api/',
    'Disallow: /quote',
    'Disallow: /booking',
    'Disallow: /items',
    'Disallow: /pay',
    'Disallow: /order-confirmation',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PATHS.map(
    (path) => `  <url>\n    <loc>${escapeHtml(`${origin}${path}`)}</loc>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

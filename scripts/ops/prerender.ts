// The public pages' HTML, rendered at build time (docs/decisions/100): Vite's server build of
// src/web/prerender.tsx renders each page of PRERENDERED_PATHS with React's `prerenderToNodeStream`
// into the built index.html's #root, written to dist/web/prerendered/<page>.html, which the server
// serves for that path (src/server/spa/spa.ts) and the browser hydrates (src/web/main.tsx).
// Run by scripts/ops/build-web.ts after the client build; alone (`npx tsx scripts/ops/prerender.ts`)
// after `vite build`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { pageModuleOf } from '../../src/domain/page-modules.js';
import { PRERENDERED_PATHS } from '../../src/domain/site-routes.js';
import { prerenderedFile } from '../../src/server/spa/prerendered.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The stylesheets of a page's own chunk and the chunks it imports: in the browser they load with
 * the chunk, after the HTML has been drawn, so the prerendered HTML links them itself.
 */
function pageStylesheets(manifest: Record<string, ManifestChunk>, path: string): string[] {
  const module = pageModuleOf(path);
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || chunk.isEntry || seen.has(name)) return;
    seen.add(name);
    chunk.css?.forEach((css) => sheets.add(`/${css}`));
    chunk.imports?.forEach(visit);
  };
  if (module) visit(`features/${module}`);
  return [...sheets];
}

/**
 * React writes a preload link for each image of the page at the start of what it renders, for a
 * document's head; rendering only #root, they would land in the body. They are dropped: the
 * images are in the HTML, where the browser finds them as early, and a dozen flags preloaded
 * ahead of the stylesheet and script would only slow the first paint.
 */
export function withoutResourceHints(rootHtml: string): string {
  return rootHtml.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
}

/** index.html with a page's prerendered #root, and its stylesheets linked. */
export function pageHtml(template: string, rootHtml: string, stylesheets: string[]): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  if (!rootHtml.startsWith('<div')) throw new Error('A prerendered page starts with its <div>');
  // The content security policy lets no inline script run (src/server/http/security-headers.ts).
  if (/<script\b/i.test(rootHtml)) throw new Error('A prerendered page may not carry a script');
  const links = stylesheets.map(
    (href) => `  <link rel="stylesheet" crossorigin href="${href}">\n  `,
  );
  return template
    .replace('</head>', `${links.join('')}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${rootHtml}</div>`);
}

/**
 * The page's stylesheets written into its head instead of linked: a few KB compressed, and the
 * first paint then waits for nothing but the HTML (the CSP allows inline styles). The files stay
 * for the pages that are not prerendered and for the chunks that import them.
 */
export async function withStylesInline(html: string, web: string): Promise<string> {
  const links = [
    ...html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g),
  ];
  let inlined = html;
  for (const [link, href = ''] of links) {
    const css = await readFile(join(web, href), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be written inside a <style>`);
    inlined = inlined.replace(link, `<style>${css}</style>`);
  }
  return inlined;
}

/** Renders every prerendered page into `web` (the client build's output); returns their sizes. */
export async function prerenderPages(
  web = join(root, 'dist/web'),
): Promise<{ path: string; file: string; bytes: number }[]> {
  process.env.NODE_ENV = 'production';
  const outDir = join(root, '.tmp/prerender');
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'src/web/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      sourcemap: false,
      minify: false,
    },
  });
  const { renderPage } = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as {
    renderPage(path: string): Promise<string>;
  };
  const template = await readFile(join(web, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(web, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const written = [];
  for (const path of PRERENDERED_PATHS) {
    const rootHtml = withoutResourceHints(await renderPage(path));
    const linked = pageHtml(template, rootHtml, pageStylesheets(manifest, path));
    const html = await withStylesInline(linked, web);
    const file = prerenderedFile(path);
    await mkdir(dirname(join(web, file)), { recursive: true });
    await writeFile(join(web, file), html);
    written.push({ path, file, bytes: Buffer.byteLength(html) });
  }
  await rm(outDir, { recursive: true, force: true });
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const { file, bytes } of await prerenderPages()) {
    process.stdout.write(`prerendered dist/web/${file} (${(bytes / 1024).toFixed(1)} KB)\n`);
  }
}

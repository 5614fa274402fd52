import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRERENDERED_PATHS } from '../../domain/site-routes.js';

/** Where the build writes the prerendered pages, inside the built SPA (never served as files). */
export const PRERENDERED_DIR = 'prerendered';

/** The prerendered HTML file of a page, relative to the built SPA: "prerendered/faq.html". */
export function prerenderedFile(path: string): string {
  return `${PRERENDERED_DIR}/${path === '/' ? 'index' : path.slice(1)}.html`;
}

/**
 * The public pages' HTML as the build rendered it (scripts/ops/prerender.ts), by path: index.html
 * with the page's content in #root. A build without them (or a page missing) serves the empty
 * shell instead, as every other page.
 */
export function readPrerenderedPages(web: string): ReadonlyMap<string, string> {
  const pages = new Map<string, string>();
  for (const path of PRERENDERED_PATHS) {
    const file = join(web, prerenderedFile(path));
    if (existsSync(file)) pages.set(path, readFileSync(file, 'utf8'));
  }
  return pages;
}

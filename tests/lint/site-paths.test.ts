import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/**
 * No page path is written as text in src/web: every link is made by `hrefOf(page, params)` from
 * the page table (src/domain/site-routes.ts), so a page's path is written once and a link to a
 * page that does not exist fails `tsc`. Comments may name paths; string and template literals
 * (JSX attributes included) may not. The only paths a literal may start with are the API's
 * (`/api/…`), the files Vite serves from src/web/public (`/illustrations/…`) and its built
 * assets (`/assets/…`): any other is a page, of the table or not, so a typo ('/qoute') or a link
 * to a page that has gone is refused too.
 */
const NOT_PAGES = new Set(['api', 'assets', ...readdirSync('src/web/public')]);

/** Whether a literal's text is (or starts) a path that is not the API's or a file's: a page's. */
export function isSitePath(text: string): boolean {
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  const first = text.slice(1).split(/[/?#]/, 1)[0]!;
  return !NOT_PAGES.has(first);
}

/** The literals of a file's source that are site paths, with their line numbers. */
export function sitePathLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node)) &&
      isSitePath(node.text) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${fileName}:${line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('links in src/web', () => {
  it('write no page path: every link comes from hrefOf', () => {
    const found = webFiles('src/web').flatMap((file) =>
      sitePathLiterals(file, readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('finds a path in a string, a JSX attribute and a template, and leaves comments, the API and public files', () => {
    const text = [
      "const a = '/faq';",
      'const b = <Link to="/account">Account</Link>;',
      'const c = `/account/orders/${reference}`;',
      "const d = '/';",
      '// a comment naming /quote is fine',
      "const e = fetch('/api/v1/quotes');",
      "const f = hrefOf('faq');",
      "const g = '/assets/logo.svg';",
      "const h = '/illustrations/step-book.svg';",
      "const i = '/qoute';",
      'const j = `/orders/${id}/items`;',
      "const k = '/?to=fr';",
      "const l = '//cdn.example.com/x.js';",
    ].join('\n');
    expect(sitePathLiterals('x.tsx', text)).toEqual([
      'x.tsx:1: /faq',
      'x.tsx:2: /account',
      'x.tsx:3: /account/orders/',
      'x.tsx:4: /',
      'x.tsx:10: /qoute',
      'x.tsx:11: /orders/',
      'x.tsx:12: /?to=fr',
    ]);
  });
});

describe('page titles in src/web', () => {
  it('write no title of the page table again: a page reads SITE_PAGES.<page>.title', () => {
    const titles = new Set<string>(Object.values(SITE_PAGES).map((page) => page.title));
    const found = webFiles('src/web').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/usePageTitle\(\s*'([^']*)'\s*\)/g)]
        .filter((match) => titles.has(match[1]!))
        .map((match) => `${file}: ${match[1]}`),
    );
    expect(found).toEqual([]);
  });
});

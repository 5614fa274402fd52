import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What the docs point at exists: every repository path a doc names in backticks (`src/…`,
 * `tests/…`, `scripts/…`, `docs/…`), and every function, class or constant a doc places in a
 * file, written "`name` in `path`" (or of, from), "`name` (`path`" or "`path`'s `name`". A
 * decision record is history and may name what has since moved, so the records are not read;
 * the docs that describe today's code are (docs/*.md, ARCHITECTURE.md, README.md).
 */
const DOCS = [
  'ARCHITECTURE.md',
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const ID = '[A-Za-z_$][A-Za-z0-9_$.]*';
const SOURCE = '(?:src|tests|scripts)/[A-Za-z0-9_./-]+\\.(?:ts|tsx|mjs|js)';
const PATH = /`((?:src|tests|scripts|docs)\/[A-Za-z0-9_./-]+)`/g;
const NAME_IN_FILE = [
  new RegExp(`\`(${ID})(?:\\(\\))?\` (?:in|of|from) \`(${SOURCE})\``, 'g'),
  new RegExp(`\`(${ID})(?:\\(\\))?\` \\(\`(${SOURCE})\``, 'g'),
];
const FILES_NAME = new RegExp(`\`(${SOURCE})\`'s \`(${ID})(?:\\(\\))?\``, 'g');

/** Whether `source` defines `name` (a declaration, or a method or property of a class). */
export function defines(source: string, name: string): boolean {
  const last = name.split('.').pop()!.replace(/\$/g, '\\$');
  return new RegExp(
    `(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${last}\\b|^\\s*(?:(?:public|private|protected|readonly|static|async|get|set)\\s+)*${last}\\s*[(<:=]`,
    'm',
  ).test(source);
}

/** The pointers of a doc's text that lead nowhere, read with `read` (a path → its text, or null). */
export function stalePointers(text: string, read: (path: string) => string | null): string[] {
  const flat = text.replace(/\n\s*/g, ' ');
  const stale: string[] = [];
  for (const [, path] of flat.matchAll(PATH)) {
    if (!path!.endsWith('/') && read(path!) === null) stale.push(`no file ${path}`);
  }
  const pairs: [string, string][] = [];
  for (const pattern of NAME_IN_FILE) {
    for (const [, name, path] of flat.matchAll(pattern)) pairs.push([name!, path!]);
  }
  for (const [, path, name] of flat.matchAll(FILES_NAME)) pairs.push([name!, path!]);
  for (const [name, path] of pairs) {
    const source = read(path);
    if (source !== null && !defines(source, name)) stale.push(`${name} is not in ${path}`);
  }
  return stale;
}

const fromDisk = (path: string) =>
  existsSync(path) ? (path.match(/\.\w+$/) ? readFileSync(path, 'utf8') : '') : null;

describe('pointers in the docs', () => {
  it.each(DOCS)('%s points only at files and names that exist', (doc) => {
    expect(stalePointers(readFileSync(doc, 'utf8'), fromDisk)).toEqual([]);
  });

  it('names a moved file and a function no longer where the doc says', () => {
    const files: Record<string, string> = {
      'src/domain/money.ts': 'export function formatPounds(pence: number) {}',
    };
    const read = (path: string) => files[path] ?? null;
    const doc = [
      '`formatPounds` in `src/domain/money.ts` formats; `readPounds` (`src/domain/money.ts`)',
      "reads; `src/domain/typed-pounds.ts` is new; `src/domain/money.ts`'s `formatPounds` again.",
    ].join('\n');
    expect(stalePointers(doc, read)).toEqual([
      'no file src/domain/typed-pounds.ts',
      'readPounds is not in src/domain/money.ts',
    ]);
  });

  it('reads a class’s method and a constant as defined', () => {
    const source =
      'export class Outbox {\n  async retryLocked(tx: Tx) {}\n}\nexport const LIMIT = 3;';
    expect(defines(source, 'Outbox.retryLocked')).toBe(true);
    expect(defines(source, 'LIMIT')).toBe(true);
    expect(defines(source, 'retryLater')).toBe(false);
  });
});

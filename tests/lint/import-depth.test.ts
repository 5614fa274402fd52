import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import in src/, tests/ or scripts/ climbs three folders or more: past two, `#src/…`,
 * `#tests/…` or `#scripts/…` says where the file is (package.json's `imports`;
 * docs/development.md, "Imports"). Paths that are not modules (`new URL('../../../docs/…')`) are
 * not imports and are left alone.
 */
const CLIMBING =
  /(?:\bfrom|\bimport|vi\.mock|vi\.doMock|vi\.importActual)\s*(?:<[^>]*>)?\s*\(?\s*['"]((?:\.\.\/){3,}[^'"\n]*)['"]/g;

/** This file, whose own examples below climb on purpose. */
const SELF = 'tests/lint/import-depth.test.ts';

export function climbingImports(text: string): string[] {
  return [...text.matchAll(CLIMBING)].map((match) => match[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('import depth', () => {
  it('no import in src, tests or scripts climbs three folders', () => {
    const found = ['src', 'tests', 'scripts'].flatMap((top) =>
      sourceFiles(top).flatMap((file) =>
        (file === SELF ? [] : climbingImports(readFileSync(file, 'utf8'))).map(
          (spec) => `${file}: ${spec}`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds every way of naming a module, and leaves file paths alone', () => {
    const text = [
      "import { a } from '../../../domain/a.js';",
      "export * from '../../../../domain/b.js';",
      "const c = await import('../../../domain/c.js');",
      "vi.mock('../../../server/d.js');",
      "import '../../../web/e.css';",
      "import { f } from '../../domain/f.js';",
      "const doc = readFileSync(new URL('../../../docs/g.md', import.meta.url));",
    ].join('\n');
    expect(climbingImports(text)).toEqual([
      '../../../domain/a.js',
      '../../../../domain/b.js',
      '../../../domain/c.js',
      '../../../server/d.js',
      '../../../web/e.css',
    ]);
  });
});

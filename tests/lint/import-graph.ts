import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root, where package.json maps `#src/*`, `#tests/*` and `#scripts/*`. */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SUBPATH = /^#(src|tests|scripts)\//;

/**
 * The static import graph of a folder's TypeScript files: every `import … from`, `import '…'`
 * and `export … from` with a relative or subpath (`#src/…`) specifier, type-only ones included (a type-only cycle
 * still ties two files' designs together). A lazy `import()` is not an edge: it runs after both
 * files have loaded.
 */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(resolve(root))) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const edges: string[] = [];
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      const target = specifier && targetOf(file, specifier);
      if (target) edges.push(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a specifier names, for a relative or a subpath one; undefined for a package. */
export function targetOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolveSpecifier(dirname(file), specifier);
  if (SUBPATH.test(specifier)) return resolveSpecifier(REPO, specifier.slice(1));
  return undefined;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * Every import cycle (a strongly connected group of two or more files, or a file importing
 * itself), each as its files relative to `root`, sorted (Tarjan's algorithm).
 */
export function importCycles(root: string): string[][] {
  const graph = importGraph(root);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (;;) {
      const member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) {
      cycles.push(group.map((member) => relative(resolve(root), member)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

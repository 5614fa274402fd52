import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DB_DIR = join(ROOT, 'src/server/db');
/** The modules whose code decides what a migrated, seeded test database holds. */
const ENTRY_POINTS = ['migrate.ts', 'seed.ts', 'client.ts'].map((f) => join(DB_DIR, f));
const LOCAL_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+|#(?:src|tests|scripts)\/[^']+)'/g;

/**
 * A key for the migrated and seeded test database: a hash of every migration file, of the source
 * of the migration runner, the seed and the database client and of every module of ours they
 * import (the seed's countries and sample rates included), and of the PGlite version (its data
 * directory format). Any change to what the database would hold changes the key, so a cached
 * snapshot is never stale.
 */
export async function testDatabaseKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = join(DB_DIR, 'migrations');
  for (const file of (await readdir(migrations)).sort()) {
    hash.update(`migration ${file}\n`).update(await readFile(join(migrations, file)));
  }
  for (const file of await importGraph(ENTRY_POINTS)) {
    hash.update(`source ${relative(ROOT, file)}\n`).update(await readFile(file));
  }
  const pglite = JSON.parse(
    await readFile(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The entry files and every file of ours they import, transitively (`./x.js` → `./x.ts`, and a
 * subpath `#src/x.js` → `<root>/src/x.ts`).
 */
async function importGraph(entries: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(file, 'utf8');
    for (const [, specifier] of source.matchAll(LOCAL_IMPORT)) {
      const target = specifier!.startsWith('#')
        ? join(ROOT, specifier!.slice(1))
        : resolve(dirname(file), specifier!);
      queue.push(target.replace(/\.js$/, '.ts'));
    }
  }
  return [...seen].sort();
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The integration tests run on the embedded database (PGlite, the same PostgreSQL compiled to
 * WebAssembly, so the same SQL) and, when `TEST_DATABASE_URL` is set, again on a PostgreSQL
 * server, but only the files whose outcome can differ there: the database layer and its driver,
 * requests or jobs racing for the same rows (PGlite runs one statement at a time, a server runs
 * them side by side), lost connections, timeouts and backups. Such a file says so in its first
 * line, `// On PostgreSQL too: <why>` (decision 122; docs/testing.md).
 */
export const POSTGRES_TOO = '// On PostgreSQL too:';
/** The first line of a database-layer file that is about the embedded database alone. */
export const EMBEDDED_ONLY = '// Embedded database only:';

/** Every integration test file (`src/server/**\/*.test.ts`), repository-relative, sorted. */
export function integrationTestFiles(root = '.'): string[] {
  return (readdirSync(join(root, 'src/server'), { recursive: true }) as string[])
    .map((path) => `src/server/${path.split('\\').join('/')}`)
    .filter(
      (path) => path.endsWith('.test.ts') && !path.startsWith('src/server/providers/courier/'),
    )
    .sort();
}

/** The reason a file gives for running on the PostgreSQL server too, or undefined. */
export function postgresReason(text: string): string | undefined {
  return firstLineAfter(text, POSTGRES_TOO);
}

/** The reason a file gives for running on the embedded database alone, or undefined. */
export function embeddedOnlyReason(text: string): string | undefined {
  return firstLineAfter(text, EMBEDDED_ONLY);
}

function firstLineAfter(text: string, mark: string): string | undefined {
  const [first = ''] = text.split('\n', 1);
  return first.startsWith(mark) ? first.slice(mark.length).trim() : undefined;
}

/** The integration files that run again on the PostgreSQL server. */
export function postgresTestFiles(root = '.'): string[] {
  return integrationTestFiles(root).filter(
    (path) => postgresReason(readFileSync(join(root, path), 'utf8')) !== undefined,
  );
}

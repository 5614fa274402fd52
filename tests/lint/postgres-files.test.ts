import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  embeddedOnlyReason,
  integrationTestFiles,
  postgresReason,
  postgresTestFiles,
} from '../support/database-files.js';

/**
 * Which integration files run again on the PostgreSQL server (decision 122) is said by each file
 * in its first line; this keeps the two kinds that must never be left out from being left out:
 * the database layer's own tests, and any file that sends requests to the site at the same
 * moment (a race PGlite, one statement at a time, cannot show). A database-layer file about the
 * embedded database alone says that instead (`// Embedded database only: <why>`).
 */
const DATABASE_LAYER = /^src\/server\/(db|jobs)\//;
const SENDS_AT_ONCE = /Promise\.all\(\s*(?:\[[^\]]*?|[^;]*?=>\s*)\bcall\(/s;
const USES_A_DATABASE = /createTestApp|useTestApp|withDatabase|openDatabase/;

export function mustRunOnPostgres(path: string, text: string): boolean {
  if (DATABASE_LAYER.test(path) && USES_A_DATABASE.test(text)) return true;
  return SENDS_AT_ONCE.test(text);
}

describe('the PostgreSQL repeat', () => {
  it('every file of the database layer and every file that races requests is in it', () => {
    const missing = integrationTestFiles().filter((path) => {
      const text = readFileSync(path, 'utf8');
      const said = postgresReason(text) ?? embeddedOnlyReason(text);
      return mustRunOnPostgres(path, text) && said === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('each file in it gives its reason, and the config runs them', () => {
    const files = postgresTestFiles();
    expect(files.length).toBeGreaterThan(15);
    for (const path of files) expect(postgresReason(readFileSync(path, 'utf8')), path).not.toBe('');
  });

  it('tells a race and the database layer from the rest', () => {
    const race =
      'const [a, b] = await Promise.all([\n  call(x, retry, {}),\n  call(x, retry, {}),\n]);';
    const mapped =
      'await Promise.all(emails.map((email) =>\n  call(x, resend, { body: { email } })));';
    const sequential =
      'const a = await call(x, retry, {});\nconst b = await Promise.all([one, two]);';
    expect(mustRunOnPostgres('src/server/modules/a/a.test.ts', race)).toBe(true);
    expect(mustRunOnPostgres('src/server/modules/a/a.test.ts', mapped)).toBe(true);
    expect(mustRunOnPostgres('src/server/modules/a/a.test.ts', sequential)).toBe(false);
    expect(mustRunOnPostgres('src/server/db/x.test.ts', 'await createTestApp();')).toBe(true);
    expect(mustRunOnPostgres('src/server/db/x.test.ts', 'expect(1).toBe(1);')).toBe(false);
    expect(postgresReason('// On PostgreSQL too: locks.\nimport x;')).toBe('locks.');
    expect(postgresReason('import x;\n// On PostgreSQL too: locks.')).toBeUndefined();
  });
});

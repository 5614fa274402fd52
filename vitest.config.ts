import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresTestFiles } from './tests/support/database-files.js';

/**
 * Unit tests (domain, web logic) and integration tests (server on a real database). The
 * integration project runs on PGlite always; when TEST_DATABASE_URL is set (CI sets it), the
 * files whose first line says `// On PostgreSQL too: <why>` run again on that server: the
 * database layer, requests racing for the same rows, lost connections, timeouts, backups
 * (tests/support/database-files.ts, decision 122).
 */
const integration = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: database === 'postgres' ? postgresTestFiles() : ['src/server/**/*.test.ts'],
    // The courier's tests need no database: they run once, in the unit project.
    exclude: ['src/server/providers/courier/**'],
    env: { TEST_DATABASE_KIND: database },
    globalSetup: ['tests/support/global-setup.ts'],
    // A worker keeps its modules from one file to the next: each file imports the whole server,
    // and evaluating it again for every file took 40% of the run. Every file builds its own app
    // on its own database and restores its spies, and nothing in the server keeps state in a
    // module (docs/decisions/068-integration-files-share-their-modules.md).
    isolate: false,
    // So a spy on a shared class (a repository, the courier client) never outlives its test.
    restoreMocks: true,
    // Many tests build their own app on a fresh database: a second or two on a quiet machine,
    // over 20 s at a load average of 30. The limit is there to catch a hang, not to time them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // At least two files at a time, even on a 2-core machine (Vitest's default there is one):
    // much of a file's time is spent waiting on a database or a spawned process
    // (docs/decisions/018). More cores keep Vitest's default of one fewer than the cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure code, but some tests start processes (the courier's PDF tools, start-cluster) or
          // render React: milliseconds on a quiet machine, seconds at a load average of 20. The
          // limit is there to catch a hang.
          testTimeout: 30_000,
          include: [
            'src/domain/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'src/server/providers/courier/**/*.test.ts',
          ],
        },
      },
      integration('integration:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration:postgres', 'postgres')] : []),
    ],
  },
});

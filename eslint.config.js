import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/decisions/001 and 012). ESLint keeps only the last
 * `no-restricted-imports` setting that matches a file, so each block below lists every
 * restriction for its files; `tests/lint/import-boundaries.test.ts` proves each one fires.
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const WEB_NOT_SERVER = {
  group: ['**/server/**', 'node:*'],
  message: 'src/web never imports src/server: talk to it over /api (docs/decisions/001).',
};
const NOT_FEATURES = {
  regex: '(^|/)features(/|$)',
  message:
    'components/ and lib/ never import a feature: features build on them (docs/decisions/012).',
};
const FEATURE_BY_SUBPATH = {
  // `#src/web/features/<feature>/…` would step round the relative-path rule below: a feature is
  // reached through its public entry, by subpath too (docs/development.md, "Imports").
  regex: '^#src/web/features/[^/]+/(?!index\\.js$)(?![^/]+\\.css$)',
  message:
    'A feature imports another feature only through its public entry (../<feature>/index.js) (docs/decisions/012).',
};
const OTHER_FEATURE_INTERNALS = {
  // From src/web/features/<name>/<file>: `../<other>/<file>` is another feature's internals;
  // only its public entry `../<other>/index.js` may be imported, and its stylesheet (a page
  // built from several features' components brings their looks: no code crosses).
  regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index\\.js$)(?![^/]+\\.css$)',
  message:
    'A feature imports another feature only through its public entry (../<feature>/index.js) (docs/decisions/012).',
};

const SERVER_NOT_WEB = {
  group: ['**/web/**'],
  message: 'src/server never imports src/web (docs/decisions/001).',
};
const NOT_MODULES = {
  regex: '(^|/)modules(/|$)',
  message:
    'src/server/db, jobs and providers never import a module: modules build on them (docs/decisions/013).',
};
const OTHER_MODULE_REPOSITORY = {
  // From src/server/modules/<name>/<file>: `../<other>/<x>.repository.js` is another module's
  // storage; reach that module through its service.
  regex: '^(\\.\\./)+(modules/)?[^./][^/]*/[^/]*\\.repository(\\.js)?$',
  message:
    'A module never imports another module’s repository: use its service (docs/decisions/013).',
};
const OTHER_MODULE_REPOSITORY_BY_ENTRY = {
  // A module's entry exports its repositories for services.ts, which builds them; another
  // module still reaches it only through its service.
  regex: '^(\\.\\./)+(modules/)?[^./][^/]*/index(\\.js)?$',
  importNamePattern: 'Repository$',
  message:
    'A module never imports another module’s repository: use its service (docs/decisions/013).',
};
/** The same two rules for a module reached by subpath (`#src/server/modules/<other>/…`). */
const MODULE_BY_SUBPATH = {
  regex: '^#src/server/modules/[^/]+/(?!index\\.js$)',
  message:
    'A module imports another module only through its public entry (../<module>/index.js) (docs/decisions/087).',
};
const MODULE_REPOSITORY_BY_SUBPATH_ENTRY = {
  regex: '^#src/server/modules/[^/]+/index(\\.js)?$',
  importNamePattern: 'Repository$',
  message:
    'A module never imports another module’s repository: use its service (docs/decisions/013).',
};
/**
 * From src/server/modules/<name>/ (`up` is `../` for a file of the module's folder, `../../` for
 * one a folder deeper): `<up><other>/<file>` is another module's internals; only its public entry
 * `<up><other>/index.js` may be imported (a repository path has its own message above).
 */
const otherModuleInternals = (up) => ({
  regex: `^${up}(?!\\.\\./)[^/]+/(?!index\\.js$)(?![^/]*\\.repository(\\.js)?$)`,
  message:
    'A module imports another module only through its public entry (../<module>/index.js) (docs/decisions/087).',
});
const MODULE_ENTRY_ONLY = {
  // From the rest of src/server (app.ts, services.ts, background.ts, dev/, spa/…).
  regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
  message:
    'Outside src/server/modules, a module is imported only through its public entry (modules/<module>/index.js) (docs/decisions/087).',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.tmp/', 'playwright-report/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type information for the rules that need it (no-floating-promises): every file,
      // scripts and this config included, belongs to tsconfig.json.
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A promise is awaited, returned, or marked `void` where fire-and-forget is meant.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The domain is pure and isomorphic: it imports nothing of ours, no node:*, no DOM. (A
    // pattern is gitignore-style, where a leading `#` starts a comment: `\\#` is the subpath.)
    files: ['src/domain/**/*.ts'],
    rules: restrict({
      group: ['**/server/**', '**/web/**', '**/tests/**', '\\#tests/**', '\\#scripts/**', 'node:*'],
      message: 'src/domain imports nothing of ours and does no I/O (docs/decisions/001).',
    }),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: restrict(WEB_NOT_SERVER),
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: restrict(WEB_NOT_SERVER, NOT_FEATURES),
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: restrict(WEB_NOT_SERVER, OTHER_FEATURE_INTERNALS, FEATURE_BY_SUBPATH),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(SERVER_NOT_WEB),
  },
  {
    // Tests may reach any module's internals: they wire modules together to prove them.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(SERVER_NOT_WEB, MODULE_ENTRY_ONLY),
  },
  {
    // The layers under the modules: they serve every module and so know none of them.
    files: ['src/server/db/**/*.ts', 'src/server/jobs/**/*.ts', 'src/server/providers/**/*.ts'],
    // Tests wire the layers together to prove them.
    ignores: ['**/*.test.ts'],
    rules: restrict(SERVER_NOT_WEB, NOT_MODULES),
  },
  {
    // The database layer does not know the providers either (it stores what modules give it).
    files: ['src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(SERVER_NOT_WEB, NOT_MODULES, {
      regex: '(^|/)providers(/|$)',
      message: 'src/server/db never imports a provider (docs/decisions/013).',
    }),
  },
  {
    files: ['src/server/modules/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      SERVER_NOT_WEB,
      OTHER_MODULE_REPOSITORY,
      OTHER_MODULE_REPOSITORY_BY_ENTRY,
      otherModuleInternals('\\.\\./'),
      MODULE_BY_SUBPATH,
      MODULE_REPOSITORY_BY_SUBPATH_ENTRY,
    ),
  },
  {
    files: ['src/server/modules/*/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      SERVER_NOT_WEB,
      OTHER_MODULE_REPOSITORY,
      OTHER_MODULE_REPOSITORY_BY_ENTRY,
      otherModuleInternals('\\.\\./\\.\\./'),
      MODULE_BY_SUBPATH,
      MODULE_REPOSITORY_BY_SUBPATH_ENTRY,
    ),
  },
  {
    // No function or method of the server over 80 lines (decision 118), every line counted:
    // blank lines and comments too, so the figure is the one a reader scrolls through.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
);

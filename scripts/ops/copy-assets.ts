// Copies the non-TypeScript files the compiled server needs (SQL migrations) into dist/, and gives
// dist/ a package.json of its own: the compiled files keep their `#src/...` imports, and Node
// resolves them against the nearest package.json, where `#src/*` is dist/ itself (the source's
// package.json maps it to src/; docs/development.md, "Imports").
import { cp, mkdir, writeFile } from 'node:fs/promises';

const from = new URL('../../src/server/db/migrations/', import.meta.url);
const to = new URL('../../dist/server/db/migrations/', import.meta.url);
await mkdir(to, { recursive: true });
await cp(from, to, { recursive: true });
await writeFile(
  new URL('../../dist/.build-stamp', import.meta.url),
  `${new Date().toISOString()}\n`,
);
await writeFile(
  new URL('../../dist/package.json', import.meta.url),
  `${JSON.stringify({ type: 'module', imports: { '#src/*': './*' } }, null, 2)}\n`,
);

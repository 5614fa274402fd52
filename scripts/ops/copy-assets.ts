// Copies the non-TypeScript files the compiled server needs (SQL migrations) into dist/.
import { cp, mkdir, writeFile } from 'node:fs/promises';

const from = new URL('../../src/server/db/migrations/', import.meta.url);
const to = new URL('../../dist/server/db/migrations/', import.meta.url);
await mkdir(to, { recursive: true });
await cp(from, to, { recursive: true });
await writeFile(
  new URL('../../dist/.build-stamp', import.meta.url),
  `${new Date().toISOString()}\n`,
);

// `npm run build:web` (then scripts/ops/precompress.ts): the SPA into dist/web. Vite's client
// build, then the public pages prerendered from a server build of the same sources
// (prerender.ts). One process, one BUILD_YEAR for both builds (vite.config.ts), so the HTML and the
// script that hydrates it agree on the footer's year.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { prerenderPages } from './prerender.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
process.env.BUILD_YEAR ??= String(new Date().getFullYear());
await build({ configFile: join(root, 'vite.config.ts') });
for (const { file, bytes } of await prerenderPages()) {
  process.stdout.write(`prerendered dist/web/${file} (${(bytes / 1024).toFixed(1)} KB)\n`);
}

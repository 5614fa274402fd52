// `npm run build:web` (then scripts/ops/precompress.ts): the SPA into dist/web. Vite's client
// build, then the public pages prerendered from a server build of the same sources
// (prerender.ts). One process, one BUILD_YEAR for both builds (vite.config.ts), so the HTML and the
// script that hydrates it agree on the footer's year.
//
// `--development`: React's development build, whose hydration warnings name the element and the
// attribute that differ (production React gives an error number); run
// tests/e2e/prerendered-pages.spec.ts on it to see them. Never deploy it.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { prerenderPages } from './prerender.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const development = process.argv.includes('--development');
if (development) process.env.NODE_ENV = 'development';
process.env.BUILD_YEAR ??= String(new Date().getFullYear());
await build({
  configFile: join(root, 'vite.config.ts'),
  ...(development ? { mode: 'development', build: { minify: false } } : {}),
});
for (const { file, bytes } of await prerenderPages()) {
  process.stdout.write(`prerendered dist/web/${file} (${(bytes / 1024).toFixed(1)} KB)\n`);
}

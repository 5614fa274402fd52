import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = `http://127.0.0.1:${apiPort}`;
/**
 * The year of this build, which the footer of a prerendered page shows until the browser has said
 * which year it is. The client build and the prerender's server build must agree on it:
 * scripts/ops/build-web.ts sets BUILD_YEAR once for both.
 */
const buildYear = Number(process.env.BUILD_YEAR ?? new Date().getFullYear());

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: 'public',
  plugins: [react()],
  define: { __BUILD_YEAR__: JSON.stringify(buildYear) },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Maps are written for our own debugging but not referenced, and the server never serves them.
    sourcemap: 'hidden',
    // The server reads it to preload the chunk of the page asked for (src/server/spa/spa.ts).
    manifest: true,
    // No polyfill of <link rel="modulepreload"> in the home page's script: every browser the site
    // supports has it; one without would only fetch a page's chunk a moment later (decision 101).
    modulePreload: { polyfill: false },
    // Every chunk but the entry, and every stylesheet, is named by its hash alone: the home page's
    // script lists each chunk a page needs, and names cost about 0.4 KB gzipped there (decision
    // 128). The build manifest (dist/web/.vite/manifest.json) says which source each file holds.
    rolldownOptions: {
      output: { chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]' },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
});

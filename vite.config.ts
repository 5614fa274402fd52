import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: 'public',
  plugins: [react()],
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
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
});

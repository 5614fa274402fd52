import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/app.js';
import { preloadPage } from './app/router.js';

/**
 * The HTML of one page's #root, rendered at build time by scripts/ops/prerender.ts (Vite's
 * server build of this file) with the same tree main.tsx hydrates in the browser. The page's
 * module is loaded first, as main.tsx does, so nothing suspends; `prerenderToNodeStream` would
 * wait for it anyway. No browser globals: what only a browser knows is read after hydration
 * (lib/use-browser-value.ts).
 */
export async function renderPage(path: string): Promise<string> {
  await preloadPage(path);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App prerenderedPath={path} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React moves a boundary over 12,800 bytes out of the page's flow, to be put back by an
      // inline script, which the content security policy never runs: the page is one piece.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  // A page that fails to render must fail the build, not ship its error fallback.
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  return html;
}

import { BrowserRouter } from '../lib/router.js';
import { AppErrorBoundary } from './error-page.js';
import { AppRoutes } from './router.js';
import { SessionProvider } from './session.js';

/** The site. `prerenderedPath`: the page rendered at build time (src/web/prerender.tsx). */
export function App({ prerenderedPath }: { prerenderedPath?: string }) {
  return (
    <BrowserRouter prerenderedPath={prerenderedPath}>
      <AppErrorBoundary>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </AppErrorBoundary>
    </BrowserRouter>
  );
}

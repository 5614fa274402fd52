import { BrowserRouter } from '../lib/router.js';
import { AppErrorBoundary } from './error-page.js';
import { AppRoutes } from './router.js';
import { SessionProvider } from './session.js';

export function App() {
  return (
    <BrowserRouter>
      <AppErrorBoundary>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </AppErrorBoundary>
    </BrowserRouter>
  );
}

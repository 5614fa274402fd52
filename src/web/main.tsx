import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { preloadPage } from './app/router.js';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The first page renders complete, without a loading state that would shift the layout.
// (A promise, not a top-level await: that would split the entry into many small chunks.)
void preloadPage(window.location.pathname).then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A public page comes with its HTML, rendered at build time (src/web/prerender.tsx): React
  // takes it over as it is. Every other page starts empty.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

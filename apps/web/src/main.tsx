import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadFirstPage } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The first use of Intl's dates loads the browser's date and time-zone data, one call of 15 to 20 ms
 * (72 ms at Lighthouse's 4x slower CPU) that no render slice can split: made in a task of its own
 * while the page's chunk is on its way, not inside the first render (which asks for the viewer's
 * zone, lib/viewer-time-zone.ts, whose module the entry does not load).
 */
function loadTimeZoneData(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      Intl.DateTimeFormat().resolvedOptions();
      resolve();
    }, 0),
  );
}

// The first render is a transition: React renders in slices and lets the browser in between
// (input, paint) instead of blocking the main thread for the whole tree at once. What is on
// screen meanwhile (the home page's static shell, or nothing) stays until the render commits.
void Promise.all([preloadFirstPage(window.location.pathname), loadTimeZoneData()]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
});

registerServiceWorker();

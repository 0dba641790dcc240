// First: before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadFirstPage } from './app/router';
import { FirstPaintSignal, holdRequestsUntilFirstPaint } from './lib/first-paint';
import { createQueryClient } from './lib/query-client';
import { regionPrefixOf } from './lib/region';
import { prefetchRegionData } from './lib/region-data';
import { registerServiceWorker } from './lib/service-worker';
import { getStoredRegion } from './lib/storage';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Without the static shell (theme-init.js marks the page when it shows it), React's first commit is
// the first paint: the app's requests wait until it is on screen (lib/first-paint.ts). With the
// shell on screen, the rides are asked for as early as they can be.
if (!('homeShell' in document.documentElement.dataset)) holdRequestsUntilFirstPaint();

// The first render is a transition: React renders in slices and lets the browser in between
// (input, paint) instead of blocking the main thread for the whole tree at once. What is on
// screen meanwhile (the home page's static shell, or nothing) stays until the render commits.
// The region's data (its places, colleges and words: the server's, not the build's) is asked for
// alongside the page's code; a failed answer is left to the region provider to ask again.
const queryClient = createQueryClient();
const { pathname } = window.location;
void Promise.all([preloadFirstPage(pathname), prefetchRegionData(queryClient, regionPrefixOf(pathname), getStoredRegion(), document.documentElement.dataset.region ?? null).catch(() => undefined)]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider client={queryClient}>
          <AppRouter />
        </AppProvider>
        <FirstPaintSignal />
      </StrictMode>,
    );
  });
});

registerServiceWorker();

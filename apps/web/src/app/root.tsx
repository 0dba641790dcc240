import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RegionProvider } from '../lib/region';
import { SessionProvider } from '../lib/session';

/**
 * The region comes from the address, so these providers sit inside the router. The region's data
 * is in hand before the first render (main.tsx); going to another region's pages is a transition,
 * which keeps the page on screen while that region's data comes.
 */
export function AppRoot() {
  return (
    <Suspense fallback={null}>
      <RegionProvider>
        <SessionProvider>
          <Outlet />
        </SessionProvider>
      </RegionProvider>
    </Suspense>
  );
}

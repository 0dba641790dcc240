import { Outlet } from 'react-router';
import { RegionProvider } from '../lib/region';
import { SessionProvider } from '../lib/session';

/** The region comes from the address, so these providers sit inside the router. */
export function AppRoot() {
  return (
    <RegionProvider>
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    </RegionProvider>
  );
}

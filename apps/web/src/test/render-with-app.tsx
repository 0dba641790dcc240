import { SPEC_REGION_SUMMARIES, SPEC_REGIONS, specRegionDetail } from '@carpool/shared/fixtures/spec-regions';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { regionDetailQueryOptions, regionListQueryOptions } from '../lib/region-data';
import { AppRoot } from '../app/root';
import { ToastProvider } from '../components/ui/toast';
import { ThemeProvider } from '../lib/theme';

/** Where the test's router is, read the way a data router's `router.state.location` is. */
interface RouterProbe {
  state: { location: Location };
}

function Routes({ routes, probe }: { routes: RouteObject[]; probe: RouterProbe }) {
  const location = useLocation();
  // After each render that saw a new address; tests read it from outside React.
  useEffect(() => {
    Object.assign(probe.state, { location });
  }, [probe, location]);
  return useRoutes(routes);
}

/** The regions as main.tsx has them before the first render: the specification's two. */
function seedRegionData(queryClient: QueryClient): void {
  queryClient.setQueryData(regionListQueryOptions.queryKey, SPEC_REGIONS.map((region) => SPEC_REGION_SUMMARIES[region]));
  for (const region of SPEC_REGIONS) queryClient.setQueryData(regionDetailQueryOptions(region).queryKey, specRegionDetail(region));
}

/**
 * Renders inside every provider the app has: an element (under the region and session providers)
 * or whole route objects that bring their own root.
 */
export function renderWithApp(content: ReactElement | RouteObject[], { path = '/', askForRegions = false }: { path?: string; askForRegions?: boolean } = {}) {
  const routes = Array.isArray(content) ? content : [{ element: <AppRoot />, children: [{ path: '*', element: content }] }];
  const router: RouterProbe = { state: { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } } };
  const queryClient = createQueryClient();
  // Without askForRegions, the regions are in hand as main.tsx has them; with it, the app asks the (fake) server.
  if (!askForRegions) seedRegionData(queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes routes={routes} probe={router} />
          </MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

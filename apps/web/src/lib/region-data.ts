import type { Region } from '@carpool/shared/regions';
import type { RegionDetail, RegionSummary } from '@carpool/shared/schemas/regions';
import { queryOptions, type QueryClient } from '@tanstack/react-query';

/**
 * The regions come from the server (GET /api/regions and /api/regions/{slug}, docs/decisions/
 * regions-as-data.md): the app holds no list of its own. Both answers carry an ETag; the browser
 * revalidates them, so a region's change is seen on the next page load, or after the stale time.
 *
 * These calls go out with plain fetch: the page's first render waits for them, so they must not
 * wait for that render's paint as the API client's calls do (lib/first-paint.ts).
 */
async function getRegionJson<T>(path: string): Promise<T | null> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const REGION_DATA_STALE_MS = 5 * 60_000;

/**
 * The served regions, in the picker's order: the live ones (the first is the default region) and
 * the archived ones, whose pages stay readable. A slug not among them is not asked for: its pages
 * answer "not found" without a failed request.
 */
export const regionListQueryOptions = queryOptions({
  queryKey: ['regions'],
  queryFn: async () => (await getRegionJson<RegionSummary[]>('/api/regions?include=archived')) ?? [],
  staleTime: REGION_DATA_STALE_MS,
  meta: { failureLog: 'Error fetching regions:' },
});

/** One region with its places and colleges; null for a slug that names no live or archived region. */
export function regionDetailQueryOptions(region: Region) {
  return queryOptions({
    queryKey: ['regions', region],
    queryFn: () => getRegionJson<RegionDetail>(`/api/regions/${encodeURIComponent(region)}`),
    staleTime: REGION_DATA_STALE_MS,
    meta: { failureLog: 'Error fetching the region:' },
  });
}

/**
 * The region a page shows when its address names none: the stored one while it is live, else the
 * first live region (the specification's cornell while it is first in the picker).
 */
export function fallbackRegionOf(served: readonly RegionSummary[], stored: Region | null): Region | null {
  const live = served.filter((region) => region.status === 'live');
  if (stored && live.some((region) => region.slug === stored)) return stored;
  return live[0]?.slug ?? null;
}

/** The region of an address: its prefix when that names a served region, else the fallback; null when none is open. */
export function regionOfAddress(served: readonly RegionSummary[], prefix: Region | null, stored: Region | null): { region: Region | null; unknownPrefix: boolean } {
  if (prefix && served.some((region) => region.slug === prefix)) return { region: prefix, unknownPrefix: false };
  return { region: fallbackRegionOf(served, stored), unknownPrefix: prefix !== null };
}

/**
 * main.tsx, before the first render: asks for the region list and the address's region, so the
 * first render has them (the region provider would otherwise suspend on them). `hinted` is the
 * region theme-init.js found in /api/regions.css: known to be served, it is asked for at once,
 * alongside the list, rather than after it.
 */
export async function prefetchRegionData(queryClient: QueryClient, prefix: Region | null, stored: Region | null, hinted: Region | null): Promise<void> {
  if (hinted) void queryClient.prefetchQuery(regionDetailQueryOptions(hinted));
  const served = await queryClient.ensureQueryData(regionListQueryOptions);
  const { region } = regionOfAddress(served, prefix, stored);
  if (region) await queryClient.ensureQueryData(regionDetailQueryOptions(region));
}

import { PlaceIndex } from '@carpool/shared/place-index';
import { isRegionPathSegment, type Region } from '@carpool/shared/regions';
import type { RegionDetail, RegionSummary } from '@carpool/shared/schemas/regions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { fallbackRegionOf, regionDetailQueryOptions, regionListQueryOptions, regionOfAddress } from './region-data';
import { getStoredRegion, setStoredRegion } from './storage';

/**
 * The region named by the first path segment (/nj/inbox -> nj), or null for a path of the app's
 * own (/inbox) or a bare one. Whether such a region exists is the server's to say.
 */
export function regionPrefixOf(pathname: string): Region | null {
  const first = pathname.split('/')[1];
  return isRegionPathSegment(first) ? first : null;
}

/** The region of the page being shown, for code outside React (the API client): the provider keeps it. */
let activeRegion: Region | null = null;

/**
 * DESIGN.md section 5: the path prefix, else the stored region, else the default one. Before the
 * provider has rendered, the region theme-init.js put on <html> stands in for the default.
 */
export function getActiveRegion(): Region {
  return activeRegion ?? regionPrefixOf(window.location.pathname) ?? getStoredRegion() ?? document.documentElement.dataset.region ?? '';
}

/** Puts a path under the given prefix: withRegionPrefix('/inbox', 'nj') -> '/nj/inbox'. */
export function withRegionPrefix(path: string, prefix: Region | null): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  if (!prefix) return normalized;
  return normalized === '/' ? `/${prefix}` : `/${prefix}${normalized}`;
}

interface RegionContextValue {
  region: Region;
  /** The prefix of the current address, if it names a region; links keep it. */
  prefix: Region | null;
  /** A path of the app ('/inbox') as a link under the current prefix. */
  toPath: (path: string) => string;
  /** The region's name, wording, colours, places and colleges (GET /api/regions/{slug}). */
  detail: RegionDetail;
  /** Its places by slug, for labels, lists and distances. */
  places: PlaceIndex;
  /** The live regions, in the picker's order. */
  live: readonly RegionSummary[];
  /** The address's first segment looked like a region but names none: the page is "not found". */
  unknownPrefix: boolean;
}

const RegionContext = createContext<RegionContextValue | null>(null);

/** The theme's variables (index.css maps them onto the brand-* classes), set from the region's row. */
function applyRegionLook(detail: RegionDetail): void {
  const root = document.documentElement;
  root.dataset.region = detail.slug;
  for (const [step, colour] of Object.entries(detail.theme.scale)) root.style.setProperty(`--brand-${step}`, colour);
  root.style.setProperty('--color-brand', detail.theme.light);
  // The browser's bar, and the app installed from here: its colour and start page (the server's
  // /{region}/manifest.webmanifest).
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', detail.theme.light);
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${detail.slug}/manifest.webmanifest`);
}

function ResolvedRegion({ region, prefix, live, unknownPrefix, children }: { region: Region; prefix: Region | null; live: readonly RegionSummary[]; unknownPrefix: boolean; children: ReactNode }) {
  const { data: detail } = useSuspenseQuery(regionDetailQueryOptions(region));
  const fallback = fallbackRegionOf(live, getStoredRegion());
  const value = useMemo<RegionContextValue | null>(
    () =>
      detail && {
        region: detail.slug,
        prefix,
        toPath: (path) => withRegionPrefix(path, prefix),
        detail,
        places: new PlaceIndex(detail.places),
        live,
        unknownPrefix,
      },
    [detail, prefix, live, unknownPrefix],
  );

  useLayoutEffect(() => {
    if (!detail) return;
    activeRegion = detail.slug;
    if (!unknownPrefix) setStoredRegion(detail.slug);
    applyRegionLook(detail);
  }, [detail, unknownPrefix]);

  if (!value) {
    // The address names no region (or one since removed): its pages answer "not found" in the
    // default region's look.
    if (fallback && fallback !== region) {
      return (
        <ResolvedRegion region={fallback} prefix={null} live={live} unknownPrefix>
          {children}
        </ResolvedRegion>
      );
    }
    return <NoRegion />;
  }
  return <RegionContext.Provider value={value}>{children}</RegionContext.Provider>;
}

/** No region is open: a deployment whose every region is a draft or archived. */
function NoRegion() {
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Carpool is not open yet</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">No college community has been opened here. Please come back soon.</p>
    </main>
  );
}

/** The region of the address (or the stored, or the default one), its data loaded before its pages draw. */
export function RegionProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const prefix = regionPrefixOf(pathname);
  const { data: served } = useSuspenseQuery(regionListQueryOptions);
  const live = useMemo(() => served.filter((region) => region.status === 'live'), [served]);
  const { region, unknownPrefix } = regionOfAddress(served, prefix, getStoredRegion());
  if (!region) return <NoRegion />;
  return (
    <ResolvedRegion region={region} prefix={unknownPrefix ? null : prefix} live={live} unknownPrefix={unknownPrefix}>
      {children}
    </ResolvedRegion>
  );
}

export function useRegion(): RegionContextValue {
  const value = useContext(RegionContext);
  if (!value) throw new Error('useRegion must be used inside RegionProvider');
  return value;
}

/** The label of one of the region's places (its slug's words for a place it no longer lists). */
export function usePlaceLabel(): (slug: string) => string {
  const { places } = useRegion();
  return useMemo(() => (slug: string) => places.label(slug), [places]);
}

/** A college's name: the region's, else (a student of another region's college) its slug's words. */
export function useCollegeName(): (slug: string) => string {
  const { detail } = useRegion();
  return useMemo(() => {
    const names = new Map(detail.colleges.map((college) => [college.slug, college.name]));
    return (slug: string) => names.get(slug) ?? slug.charAt(0).toUpperCase() + slug.slice(1);
  }, [detail]);
}

/** A region's display name from the live list, else its slug (an archived or unknown one). */
export function useRegionName(): (slug: Region) => string {
  const { live } = useRegion();
  return useMemo(() => (slug: Region) => live.find((region) => region.slug === slug)?.name ?? slug, [live]);
}

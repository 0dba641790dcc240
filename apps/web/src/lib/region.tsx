import { DEFAULT_REGION, isRegion, REGION_BRAND_COLOUR, type BuiltInRegion as Region } from '@carpool/shared/regions';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { getStoredRegion, setStoredRegion } from './storage';

/** The region named by the first path segment (/nj/inbox -> nj), or null for a bare path. */
export function regionPrefixOf(pathname: string): Region | null {
  const first = pathname.split('/')[1];
  return isRegion(first) ? first : null;
}

/** DESIGN.md section 5: the path prefix, else the stored region, else cornell. */
export function resolveRegion(pathname: string, stored: Region | null): Region {
  return regionPrefixOf(pathname) ?? stored ?? DEFAULT_REGION;
}

/** The region of the page being shown, for code outside React (the API client). */
export function getActiveRegion(): Region {
  return resolveRegion(window.location.pathname, getStoredRegion());
}

/** Puts a path under the given prefix: withRegionPrefix('/inbox', 'nj') -> '/nj/inbox'. */
export function withRegionPrefix(path: string, prefix: Region | null): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  if (!prefix) return normalized;
  return normalized === '/' ? `/${prefix}` : `/${prefix}${normalized}`;
}

interface RegionContextValue {
  region: Region;
  /** The prefix of the current address, if it has one; links keep it. */
  prefix: Region | null;
  /** A path of the app ('/inbox') as a link under the current prefix. */
  toPath: (path: string) => string;
}

const RegionContext = createContext<RegionContextValue | null>(null);

export function RegionProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const prefix = regionPrefixOf(pathname);
  const region = resolveRegion(pathname, getStoredRegion());

  useEffect(() => {
    setStoredRegion(region);
    // The theme colours hang off this attribute (see index.css).
    document.documentElement.dataset.region = region;
    // The browser's bar, and the app installed from here: its colour and start page (the server's
    // /{region}/manifest.webmanifest).
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', REGION_BRAND_COLOUR[region]);
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${region}/manifest.webmanifest`);
  }, [region]);

  const value = useMemo<RegionContextValue>(
    () => ({ region, prefix, toPath: (path) => withRegionPrefix(path, prefix) }),
    [region, prefix],
  );
  return <RegionContext.Provider value={value}>{children}</RegionContext.Provider>;
}

export function useRegion(): RegionContextValue {
  const value = useContext(RegionContext);
  if (!value) throw new Error('useRegion must be used inside RegionProvider');
  return value;
}

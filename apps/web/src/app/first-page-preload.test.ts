import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import themeInit from '../../public/theme-init.js?raw';
import {
  PAGE_PRELOAD_MARKER,
  rankRoutes,
  readPageRoutes,
  readRegionPrefixes,
  routePattern,
  type PagePreloadRow,
} from '../../vite/first-page-preload';
import { routes } from './router';
import routerSource from './router.tsx?raw';

const ROUTER_FILE = 'src/app/router.tsx';

const ADDRESSES = [
  '/',
  '/nj',
  '/cornell/',
  '/login',
  '/NJ/Login',
  '/my-rides',
  '/profile',
  '/profile/notifications',
  '/nj/profile/notifications/',
  '/profile/some-user',
  '/conversation-messages/some-user',
  '/ride-requests',
  '/terms',
  '/inbox',
  '/admin',
  '/dev-sign-in',
  '/nj/dev-sign-in',
  '/no-such-page',
  '/a/b/c',
  '/nj/terms/more',
];

/** The table as the build writes it, with one file per route named after its path. */
function table(): PagePreloadRow[] {
  const pageRoutes = rankRoutes(readPageRoutes(routerSource, ROUTER_FILE));
  const prefixes = readRegionPrefixes(routerSource, ROUTER_FILE);
  return pageRoutes.map((route) => [routePattern(route, prefixes), route.visitor, [`/assets/${route.absolute ? 'abs' : 'rel'}:${route.path}.js`]]);
}

beforeEach(() => {
  // theme-init.js reads the preferred theme first; jsdom has no matchMedia.
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the page chunks theme-init.js asks for', () => {
  it('reads every page route of the router, with who it is for', () => {
    const pageRoutes = readPageRoutes(routerSource, ROUTER_FILE);
    expect(pageRoutes.map((route) => `${route.absolute ? 'abs' : 'rel'}:${route.path}:${route.visitor ?? ''}`).sort()).toEqual(
      [
        'rel::',
        'rel:my-rides:signed-in',
        'rel:ride-requests:',
        'rel:profile:signed-in',
        'rel:profile/notifications:signed-in',
        'rel:profile/:userId:',
        'rel:conversation-messages/:userId:signed-in',
        'rel:inbox:',
        'rel:login:signed-out',
        'rel:terms:',
        'rel:admin:',
        'rel:*:',
        'abs:/dev-sign-in:',
      ].sort(),
    );
    expect(readRegionPrefixes(routerSource, ROUTER_FILE)).toEqual(['/', '/cornell', '/nj']);
  });

  it('picks for every address the route React Router matches', () => {
    const rows = table();
    for (const address of ADDRESSES) {
      const row = rows.find(([pattern]) => new RegExp(pattern, 'i').test(address));
      const matched = matchRoutes(routes, address)!.at(-1)!.route;
      const path = matched.index ? '' : matched.path!;
      expect(row?.[2][0], address).toBe(`/assets/${path.startsWith('/') ? 'abs' : 'rel'}:${path}.js`);
    }
  });

  it('adds a modulepreload link for each file of the address, for the visitor the page is for', async () => {
    const rows = table();
    expect(themeInit).toContain(PAGE_PRELOAD_MARKER);
    const script = themeInit.replace(PAGE_PRELOAD_MARKER, JSON.stringify(rows));
    const hinted = async (path: string) => {
      for (const link of document.head.querySelectorAll('link')) link.remove();
      window.history.replaceState(null, '', path);
      new Function(script)();
      window.history.replaceState(null, '', '/somewhere-else');
      await new Promise((resolve) => setTimeout(resolve, 0));
      return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => {
        expect(link.crossOrigin).toBe('');
        return link.getAttribute('href');
      });
    };
    expect(await hinted('/nj/terms')).toEqual(['/assets/rel:terms.js']);
    expect(await hinted('/no-such-page')).toEqual(['/assets/rel:*.js']);
    expect(await hinted('/login')).toEqual(['/assets/rel:login.js']);
    expect(await hinted('/my-rides')).toEqual([]);
    localStorage.setItem('auth_token_cornell', 'token');
    expect(await hinted('/my-rides')).toEqual(['/assets/rel:my-rides.js']);
    expect(await hinted('/login')).toEqual([]);
    expect(await hinted('/nj/my-rides')).toEqual([]);
  });

  it('adds nothing where the table is empty (development)', async () => {
    window.history.replaceState(null, '', '/terms');
    new Function(themeInit)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});

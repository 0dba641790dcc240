/** A region's slug: the regions are data (the server's regions tables, GET /api/regions). */
export type Region = string;
export const REGION_HEADER = 'x-region';

/** Whether a value has the shape of a region's slug (whether such a region exists is the server's to say). */
export function isRegionSlug(value: unknown): value is Region {
  return typeof value === 'string' && /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(value);
}

/**
 * First path segments a region's slug cannot take: the web app's own pages (apps/web/src/app/router.tsx)
 * and the server's paths, which a region's `/{slug}/...` pages would shadow or be shadowed by.
 */
export const RESERVED_REGION_SLUGS: ReadonlySet<string> = new Set([
  'admin', 'api', 'assets', 'conversation-messages', 'dev', 'dev-sign-in', 'dev-idp', 'inbox', 'login', 'my-rides', 'profile',
  'regions', 'ride-requests', 'sign-in', 'terms', 'about', 'privacy', 'static', 'icons', 'www', 'socket.io',
]);

/** Whether an address's first segment names a region (/rochester/inbox) rather than a page of the app (/inbox). */
export function isRegionPathSegment(segment: string | undefined): segment is Region {
  return isRegionSlug(segment) && !RESERVED_REGION_SLUGS.has(segment);
}

export const TAGLINE = 'Ride together, Save together';

export const REGIONS = ['cornell', 'nj'] as const;
/** A region's slug: the regions are data (the server's regions tables, GET /api/regions). */
export type Region = string;
/** The two regions of the specification, whose lists the web app still carries (docs/decisions/regions-as-data.md). */
export type BuiltInRegion = (typeof REGIONS)[number];
export const DEFAULT_REGION: BuiltInRegion = 'cornell';
export const REGION_HEADER = 'x-region';

/** Whether a value has the shape of a region's slug (whether such a region exists is the server's to say). */
export function isRegionSlug(value: unknown): value is Region {
  return typeof value === 'string' && /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(value);
}

export function isRegion(value: unknown): value is BuiltInRegion {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

interface RegionWording {
  /** "at Cornell" / "in New Jersey", used in titles such as "Ride Requests at Cornell". */
  readonly where: string;
  readonly subtitle: string;
  readonly displayName: string;
}

export const REGION_WORDING: Record<BuiltInRegion, RegionWording> = {
  cornell: {
    where: 'at Cornell',
    subtitle: 'Intercity Carpool Platform for Your College Community',
    displayName: 'Cornell',
  },
  nj: {
    where: 'in New Jersey',
    subtitle: 'Intercity Carpool Platform for New Jersey',
    displayName: 'New Jersey',
  },
};

/** A region's display name; a region the list does not know is shown by its slug. */
export function regionName(region: Region): string {
  return isRegion(region) ? REGION_WORDING[region].displayName : region;
}

export const TAGLINE = 'Ride together, Save together';

/**
 * The region's brand colour, as the web theme has it (`--color-brand` in apps/web/src/index.css):
 * what the installed app's title bar and the e-mails' header show.
 */
export const REGION_BRAND_COLOUR: Record<BuiltInRegion, string> = {
  cornell: '#b31b1b',
  nj: '#1d5fd6',
};

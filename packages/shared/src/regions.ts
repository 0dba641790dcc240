export const REGIONS = ['cornell', 'nj'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'cornell';
export const REGION_HEADER = 'x-region';

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

interface RegionWording {
  /** "at Cornell" / "in New Jersey", used in titles such as "Ride Requests at Cornell". */
  readonly where: string;
  readonly subtitle: string;
  readonly displayName: string;
}

export const REGION_WORDING: Record<Region, RegionWording> = {
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

export const TAGLINE = 'Ride together, Save together';

/**
 * The region's brand colour, as the web theme has it (`--color-brand` in apps/web/src/index.css):
 * what the installed app's title bar and the e-mails' header show.
 */
export const REGION_BRAND_COLOUR: Record<Region, string> = {
  cornell: '#b31b1b',
  nj: '#1d5fd6',
};

import { z } from 'zod';
import { THEME_SCALE_STEPS } from '../colour.js';
import { RESERVED_REGION_SLUGS } from '../regions.js';
import { isValidTimeZone } from '../time-zones.js';

/** A region's slug: lowercase letters, digits and inner hyphens, at most 32 (a path segment of the web app). */
export const REGION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

const HexColour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour as #rrggbb');

/**
 * A region's colours: the light theme's primary (buttons and the header, under white text), the
 * dark theme's (text and accents on the dark background), and the scale of eleven shades the web
 * app's classes use, which the web app sets as CSS variables.
 */
const RegionThemeDto = z.object({
  light: HexColour,
  dark: HexColour,
  scale: z.object(Object.fromEntries(THEME_SCALE_STEPS.map((step) => [step, HexColour])) as Record<(typeof THEME_SCALE_STEPS)[number], typeof HexColour>),
});

const RegionStatusSchema = z.enum(['draft', 'live', 'archived']);

/** A region as every page needs it: GET /api/regions lists the live ones. */
const RegionSummaryDto = z.object({
  slug: z.string().regex(REGION_SLUG_PATTERN),
  name: z.string(),
  /** "at Cornell", "in New Jersey". */
  where: z.string(),
  subtitle: z.string(),
  theme: RegionThemeDto,
  /** IANA zone of the region's days. */
  timeZone: z.string(),
  map: z.object({ lat: z.number(), lng: z.number(), zoom: z.number().int() }),
  status: RegionStatusSchema,
});
export type RegionSummary = z.infer<typeof RegionSummaryDto>;

const RegionPlaceDto = z.object({
  slug: z.string(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type RegionPlace = z.infer<typeof RegionPlaceDto>;

const RegionCollegeDto = z.object({ slug: z.string(), name: z.string() });

/** GET /api/regions/{slug}: the summary with the region's places (in the order of its lists) and colleges. */
export const RegionDetailDto = RegionSummaryDto.extend({
  places: z.array(RegionPlaceDto),
  colleges: z.array(RegionCollegeDto),
});
export type RegionDetail = z.infer<typeof RegionDetailDto>;

export const RegionListDto = z.array(RegionSummaryDto);

export const RegionSlugParams = z.object({ slug: z.string() });


/** An e-mail domain as a region or college lists it: lowercase, at least one dot. */
const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain such as rochester.edu');

const RegionThemeInput = z.object({ light: HexColour, dark: HexColour });

/** POST /api/admin/regions: a new region, created as a draft. */
export const CreateRegionInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(REGION_SLUG_PATTERN, 'lowercase letters, digits and hyphens, at most 32')
    .refine((slug) => !RESERVED_REGION_SLUGS.has(slug), 'this is a page of the app: choose another slug'),
  name: z.string().trim().min(1).max(60),
  where: z.string().trim().min(1).max(60),
  subtitle: z.string().trim().min(1).max(120),
  theme: RegionThemeInput,
  timeZone: z.string().refine(isValidTimeZone, 'an IANA time zone such as America/New_York'),
  map: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), zoom: z.number().int().min(1).max(18) }),
  emailDomains: z.array(EmailDomain).max(50),
});
export type CreateRegionInput = z.infer<typeof CreateRegionInput>;

/** PATCH /api/admin/regions/{slug}: any of the fields, and the region's place in the picker. */
export const UpdateRegionInput = CreateRegionInput.omit({ slug: true })
  .partial()
  .extend({ position: z.number().int().min(0).max(1000).optional() });
export type UpdateRegionInput = z.infer<typeof UpdateRegionInput>;

/** PUT /api/admin/regions/{slug}/places: the region's places, replaced whole from a file's text. */
export const PlacesImportInput = z.object({
  /** `csv`: a header `slug,label,lat,lng` and a row per place; `geojson`: a FeatureCollection of Points with properties slug and label. */
  format: z.enum(['csv', 'geojson']),
  content: z.string().max(1_000_000),
});
export type PlacesImportInput = z.infer<typeof PlacesImportInput>;

const RegionCollegeInput = z.object({
  slug: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(60),
  emailDomains: z.array(EmailDomain).min(1).max(20),
});
/** PUT /api/admin/regions/{slug}/colleges: the region's colleges, replaced whole. */
export const RegionCollegesInput = z.object({ colleges: z.array(RegionCollegeInput).max(50) });
/** PUT /api/admin/regions/{slug}/moderators: who moderates the region, replaced whole. */
export const RegionModeratorsInput = z.object({ emails: z.array(z.email().trim().toLowerCase()).max(50) });

/** A region as the console shows it: everything, drafts too. */
export const AdminRegionDto = RegionDetailDto.extend({
  emailDomains: z.array(z.string()),
  colleges: z.array(RegionCollegeDto.extend({ emailDomains: z.array(z.string()) })),
  moderators: z.array(z.string()),
  position: z.number().int(),
  /** The theme's two WCAG contrast ratios: white on the light primary, the dark primary on the dark background. */
  contrast: z.object({ light: z.number(), dark: z.number() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminRegion = z.infer<typeof AdminRegionDto>;
export const AdminRegionListDto = z.array(AdminRegionDto);

/** What an import refused: every bad row, by its line in the file (or feature index), with why. */
export interface PlaceImportProblem {
  row: number;
  message: string;
}

import { CONTRAST_AA, themeContrast } from '@carpool/shared/colour';
import { CreateRegionInput, RegionCollegesInput, RegionModeratorsInput, type AdminRegion, type UpdateRegionInput } from '@carpool/shared/schemas/regions';
import { z } from 'zod';

/**
 * The console's region forms, on the shared schemas the server checks the same calls with: what a
 * form holds as text (a list of domains, a coordinate) becomes what the API takes, with the API's
 * own rules, so the form refuses before sending what the server would.
 */

/** Items of a list typed as text: split on commas, semicolons and white space. */
function itemsOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter((item) => item !== '');
}

/** A list typed as text, checked item by item by the API's schema; an error names the bad item. */
function listText<T>(list: z.ZodType<T[]>) {
  return z.string().transform((text, context): T[] => {
    const items = itemsOf(text);
    const parsed = list.safeParse(items);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const at = issue.path[0];
    context.addIssue({ code: 'custom', message: typeof at === 'number' ? `"${items[at]}": ${issue.message}` : issue.message });
    return z.NEVER;
  });
}

/** A number typed as text (an empty field is not 0), then the API's rule for it. */
function numberText(rule: z.ZodNumber) {
  return z
    .string()
    .trim()
    .refine((text) => text !== '' && Number.isFinite(Number(text)), 'Enter a number.')
    .transform(Number)
    .pipe(rule);
}

const mapShape = CreateRegionInput.shape.map.shape;

/**
 * The same two checks as the server's (CONTRAST_TOO_LOW): white text on the light primary, the
 * dark primary on the dark background, each at least WCAG AA.
 */
const CheckedTheme = CreateRegionInput.shape.theme.superRefine((theme, context) => {
  const contrast = themeContrast(theme);
  if (contrast.light < CONTRAST_AA) {
    context.addIssue({ code: 'custom', path: ['light'], message: `White text on it has a contrast of ${contrast.light.toFixed(2)}:1; WCAG AA asks for at least ${CONTRAST_AA}:1.` });
  }
  if (contrast.dark < CONTRAST_AA) {
    context.addIssue({ code: 'custom', path: ['dark'], message: `On the dark background it has a contrast of ${contrast.dark.toFixed(2)}:1; WCAG AA asks for at least ${CONTRAST_AA}:1.` });
  }
});

/** The region's own fields: created with all of them, edited later (the slug stays). */
export const RegionForm = CreateRegionInput.extend({
  theme: CheckedTheme,
  map: z.object({ lat: numberText(mapShape.lat), lng: numberText(mapShape.lng), zoom: numberText(mapShape.zoom) }),
  emailDomains: listText(CreateRegionInput.shape.emailDomains),
});
export type RegionFormValues = z.input<typeof RegionForm>;

/** A new region's form: a colour that passes, the zone of most of the app's campuses. */
export const NEW_REGION_VALUES: RegionFormValues = {
  slug: '',
  name: '',
  where: '',
  subtitle: '',
  theme: { light: '#1d4ed8', dark: '#93c5fd' },
  timeZone: 'America/New_York',
  map: { lat: '', lng: '', zoom: '12' },
  emailDomains: '',
};

export function regionFormValuesOf(region: AdminRegion): RegionFormValues {
  return {
    slug: region.slug,
    name: region.name,
    where: region.where,
    subtitle: region.subtitle,
    theme: { light: region.theme.light, dark: region.theme.dark },
    timeZone: region.timeZone,
    map: { lat: String(region.map.lat), lng: String(region.map.lng), zoom: String(region.map.zoom) },
    emailDomains: region.emailDomains.join(', '),
  };
}

/** The PATCH of an edit: only the fields that changed (the audit row names them), the slug never. */
export function regionChangesOf(values: CreateRegionInput, before: AdminRegion): UpdateRegionInput {
  const changes: UpdateRegionInput = {};
  if (values.name !== before.name) changes.name = values.name;
  if (values.where !== before.where) changes.where = values.where;
  if (values.subtitle !== before.subtitle) changes.subtitle = values.subtitle;
  if (values.theme.light !== before.theme.light || values.theme.dark !== before.theme.dark) changes.theme = values.theme;
  if (values.timeZone !== before.timeZone) changes.timeZone = values.timeZone;
  if (values.map.lat !== before.map.lat || values.map.lng !== before.map.lng || values.map.zoom !== before.map.zoom) changes.map = values.map;
  if (values.emailDomains.join(',') !== before.emailDomains.join(',')) changes.emailDomains = values.emailDomains;
  return changes;
}

const collegeShape = RegionCollegesInput.shape.colleges.element.shape;

/** The region's colleges, a row each; the domains typed as text. */
export const CollegesForm = z.object({
  colleges: z
    .array(z.object({ slug: collegeShape.slug, name: collegeShape.name, emailDomains: listText(collegeShape.emailDomains) }))
    .max(50)
    .superRefine((colleges, context) => {
      colleges.forEach((college, index) => {
        if (colleges.findIndex((other) => other.slug === college.slug) < index) {
          context.addIssue({ code: 'custom', path: [index, 'slug'], message: `College ${college.slug} is listed twice.` });
        }
      });
    }),
});
export type CollegesFormValues = z.input<typeof CollegesForm>;

export function collegesFormValuesOf(region: AdminRegion): CollegesFormValues {
  return { colleges: region.colleges.map((college) => ({ slug: college.slug, name: college.name, emailDomains: college.emailDomains.join(', ') })) };
}

/** The region's moderators: e-mail addresses typed as text. */
export const ModeratorsForm = z.object({ emails: listText(RegionModeratorsInput.shape.emails) });

/** The reason an archive is recorded with in the audit log. */
export const ArchiveForm = z.object({ reason: z.string().trim().min(1).max(500) });

import { CONTRAST_AA, themeContrast, themeScaleOf } from '@carpool/shared/colour';
import type {
  AdminRegion,
  CreateRegionInput,
  PlacesImportInput,
  RegionCollegesInput,
  RegionModeratorsInput,
  UpdateRegionInput,
} from '@carpool/shared/schemas/regions';
import type { AuditAction } from '@carpool/shared/schemas/trust';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.service.js';
import { readPlaces } from './place-import.js';
import {
  findCollegesOfOtherRegions,
  findPlaceSlugs,
  insertRegion,
  lockRegion,
  replaceColleges,
  replaceModerators,
  replacePlaces,
  updateRegionRow,
  type RegionRow,
} from './regions.repository.js';
import type { RegionDirectory } from './regions.service.js';

export interface RegionsAdminDeps {
  db: Db;
  clock: Clock;
  regions: RegionDirectory;
}

/** The theme as stored: the two primaries checked against WCAG AA, and the shades derived from the light one. */
function checkedTheme(theme: { light: string; dark: string }): RegionRow['theme'] {
  const contrast = themeContrast(theme);
  const failing = [
    contrast.light < CONTRAST_AA ? `white text on ${theme.light} has a contrast of ${contrast.light.toFixed(2)}:1` : null,
    contrast.dark < CONTRAST_AA ? `${theme.dark} on the dark background has a contrast of ${contrast.dark.toFixed(2)}:1` : null,
  ].filter((problem) => problem !== null);
  if (failing.length > 0) {
    throw new AppError('CONTRAST_TOO_LOW', `The colours are hard to read: ${failing.join('; ')}. WCAG AA asks for at least ${CONTRAST_AA}:1.`, {
      contrast: { light: Number(contrast.light.toFixed(2)), dark: Number(contrast.dark.toFixed(2)) },
      minimum: CONTRAST_AA,
    });
  }
  // The dark theme's text shades are the dark primary (300) and its neighbour (400, a little stronger).
  return { light: theme.light, dark: theme.dark, scale: { ...themeScaleOf(theme.light), '300': theme.dark } };
}

/** Runs a change of one region with its audit row in one transaction, then answers the region as every process will now serve it. */
async function changeRegion(
  deps: RegionsAdminDeps,
  actorId: string,
  slug: string,
  action: AuditAction,
  change: (tx: Queryable, row: RegionRow) => Promise<void>,
  reason = '',
): Promise<AdminRegion> {
  await deps.db.transaction(async (tx) => {
    const row = await lockRegion(tx, slug);
    if (!row) throw notFound('Region');
    await change(tx, row);
    await recordAudit(tx, { actorId, action, targetType: 'region', targetId: slug, reason, at: deps.clock.now() });
  });
  return answer(deps, slug);
}

async function answer(deps: RegionsAdminDeps, slug: string): Promise<AdminRegion> {
  await deps.regions.reload();
  const entry = deps.regions.find(slug);
  if (!entry) throw notFound('Region');
  return entry.admin;
}

export function listRegionsForAdmin(deps: RegionsAdminDeps): AdminRegion[] {
  return [...deps.regions.snapshot().bySlug.values()].map((entry) => entry.admin);
}

export function getRegionForAdmin(deps: RegionsAdminDeps, slug: string): AdminRegion {
  const entry = deps.regions.find(slug);
  if (!entry) throw notFound('Region');
  return entry.admin;
}

export async function createRegion(deps: RegionsAdminDeps, actorId: string, input: CreateRegionInput): Promise<AdminRegion> {
  const theme = checkedTheme(input.theme);
  await deps.db.transaction(async (tx) => {
    const created = await insertRegion(tx, {
      slug: input.slug,
      name: input.name,
      wherePhrase: input.where,
      subtitle: input.subtitle,
      theme,
      timeZone: input.timeZone,
      mapLat: input.map.lat,
      mapLng: input.map.lng,
      mapZoom: input.map.zoom,
      emailDomains: [...new Set(input.emailDomains)],
      status: 'draft',
      position: deps.regions.snapshot().bySlug.size,
    });
    if (!created) throw new AppError('CONFLICT', `A region "${input.slug}" exists already`);
    await recordAudit(tx, { actorId, action: 'region_created', targetType: 'region', targetId: input.slug, at: deps.clock.now() });
  });
  return answer(deps, input.slug);
}

export async function updateRegion(deps: RegionsAdminDeps, actorId: string, slug: string, input: UpdateRegionInput): Promise<AdminRegion> {
  const theme = input.theme ? checkedTheme(input.theme) : undefined;
  const changed = Object.keys(input).sort().join(', ');
  return changeRegion(
    deps,
    actorId,
    slug,
    'region_updated',
    async (tx) => {
      await updateRegionRow(tx, slug, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.where !== undefined ? { wherePhrase: input.where } : {}),
        ...(input.subtitle !== undefined ? { subtitle: input.subtitle } : {}),
        ...(theme ? { theme } : {}),
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
        ...(input.map ? { mapLat: input.map.lat, mapLng: input.map.lng, mapZoom: input.map.zoom } : {}),
        ...(input.emailDomains ? { emailDomains: [...new Set(input.emailDomains)] } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
      });
    },
    changed,
  );
}

/**
 * Replaces a region's places from a file: refused whole, naming every bad row, when any is bad. A
 * draft's places may change freely; a published region's rides and requests may name any of its
 * places, so its new file must keep every slug it had (labels and points may change, places may be added).
 */
export async function importRegionPlaces(deps: RegionsAdminDeps, actorId: string, slug: string, input: PlacesImportInput): Promise<AdminRegion> {
  const read = readPlaces(input);
  if (!read.ok) {
    throw new AppError('PLACES_INVALID', `The file has ${read.problems.length} bad row${read.problems.length === 1 ? '' : 's'}; nothing was imported`, {
      problems: read.problems,
    });
  }
  return changeRegion(
    deps,
    actorId,
    slug,
    'region_places_imported',
    async (tx, row) => {
      if (row.status !== 'draft') {
        const kept = new Set(read.places.map((place) => place.slug));
        const dropped = (await findPlaceSlugs(tx, slug)).filter((place) => !kept.has(place));
        if (dropped.length > 0) {
          throw new AppError('PLACE_IN_USE', `A published region keeps its places: the file lacks ${dropped.join(', ')}`, { places: dropped });
        }
      }
      await replacePlaces(tx, slug, read.places);
    },
    `${read.places.length} places`,
  );
}

export async function setRegionColleges(deps: RegionsAdminDeps, actorId: string, slug: string, input: z.infer<typeof RegionCollegesInput>): Promise<AdminRegion> {
  const slugs = input.colleges.map((college) => college.slug);
  const repeated = slugs.filter((college, index) => slugs.indexOf(college) !== index);
  if (repeated.length > 0) throw new AppError('VALIDATION_FAILED', `College ${repeated[0]} is listed twice`);
  return changeRegion(deps, actorId, slug, 'region_colleges_set', async (tx) => {
    const taken = await findCollegesOfOtherRegions(tx, slug, slugs);
    if (taken.length > 0) throw new AppError('CONFLICT', `Another region has the college ${taken.join(', ')}: a college slug is the app's, across regions`);
    await replaceColleges(
      tx,
      slug,
      input.colleges.map((college) => ({ slug: college.slug, name: college.name, emailDomains: [...new Set(college.emailDomains)] })),
    );
  });
}

export async function setRegionModerators(deps: RegionsAdminDeps, actorId: string, slug: string, input: z.infer<typeof RegionModeratorsInput>): Promise<AdminRegion> {
  return changeRegion(deps, actorId, slug, 'region_moderators_set', (tx) => replaceModerators(tx, slug, [...new Set(input.emails)]));
}

/** Opens a draft to everyone: it needs its places first. */
export async function publishRegion(deps: RegionsAdminDeps, actorId: string, slug: string): Promise<AdminRegion> {
  return changeRegion(deps, actorId, slug, 'region_published', async (tx, row) => {
    if (row.status === 'live') return;
    if ((await findPlaceSlugs(tx, slug)).length < 2) throw new AppError('INVALID_TRANSITION', 'Import the region\'s places before publishing it');
    await updateRegionRow(tx, slug, { status: 'live' });
  });
}

/** Closes a region to new rides and requests; what its people have stays readable and exportable. */
export async function archiveRegion(deps: RegionsAdminDeps, actorId: string, slug: string, reason: string): Promise<AdminRegion> {
  return changeRegion(
    deps,
    actorId,
    slug,
    'region_archived',
    async (tx, row) => {
      if (row.status === 'draft') throw new AppError('INVALID_TRANSITION', 'A draft is not published: there is nothing to archive');
      await updateRegionRow(tx, slug, { status: 'archived' });
    },
    reason,
  );
}

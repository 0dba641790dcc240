import { createHash } from 'node:crypto';
import { themeContrast } from '@carpool/shared/colour';
import { PlaceIndex } from '@carpool/shared/place-index';
import type { AdminRegion, RegionDetail, RegionSummary } from '@carpool/shared/schemas/regions';
import type { RegionTables } from './regions.repository.js';

/** One region as every process holds it: its answers built once per change, not per request. */
export interface RegionEntry {
  readonly summary: RegionSummary;
  readonly detail: RegionDetail;
  /** Strong validator of the detail's JSON, for If-None-Match. */
  readonly detailEtag: string;
  /** The region's places, for checks, labels and distances. */
  readonly places: PlaceIndex;
  /** Allowed sign-in domains (a subdomain of one is allowed too). */
  readonly emailDomains: readonly string[];
  readonly moderators: readonly string[];
  /** Everything, as the console shows it. */
  readonly admin: AdminRegion;
}

/** Every region, from one read of the tables; replaced whole when they change (never edited in place). */
export interface RegionSnapshot {
  /** By slug, in the picker's order. */
  readonly bySlug: ReadonlyMap<string, RegionEntry>;
  /** The live regions' summaries, as GET /api/regions answers. */
  readonly live: RegionSummary[];
  readonly liveEtag: string;
  /** The live and archived regions' summaries, in the picker's order (GET /api/regions?include=archived). */
  readonly servedSummaries: RegionSummary[];
  readonly servedEtag: string;
  /** Live and archived slugs, in the picker's order. */
  readonly served: readonly string[];
  /** Every college of every region by slug, in the regions' order and then the colleges': the first whose domains match an address is its college. */
  readonly colleges: ReadonlyMap<string, { region: string; name: string; emailDomains: readonly string[] }>;
  /** The regions each moderator's address moderates (region_moderators), in the picker's order: the console's check reads it, not the database. */
  readonly moderatedBy: ReadonlyMap<string, readonly string[]>;
}

const etagOf = (value: unknown) => `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

/** Builds the in-memory view of the region tables: answers and lookups, computed once. */
export function buildRegionSnapshot(tables: RegionTables): RegionSnapshot {
  const bySlug = new Map<string, RegionEntry>();
  const servedRegions = new Set(tables.regions.filter((row) => row.status !== 'draft').map((row) => row.slug));
  for (const row of tables.regions) {
    const summary: RegionSummary = {
      slug: row.slug,
      name: row.name,
      where: row.wherePhrase,
      subtitle: row.subtitle,
      theme: row.theme,
      timeZone: row.timeZone,
      map: { lat: row.mapLat, lng: row.mapLng, zoom: row.mapZoom },
      status: row.status,
    };
    const places = tables.places
      .filter((place) => place.region === row.slug)
      .map((place) => ({ slug: place.slug, label: place.label, lat: place.lat, lng: place.lng }));
    const collegeRows = tables.colleges.filter((college) => college.region === row.slug);
    // A region without colleges of its own (nj) offers the served regions' colleges in its search
    // filter, as the specification's four show in both of its regions.
    const colleges = (collegeRows.length > 0 ? collegeRows : tables.colleges.filter((college) => servedRegions.has(college.region))).map(
      (college) => ({ slug: college.slug, name: college.name }),
    );
    const detail: RegionDetail = { ...summary, places, colleges };
    const moderators = tables.moderators.filter((moderator) => moderator.region === row.slug).map((moderator) => moderator.email);
    bySlug.set(row.slug, {
      summary,
      detail,
      detailEtag: etagOf(detail),
      places: new PlaceIndex(places),
      emailDomains: row.emailDomains,
      moderators,
      admin: {
        ...detail,
        emailDomains: row.emailDomains,
        colleges: collegeRows.map((college) => ({ slug: college.slug, name: college.name, emailDomains: college.emailDomains })),
        moderators,
        position: row.position,
        contrast: themeContrast(row.theme),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    });
  }
  const live = [...bySlug.values()].filter((entry) => entry.summary.status === 'live').map((entry) => entry.summary);
  const served = [...bySlug.values()].filter((entry) => entry.summary.status !== 'draft').map((entry) => entry.summary.slug);
  const colleges = new Map<string, { region: string; name: string; emailDomains: readonly string[] }>();
  for (const region of bySlug.keys()) {
    for (const college of tables.colleges) {
      if (college.region === region) colleges.set(college.slug, { region, name: college.name, emailDomains: college.emailDomains });
    }
  }
  const moderatedBy = new Map<string, string[]>();
  for (const [region, entry] of bySlug) {
    for (const email of entry.moderators) moderatedBy.set(email, [...(moderatedBy.get(email) ?? []), region]);
  }
  const servedSummaries = served.map((slug) => bySlug.get(slug)!.summary);
  return { bySlug, live, liveEtag: etagOf(live), servedSummaries, servedEtag: etagOf(servedSummaries), served, colleges, moderatedBy };
}

import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { regionColleges, regionModerators, regionPlaces, regions } from '../../db/schema.js';

export type RegionRow = typeof regions.$inferSelect;
export type RegionPlaceRow = typeof regionPlaces.$inferSelect;
export type RegionCollegeRow = typeof regionColleges.$inferSelect;
type RegionModeratorRow = typeof regionModerators.$inferSelect;

export interface RegionTables {
  regions: RegionRow[];
  places: RegionPlaceRow[];
  colleges: RegionCollegeRow[];
  moderators: RegionModeratorRow[];
}

/** Every region with its places, colleges and moderators: small tables, read whole into memory. */
export async function loadRegionTables(db: Queryable): Promise<RegionTables> {
  const [regionRows, places, colleges, moderators] = await Promise.all([
    db.select().from(regions).orderBy(asc(regions.position), asc(regions.slug)),
    db.select().from(regionPlaces).orderBy(asc(regionPlaces.region), asc(regionPlaces.position)),
    db.select().from(regionColleges).orderBy(asc(regionColleges.region), asc(regionColleges.position)),
    db.select().from(regionModerators).orderBy(asc(regionModerators.region), asc(regionModerators.email)),
  ]);
  return { regions: regionRows, places, colleges, moderators };
}

export async function insertRegion(db: Queryable, row: typeof regions.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(regions).values(row).onConflictDoNothing().returning({ slug: regions.slug });
  return inserted.length > 0;
}

/** Changes a region's own fields; false when there is no such region. */
export async function updateRegionRow(db: Queryable, slug: string, changes: Partial<typeof regions.$inferInsert>): Promise<boolean> {
  const updated = await db
    .update(regions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(regions.slug, slug))
    .returning({ slug: regions.slug });
  return updated.length > 0;
}

/** The region's row, locked until the transaction ends (two administrators editing one region take turns). */
export async function lockRegion(db: Queryable, slug: string): Promise<RegionRow | undefined> {
  const [row] = await db.select().from(regions).where(eq(regions.slug, slug)).for('update');
  return row;
}

export async function findPlaceSlugs(db: Queryable, region: string): Promise<string[]> {
  const rows = await db.select({ slug: regionPlaces.slug }).from(regionPlaces).where(eq(regionPlaces.region, region));
  return rows.map((row) => row.slug);
}

export async function replacePlaces(db: Queryable, region: string, places: readonly Omit<RegionPlaceRow, 'region' | 'position'>[]): Promise<void> {
  await db.delete(regionPlaces).where(eq(regionPlaces.region, region));
  if (places.length > 0) await db.insert(regionPlaces).values(places.map((place, position) => ({ ...place, region, position })));
}

/** Colleges whose slug another region holds (a slug is the app's, across regions). */
export async function findCollegesOfOtherRegions(db: Queryable, region: string, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: regionColleges.slug })
    .from(regionColleges)
    .where(and(inArray(regionColleges.slug, [...slugs]), ne(regionColleges.region, region)));
  return rows.map((row) => row.slug);
}

export async function replaceColleges(db: Queryable, region: string, colleges: readonly Omit<RegionCollegeRow, 'region' | 'position'>[]): Promise<void> {
  await db.delete(regionColleges).where(eq(regionColleges.region, region));
  if (colleges.length > 0) await db.insert(regionColleges).values(colleges.map((college, position) => ({ ...college, region, position })));
}

export async function replaceModerators(db: Queryable, region: string, emails: readonly string[]): Promise<void> {
  await db.delete(regionModerators).where(eq(regionModerators.region, region));
  if (emails.length > 0) await db.insert(regionModerators).values(emails.map((email) => ({ region, email })));
}

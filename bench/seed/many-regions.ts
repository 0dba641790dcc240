import type { SeedClient } from './seed-data.js';

/** The first of the regions seedManyRegions adds: it gets a copy of cornell's rides to search. */
export const SEARCHED_REGION = 'bench-01';

/**
 * Issue 33's "50 live regions of 200 places each, search in one of them": live regions bench-01 ..
 * bench-NN, each with cornell's places and synthetic ones up to `placesEach`, and cornell's rides
 * copied into bench-01 (their segments written by the rides trigger, migration 0018). The app hears
 * the new regions by NOTIFY (migration 0019) and holds all of them in memory. Set-based SQL, a
 * statement per table.
 */
export async function seedManyRegions(pool: SeedClient, options: { count: number; placesEach: number }): Promise<{ copiedRides: number }> {
  const { count, placesEach } = options;
  await pool.query(
    `insert into regions (slug, name, where_phrase, subtitle, theme, time_zone, map_lat, map_lng, map_zoom, email_domains, status, position)
     select 'bench-' || lpad(i::text, 2, '0'), 'Bench ' || i, 'at Bench ' || i, 'A region of the benchmark',
            (select theme from regions where slug = 'cornell'), 'America/New_York', 42, -76, 6, array['bench' || i || '.edu'], 'live', 10 + i
       from generate_series(1, $1::int) as i`,
    [count],
  );
  await pool.query(
    `insert into region_places (region, slug, label, lat, lng, position)
     select r.slug, p.slug, p.label, p.lat, p.lng, p.position
       from regions r cross join region_places p
      where r.slug like 'bench-%' and p.region = 'cornell'`,
  );
  await pool.query(
    `insert into region_places (region, slug, label, lat, lng, position)
     select r.slug, 'place_' || k, 'Place ' || k, 40 + (k % 40) * 0.1, -80 + (k / 40) * 0.5, 100 + k
       from regions r cross join generate_series(1, greatest(0, $1::int - (select count(*)::int from region_places where region = 'cornell'))) as k
      where r.slug like 'bench-%'`,
    [placesEach],
  );
  // Every column a ride is written with (generated ones are computed), but its id and series.
  const { rows: columns } = await pool.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_name = 'rides' and is_generated = 'NEVER' and column_name not in ('id', 'region', 'series_id', 'series_day')
      order by ordinal_position`,
  );
  const list = columns.map((column) => `"${column.name}"`).join(', ');
  const { rows } = await pool.query<{ copied: number }>(
    `with copied as (insert into rides (region, ${list}) select $1::text, ${list} from rides where region = 'cornell' returning 1)
     select count(*)::int as copied from copied`,
    [SEARCHED_REGION],
  );
  await pool.query('vacuum analyze rides, ride_segments, regions, region_places');
  return { copiedRides: rows[0]?.copied ?? 0 };
}

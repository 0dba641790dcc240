import { estimatedTravelMinutes } from '@carpool/shared/distance';
import { PLACES } from '@carpool/shared/fixtures/spec-places';
import type { SpecRegion } from '@carpool/shared/fixtures/spec-places';
import { RIDE_STOP_WITHIN_HOURS } from '@carpool/shared/schemas/rides';
import type pg from 'pg';
import { SIZES } from '../lib/scale.js';
import { STOP_RIDE_SHARE, SEEDED_STOPS_MAX, stopCandidates } from '../seed/ride-stops.js';
import { arrayLiteral, BENCH_TIME_ZONE, insertColumns, type StopRide } from '../seed/seed-data.js';

/**
 * The growth benchmark's rides, written by set-based SQL: one `insert ... select ... from
 * generate_series(...)` per batch, every draw made by PostgreSQL's random() after setseed, so that
 * a million rides take a minute or two and every run writes the same ones. The shape is the
 * default seed's (seed-data.ts): both regions in turn, places with the same Zipf-like skew, departures
 * over SIZES.days (a few past, 5 % cancelled), and about a third of the rides with 1 to 3 of the
 * places on their way as stops, left at the shared distance estimate's times. The rides carry no
 * bookings (every leg free): the growth run measures the search only.
 */

/** Draws of a place: this many slots per region, each holding a place as often as its Zipf weight says. */
const SLOTS = 1_000;
const GROWTH_SEED = 0.32;
/** Rides per statement: each is its own transaction, and the bench logs between them. */
const BATCH = 100_000;
/** Minutes left before the stop window's end for the minute added between stops drawn at the same time. */
const STOP_MARGIN_MINUTES = SEEDED_STOPS_MAX;

function zipfSlots(region: SpecRegion): string[] {
  const places = PLACES[region];
  const weights = places.map((_, index) => 1 / (index + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const slots: string[] = [];
  let cumulative = 0;
  let place = 0;
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const draw = ((slot + 0.5) / SLOTS) * total;
    while (place < places.length - 1 && cumulative + weights[place]! < draw) cumulative += weights[place++]!;
    slots.push(places[place]!.value);
  }
  return slots;
}

/** The destination when the draw repeats the departure place: the region's first place, or its second. */
const fallbackOf = (region: SpecRegion, from: string) => (PLACES[region][0]!.value === from ? PLACES[region][1]!.value : PLACES[region][0]!.value);

/** Every pair of a region's places with places on the way reached within the stop window: the table the SQL draws stops from. */
function routeStops(region: SpecRegion) {
  const rows: { from: string; to: string; places: string[]; minutes: number[] }[] = [];
  const latest = RIDE_STOP_WITHIN_HOURS * 60 - STOP_MARGIN_MINUTES;
  for (const { value: from } of PLACES[region]) {
    for (const { value: to } of PLACES[region]) {
      if (from === to) continue;
      const reached = stopCandidates(region, from, to)
        .map(({ place, miles }) => ({ place, minutes: Math.max(1, estimatedTravelMinutes(miles)) }))
        .filter(({ minutes }) => minutes < latest);
      if (reached.length > 0) rows.push({ from, to, places: reached.map((stop) => stop.place), minutes: reached.map((stop) => stop.minutes) });
    }
  }
  return rows;
}

/** The share of drawn routes that have a place on the way (after the fallback for a repeated place), both regions alike. */
function shareWithStops(slots: Record<SpecRegion, string[]>, pairs: Set<string>): number {
  let share = 0;
  for (const region of ['cornell', 'nj'] as const) {
    const counts = new Map<string, number>();
    for (const place of slots[region]) counts.set(place, (counts.get(place) ?? 0) + 1);
    let hits = 0;
    for (const [from, fromCount] of counts) {
      for (const [to, toCount] of counts) {
        const destination = to === from ? fallbackOf(region, from) : to;
        if (pairs.has(`${region}:${from}:${destination}`)) hits += fromCount * toCount;
      }
    }
    share += hits / (SLOTS * SLOTS) / 2;
  }
  return share;
}

export interface GrowthSeeder {
  /** Adds rides numbered from the current count up to `total` (1-based numbers make the ids). */
  growTo(total: number, log: (message: string) => void): Promise<void>;
}

/** Writes the stop table and returns the seeder; `client` is one connection, so that setseed holds for every statement. */
export async function prepareGrowthRides(client: pg.ClientBase, driverIds: readonly string[], now: Date): Promise<GrowthSeeder> {
  const slots = { cornell: zipfSlots('cornell'), nj: zipfSlots('nj') };
  const stopRows = (['cornell', 'nj'] as const).flatMap((region) => routeStops(region).map((row) => ({ region, ...row })));
  await client.query(`create table bench_route_stops (region text, from_place text, to_place text, places text[], minutes int[], primary key (region, from_place, to_place))`);
  await insertColumns(client, 'bench_route_stops', {
    region: { type: 'text', values: stopRows.map((row) => row.region) },
    from_place: { type: 'text', values: stopRows.map((row) => row.from) },
    to_place: { type: 'text', values: stopRows.map((row) => row.to) },
    places: { type: 'text', values: stopRows.map((row) => arrayLiteral(row.places)), cast: 'text[]' },
    minutes: { type: 'text', values: stopRows.map((row) => arrayLiteral(row.minutes)), cast: 'int[]' },
  });
  await client.query('analyze bench_route_stops');
  const chance = Math.min(1, STOP_RIDE_SHARE / shareWithStops(slots, new Set(stopRows.map((row) => `${row.region}:${row.from}:${row.to}`))));
  await client.query('select setseed($1)', [GROWTH_SEED]);
  const fallback = (region: SpecRegion) => PLACES[region].map((place) => fallbackOf(region, place.value));
  const regionPlaces = (region: SpecRegion) => PLACES[region].map((place) => place.value);
  let count = 0;
  return {
    async growTo(total, log) {
      while (count < total) {
        const end = Math.min(total, count + BATCH);
        const started = performance.now();
        await client.query(GROWTH_INSERT, [
          count + 1,
          end,
          now.toISOString(),
          slots.cornell,
          slots.nj,
          driverIds,
          chance,
          SEEDED_STOPS_MAX,
          SIZES.days,
          BENCH_TIME_ZONE,
          regionPlaces('cornell'),
          fallback('cornell'),
          regionPlaces('nj'),
          fallback('nj'),
        ]);
        count = end;
        log(`growth: ${count} rides (${((performance.now() - started) / 1000).toFixed(1)} s for the batch)`);
      }
    },
  };
}

/**
 * $1, $2: the ride numbers; $3 now; $4, $5 the place slots of cornell and nj; $6 the drivers; $7
 * the chance that a route with places on the way gets stops; $8 the most stops; $9 the days;
 * $10 the time zone; $11..$14 each region's places and the destination used when the draw repeats
 * the departure place. The innermost select draws in a fixed order (a subquery with volatile
 * functions is not flattened, so each draw happens once per row).
 */
const GROWTH_INSERT = `
insert into rides (id, region, driver_id, from_place, to_place, departs_at, stop_places, stop_times, timezone, price_cents,
                   total_seats, total_suitcases, leg_seats, leg_suitcases, status, created_at)
select r.id, r.region, r.driver_id, r.from_place, r.to_place, r.departs_at,
       coalesce(s.places, '{}'), coalesce(s.times, '{}'), $10, r.price_cents, r.seats, r.suitcases,
       array_fill(r.seats, array[coalesce(cardinality(s.places), 0) + 1]), array_fill(r.suitcases, array[coalesce(cardinality(s.places), 0) + 1]),
       case when r.departs_at <= $3::timestamptz then 'completed' when r.cancel_draw < 0.05 then 'cancelled' else 'active' end,
       r.created_at
  from (
    select d.*,
           case when d.drawn_to <> d.from_place then d.drawn_to
                when d.region = 'cornell' then ($12::text[])[array_position($11::text[], d.from_place)]
                else ($14::text[])[array_position($13::text[], d.from_place)] end as to_place
      from (
        select md5('growth-ride-' || i)::uuid as id,
               case when i % 2 = 1 then 'cornell' else 'nj' end as region,
               (case when i % 2 = 1 then $4::text[] else $5::text[] end)[1 + floor(random() * ${SLOTS})::int] as from_place,
               (case when i % 2 = 1 then $4::text[] else $5::text[] end)[1 + floor(random() * ${SLOTS})::int] as drawn_to,
               (1 + floor(random() * 6))::smallint as seats,
               floor(random() * 5)::smallint as suitcases,
               $3::timestamptz + (random() * ($9 + 2) - 2) * interval '1 day' as departs_at,
               ($6::uuid[])[1 + floor(random() * cardinality($6::uuid[]))::int] as driver_id,
               1000 + floor(random() * 50)::int * 100 as price_cents,
               random() as cancel_draw,
               $3::timestamptz - random() * interval '14 days' as created_at,
               random() as stop_draw,
               1 + floor(random() * $8)::int as stop_count
          from generate_series($1::int, $2::int) i
      ) d
  ) r
  left join lateral (
    select array_agg(chosen.place order by chosen.ord) as places,
           array_agg(r.departs_at + (chosen.minutes + chosen.rank - 1) * interval '1 minute' order by chosen.ord) as times
      from (
        select picked.*, row_number() over (order by picked.ord) as rank
          from (
            select stop.place, stop.minutes, stop.ord
              from bench_route_stops rs, unnest(rs.places, rs.minutes) with ordinality as stop(place, minutes, ord)
             where r.stop_draw < $7 and rs.region = r.region and rs.from_place = r.from_place and rs.to_place = r.to_place
             order by random()
             limit r.stop_count
          ) picked
      ) chosen
  ) s on true`;

/**
 * Up to `count` upcoming active rides with stops, spread over the table in a fixed order: what the
 * growth run's searches are drawn from.
 */
export async function sampleStopRides(client: pg.ClientBase, count: number): Promise<StopRide[]> {
  const { rows } = await client.query<{ region: SpecRegion; route: string[]; leaves: Date[] }>(
    `select region, route, array[departs_at] || stop_times as leaves
       from (select region, route, departs_at, stop_times, row_number() over (order by id) as n, count(*) over () as total
               from rides where cardinality(stop_places) > 0 and status = 'active' and departs_at > now() + interval '1 hour') upcoming
      where n % greatest(1, total / $1) = 0
      order by n
      limit $1`,
    [count],
  );
  return rows.map((row) => ({ region: row.region, route: row.route, leaves: row.leaves.map((at) => new Date(at).getTime()) }));
}

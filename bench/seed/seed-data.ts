import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { College } from '@carpool/shared/colleges';
import { COLLEGES } from '@carpool/shared/fixtures/spec-regions';
import { PLACES } from '@carpool/shared/fixtures/spec-places';
import type { SpecRegion } from '@carpool/shared/fixtures/spec-places';
import { SIZES } from '../lib/scale.js';
import { pick, seededRandom } from '../lib/stats.js';
import { drawStops, STOP_RIDE_SHARE, stopCandidates, type SeededStops } from './ride-stops.js';

const BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const BENCH_TIME_ZONE = 'America/New_York';
export const REGIONS: readonly SpecRegion[] = ['cornell', 'nj'];

const COLLEGE_DOMAINS: Record<College, string> = {
  cornell: 'cornell.edu',
  ithaca: 'ithaca.edu',
  binghamton: 'binghamton.edu',
  syracuse: 'syr.edu',
};

export interface SignedInUser {
  id: string;
  token: string;
  college: College;
}

export interface SeededData {
  userIds: string[];
  /** Users with a session, in seeding order; none of them drives a seeded ride. */
  signedIn: SignedInUser[];
  /** Users that drive the seeded rides (and the rides the booking and chat benchmarks add). */
  driverIds: string[];
  seededAt: Date;
  /** The upcoming active rides that carry stops: what the search with stops asks for. */
  stopRides: StopRide[];
}

/** A seeded ride with stops: its region, its route and when it leaves each place of it (ms; the destination's is unknown). */
export interface StopRide {
  region: SpecRegion;
  route: string[];
  leaves: number[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Places drawn with a Zipf-like skew, as real traffic concentrates on a few routes (Ithaca to
 * New York City far more than Buffalo to Baltimore).
 */
export function skewedPlace(random: () => number, region: SpecRegion): string {
  const places = PLACES[region];
  const weights = places.map((_, index) => 1 / (index + 1));
  let draw = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < places.length; index += 1) {
    draw -= weights[index]!;
    if (draw <= 0) return places[index]!.value;
  }
  return places[places.length - 1]!.value;
}

export function distinctPlaces(random: () => number, region: SpecRegion): [string, string] {
  const from = skewedPlace(random, region);
  let to = skewedPlace(random, region);
  for (let attempt = 0; to === from && attempt < 20; attempt += 1) to = skewedPlace(random, region);
  if (to === from) to = PLACES[region].find((place) => place.value !== from)!.value;
  return [from, to];
}

/** What seeding needs of a database: a pg.Pool or client, or PGlite (tools/measure-search.ts on the embedded database). */
export interface SeedClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * A column of values for `insertColumns`: `type` is the element type sent as one array parameter;
 * `cast`, when given, converts each element on the way in (an array column is sent as the text of
 * each row's array literal, since unnest would flatten an array of arrays).
 */
export interface ColumnValues {
  type: string;
  values: unknown[];
  cast?: string;
}

/** Inserts columns of values with one `insert ... select * from unnest(...)` per batch: one round trip per 5,000 rows. */
export async function insertColumns(client: SeedClient, table: string, columns: Record<string, ColumnValues>): Promise<void> {
  const names = Object.keys(columns);
  const total = columns[names[0]!]!.values.length;
  const unnest = names.map((name, index) => `$${index + 1}::${columns[name]!.type}[]`).join(', ');
  const quoted = names.map((name) => `"${name}"`);
  const selected = names.map((name, index) => (columns[name]!.cast ? `${quoted[index]}::${columns[name]!.cast}` : quoted[index]!));
  const text = `insert into ${table} (${quoted.join(', ')}) select ${selected.join(', ')} from unnest(${unnest}) as u(${quoted.join(', ')})`;
  for (let start = 0; start < total; start += BATCH) {
    await client.query(text, names.map((name) => columns[name]!.values.slice(start, start + BATCH)));
  }
}

/** The text of a PostgreSQL array literal, each element quoted (place slugs, ISO instants, numbers). */
export const arrayLiteral = (values: readonly (string | number)[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

async function seedUsers(pool: SeedClient, random: () => number, now: Date) {
  const ids: string[] = [];
  const colleges: College[] = [];
  const emails: string[] = [];
  const names: string[] = [];
  const subjects: string[] = [];
  for (let index = 0; index < SIZES.users; index += 1) {
    const college = pick(random, COLLEGES);
    ids.push(randomUUID());
    colleges.push(college);
    emails.push(`bench-user-${index}@${COLLEGE_DOMAINS[college]}`);
    names.push(`Bench User ${index}`);
    subjects.push(`bench-${index}`);
  }
  await insertColumns(pool, 'users', {
    id: { type: 'uuid', values: ids },
    issuer: { type: 'text', values: ids.map(() => 'bench') },
    subject: { type: 'text', values: subjects },
    email: { type: 'text', values: emails },
    name: { type: 'text', values: names },
    college: { type: 'text', values: colleges },
    created_at: { type: 'timestamptz', values: ids.map(() => now.toISOString()) },
  });
  return { ids, colleges };
}

async function seedSessions(pool: SeedClient, users: { ids: string[]; colleges: College[] }, now: Date): Promise<SignedInUser[]> {
  const signedIn: SignedInUser[] = users.ids.slice(0, SIZES.signedInUsers).map((id, index) => ({
    id,
    token: randomBytes(24).toString('base64url'),
    college: users.colleges[index]!,
  }));
  const expires = new Date(now.getTime() + 30 * DAY_MS).toISOString();
  await insertColumns(pool, 'sessions', {
    id: { type: 'uuid', values: signedIn.map(() => randomUUID()) },
    user_id: { type: 'uuid', values: signedIn.map((user) => user.id) },
    token_hash: { type: 'text', values: signedIn.map((user) => hashToken(user.token)) },
    expires_at: { type: 'timestamptz', values: signedIn.map(() => expires) },
  });
  return signedIn;
}

/** A seeded ride's row, with its stops and, per passenger, the range of legs they hold. */
export interface SeededRides {
  id: string[];
  region: SpecRegion[];
  driver_id: string[];
  from_place: string[];
  to_place: string[];
  departs_at: string[];
  price_cents: number[];
  total_seats: number[];
  total_suitcases: number[];
  status: string[];
  created_at: string[];
  stops: (SeededStops | undefined)[];
  /** Per passenger (one seat each): the first leg and the leg after the last, 0-based. */
  passengers: { first: number; end: number }[][];
}

/**
 * The rides, drawn from `random` exactly as before stopovers came (so the routes, times and taken
 * seats stay those of earlier runs), then, from a stream of their own, the stops: about a third of
 * all rides (STOP_RIDE_SHARE) carry 1 to 3 places that lie on the way (the post form's
 * suggestions), and a passenger of such a ride holds the whole ride or a segment of it.
 */
export function drawRides(random: () => number, driverIds: readonly string[], now: Date, count: number): SeededRides {
  const rows: SeededRides = {
    id: [], region: [], driver_id: [], from_place: [], to_place: [], departs_at: [], price_cents: [],
    total_seats: [], total_suitcases: [], status: [], created_at: [], stops: [], passengers: [],
  };
  const free: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const region = REGIONS[index % REGIONS.length]!;
    const [from, to] = distinctPlaces(random, region);
    const seats = 1 + Math.floor(random() * 6);
    const suitcases = Math.floor(random() * 5);
    // Mostly upcoming rides over the 60 days, a few already past; some cancelled.
    const departs = now.getTime() + (random() * (SIZES.days + 2) - 2) * DAY_MS;
    const past = departs <= now.getTime();
    rows.id.push(randomUUID());
    rows.region.push(region);
    rows.driver_id.push(pick(random, driverIds));
    rows.from_place.push(from);
    rows.to_place.push(to);
    rows.departs_at.push(new Date(departs).toISOString());
    rows.price_cents.push(1_000 + Math.floor(random() * 50) * 100);
    rows.total_seats.push(seats);
    free.push(Math.floor(random() * (seats + 1)));
    rows.total_suitcases.push(suitcases);
    rows.status.push(past ? 'completed' : random() < 0.05 ? 'cancelled' : 'active');
    rows.created_at.push(new Date(now.getTime() - random() * 14 * DAY_MS).toISOString());
  }
  const stopRandom = seededRandom(13);
  const withCandidates = rows.id.filter((_, index) => stopCandidates(rows.region[index]!, rows.from_place[index]!, rows.to_place[index]!).length > 0).length;
  // Not every route has a place on the way; the others get stops a little more often, so that the share is STOP_RIDE_SHARE of all rides.
  const chance = Math.min(1, (STOP_RIDE_SHARE * count) / Math.max(1, withCandidates));
  for (let index = 0; index < count; index += 1) {
    const region = rows.region[index]!;
    const stops =
      stopCandidates(region, rows.from_place[index]!, rows.to_place[index]!).length > 0 && stopRandom() < chance
        ? drawStops(stopRandom, region, rows.from_place[index]!, rows.to_place[index]!, Date.parse(rows.departs_at[index]!))
        : undefined;
    rows.stops.push(stops);
    const legs = (stops?.places.length ?? 0) + 1;
    // A cancelled ride holds nothing; on the others each taken seat is a passenger's, the whole ride or (half of them, with stops) a segment.
    const taken = rows.status[index] === 'cancelled' ? 0 : rows.total_seats[index]! - free[index]!;
    rows.passengers.push(
      Array.from({ length: taken }, () => {
        if (legs === 1 || stopRandom() < 0.5) return { first: 0, end: legs };
        const first = Math.floor(stopRandom() * legs);
        return { first, end: first + 1 + Math.floor(stopRandom() * (legs - first)) };
      }),
    );
  }
  return rows;
}

/** Free seats per leg: the total less the passengers holding that leg. */
export function legSeatsOf(total: number, legs: number, passengers: readonly { first: number; end: number }[]): number[] {
  return Array.from({ length: legs }, (_, leg) => total - passengers.filter((held) => held.first <= leg && leg < held.end).length);
}

async function seedRides(pool: SeedClient, random: () => number, driverIds: readonly string[], now: Date): Promise<SeededRides> {
  const rows = drawRides(random, driverIds, now, SIZES.rides);
  const legCount = (index: number) => (rows.stops[index]?.places.length ?? 0) + 1;
  await insertColumns(pool, 'rides', {
    id: { type: 'uuid', values: rows.id },
    region: { type: 'text', values: rows.region },
    driver_id: { type: 'uuid', values: rows.driver_id },
    from_place: { type: 'text', values: rows.from_place },
    to_place: { type: 'text', values: rows.to_place },
    departs_at: { type: 'timestamptz', values: rows.departs_at },
    stop_places: { type: 'text', values: rows.stops.map((stops) => arrayLiteral(stops?.places ?? [])), cast: 'text[]' },
    stop_times: {
      type: 'text',
      values: rows.stops.map((stops) => arrayLiteral((stops?.times ?? []).map((at) => new Date(at).toISOString()))),
      cast: 'timestamptz[]',
    },
    timezone: { type: 'text', values: rows.id.map(() => BENCH_TIME_ZONE) },
    price_cents: { type: 'int4', values: rows.price_cents },
    total_seats: { type: 'int2', values: rows.total_seats },
    total_suitcases: { type: 'int2', values: rows.total_suitcases },
    leg_seats: {
      type: 'text',
      values: rows.id.map((_, index) => arrayLiteral(legSeatsOf(rows.total_seats[index]!, legCount(index), rows.passengers[index]!))),
      cast: 'smallint[]',
    },
    leg_suitcases: { type: 'text', values: rows.id.map((_, index) => arrayLiteral(Array<number>(legCount(index)).fill(rows.total_suitcases[index]!))), cast: 'smallint[]' },
    status: { type: 'text', values: rows.status },
    created_at: { type: 'timestamptz', values: rows.created_at },
  });
  return rows;
}

/**
 * The bookings behind the seeded rides' taken seats: each passenger of a ride (drawRides) gets a
 * one-seat booking of their range, by distinct passengers other than its driver (confirmed on a
 * past ride, pending or confirmed on an upcoming one), so that the tables a booking reads hold
 * data to plan on, as in a running system, and every leg's counter agrees with them.
 */
async function seedBookings(pool: SeedClient, random: () => number, rides: SeededRides, userIds: readonly string[]) {
  const bookings = {
    id: [] as string[],
    ride_id: [] as string[],
    user_id: [] as string[],
    from_place: [] as string[],
    to_place: [] as string[],
    status: [] as string[],
    created_at: [] as string[],
  };
  for (let index = 0; index < rides.id.length; index += 1) {
    const held = rides.passengers[index]!;
    const passengers = new Set<string>();
    while (passengers.size < held.length) {
      const passenger = pick(random, userIds);
      if (passenger !== rides.driver_id[index]) passengers.add(passenger);
    }
    const route = [rides.from_place[index]!, ...(rides.stops[index]?.places ?? []), rides.to_place[index]!];
    [...passengers].forEach((passenger, order) => {
      bookings.id.push(randomUUID());
      bookings.ride_id.push(rides.id[index]!);
      bookings.user_id.push(passenger);
      bookings.from_place.push(route[held[order]!.first]!);
      bookings.to_place.push(route[held[order]!.end]!);
      bookings.status.push(rides.status[index] === 'completed' || random() < 0.5 ? 'confirmed' : 'pending');
      bookings.created_at.push(rides.created_at[index]!);
    });
  }
  await insertColumns(pool, 'bookings', {
    id: { type: 'uuid', values: bookings.id },
    ride_id: { type: 'uuid', values: bookings.ride_id },
    user_id: { type: 'uuid', values: bookings.user_id },
    seats: { type: 'int2', values: bookings.id.map(() => 1) },
    suitcases: { type: 'int2', values: bookings.id.map(() => 0) },
    from_place: { type: 'text', values: bookings.from_place },
    to_place: { type: 'text', values: bookings.to_place },
    status: { type: 'text', values: bookings.status },
    payment_intent_id: { type: 'text', values: bookings.id.map(() => 'NO_STRIPE') },
    created_at: { type: 'timestamptz', values: bookings.created_at },
    updated_at: { type: 'timestamptz', values: bookings.created_at },
  });
  return bookings.id.length;
}

/** Conversations with a few direct messages each, so that the inbox query has real data to plan on. */
async function seedConversations(pool: SeedClient, random: () => number, userIds: readonly string[], now: Date) {
  const conversations = { id: [] as string[], user_a: [] as string[], user_b: [] as string[], last_message_at: [] as string[] };
  const messages = {
    id: [] as string[],
    conversation_id: [] as string[],
    sender_id: [] as string[],
    receiver_id: [] as string[],
    content: [] as string[],
    created_at: [] as string[],
    read_at: [] as (string | null)[],
  };
  const seen = new Set<string>();
  for (let attempt = 0; conversations.id.length < SIZES.conversations && attempt < SIZES.conversations * 3; attempt += 1) {
    // Half of the conversations involve a signed-in user, so some inboxes are long.
    const one = random() < 0.5 ? userIds[Math.floor(random() * SIZES.signedInUsers)]! : pick(random, userIds);
    const other = pick(random, userIds);
    if (one === other) continue;
    const [userA, userB] = one < other ? [one, other] : [other, one];
    if (seen.has(`${userA}:${userB}`)) continue;
    seen.add(`${userA}:${userB}`);
    const conversationId = randomUUID();
    let last = now.getTime() - random() * 30 * DAY_MS;
    for (let index = 0; index < SIZES.messagesPerConversation; index += 1) {
      last += random() * 60 * 60 * 1000;
      const sender = index % 2 === 0 ? userA : userB;
      messages.id.push(randomUUID());
      messages.conversation_id.push(conversationId);
      messages.sender_id.push(sender);
      messages.receiver_id.push(sender === userA ? userB : userA);
      messages.content.push(`Hello ${index}`);
      messages.created_at.push(new Date(last).toISOString());
      messages.read_at.push(index < SIZES.messagesPerConversation - 2 ? new Date(last).toISOString() : null);
    }
    conversations.id.push(conversationId);
    conversations.user_a.push(userA);
    conversations.user_b.push(userB);
    conversations.last_message_at.push(new Date(last).toISOString());
  }
  await insertColumns(pool, 'conversations', {
    id: { type: 'uuid', values: conversations.id },
    user_a: { type: 'uuid', values: conversations.user_a },
    user_b: { type: 'uuid', values: conversations.user_b },
    last_message_at: { type: 'timestamptz', values: conversations.last_message_at },
  });
  await insertColumns(pool, 'direct_messages', {
    id: { type: 'uuid', values: messages.id },
    conversation_id: { type: 'uuid', values: messages.conversation_id },
    sender_id: { type: 'uuid', values: messages.sender_id },
    receiver_id: { type: 'uuid', values: messages.receiver_id },
    content: { type: 'text', values: messages.content },
    created_at: { type: 'timestamptz', values: messages.created_at },
    read_at: { type: 'timestamptz', values: messages.read_at },
  });
}

/** Seeds a migrated, empty database: users with colleges, sessions, rides over both regions and 60 days with their bookings, conversations. */
export async function seedDatabase(pool: SeedClient): Promise<SeededData> {
  const random = seededRandom(7);
  const seededAt = new Date();
  const users = await seedUsers(pool, random, seededAt);
  const signedIn = await seedSessions(pool, users, seededAt);
  const driverIds = users.ids.slice(SIZES.signedInUsers);
  const rides = await seedRides(pool, random, driverIds, seededAt);
  await seedBookings(pool, random, rides, users.ids);
  await seedConversations(pool, random, users.ids, seededAt);
  // VACUUM too, not only ANALYZE: a running system's autovacuum merges the GIN index's pending list
  // (rides_route_places_idx) into the index, and this PostgreSQL may run without autovacuum; left
  // unmerged, every search by place reads the whole list (some 300 pages after this seed).
  await pool.query('vacuum analyze');
  const stopRides = rides.id.flatMap((_, index): StopRide[] => {
    const stops = rides.stops[index];
    if (!stops || rides.status[index] !== 'active') return [];
    return [{ region: rides.region[index]!, route: [rides.from_place[index]!, ...stops.places, rides.to_place[index]!], leaves: [Date.parse(rides.departs_at[index]!), ...stops.times] }];
  });
  return { userIds: users.ids, signedIn, driverIds, seededAt, stopRides };
}

/**
 * Only the people: users with colleges and the signed-in users' sessions, drawn as seedDatabase
 * draws them (the growth benchmark adds its rides by set-based SQL).
 */
export async function seedPeople(pool: SeedClient): Promise<Omit<SeededData, 'stopRides'>> {
  const random = seededRandom(7);
  const seededAt = new Date();
  const users = await seedUsers(pool, random, seededAt);
  const signedIn = await seedSessions(pool, users, seededAt);
  return { userIds: users.ids, signedIn, driverIds: users.ids.slice(SIZES.signedInUsers), seededAt };
}

/** The user with the most conversations: the inbox worth explaining. */
export async function busiestInboxUser(pool: SeedClient): Promise<string> {
  const { rows } = await pool.query<{ user_id: string }>(
    'select user_id from (select user_a as user_id from conversations union all select user_b from conversations) pairs group by user_id order by count(*) desc limit 1',
  );
  return rows[0]!.user_id;
}

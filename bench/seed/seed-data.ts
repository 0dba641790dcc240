import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { COLLEGES, type College } from '@carpool/shared/colleges';
import { PLACES } from '@carpool/shared/places';
import type { Region } from '@carpool/shared/regions';
import { SIZES } from '../lib/scale.js';
import { pick, seededRandom } from '../lib/stats.js';

const BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const BENCH_TIME_ZONE = 'America/New_York';
export const REGIONS: readonly Region[] = ['cornell', 'nj'];

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
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Places drawn with a Zipf-like skew, as real traffic concentrates on a few routes (Ithaca to
 * New York City far more than Buffalo to Baltimore).
 */
export function skewedPlace(random: () => number, region: Region): string {
  const places = PLACES[region];
  const weights = places.map((_, index) => 1 / (index + 1));
  let draw = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < places.length; index += 1) {
    draw -= weights[index]!;
    if (draw <= 0) return places[index]!.value;
  }
  return places[places.length - 1]!.value;
}

export function distinctPlaces(random: () => number, region: Region): [string, string] {
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

/** Inserts columns of values with one `insert ... select * from unnest(...)` per batch: one round trip per 5,000 rows. */
export async function insertColumns(
  client: SeedClient,
  table: string,
  columns: Record<string, { type: string; values: unknown[] }>,
): Promise<void> {
  const names = Object.keys(columns);
  const total = columns[names[0]!]!.values.length;
  const unnest = names.map((name, index) => `$${index + 1}::${columns[name]!.type}[]`).join(', ');
  const text = `insert into ${table} (${names.map((name) => `"${name}"`).join(', ')}) select * from unnest(${unnest})`;
  for (let start = 0; start < total; start += BATCH) {
    await client.query(text, names.map((name) => columns[name]!.values.slice(start, start + BATCH)));
  }
}

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

async function seedRides(pool: SeedClient, random: () => number, driverIds: readonly string[], now: Date) {
  const rows = {
    id: [] as string[],
    region: [] as string[],
    driver_id: [] as string[],
    from_place: [] as string[],
    to_place: [] as string[],
    departs_at: [] as string[],
    timezone: [] as string[],
    price_cents: [] as number[],
    total_seats: [] as number[],
    seats_available: [] as number[],
    total_suitcases: [] as number[],
    suitcases_available: [] as number[],
    status: [] as string[],
    created_at: [] as string[],
  };
  for (let index = 0; index < SIZES.rides; index += 1) {
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
    rows.timezone.push(BENCH_TIME_ZONE);
    rows.price_cents.push(1_000 + Math.floor(random() * 50) * 100);
    rows.total_seats.push(seats);
    rows.seats_available.push(Math.floor(random() * (seats + 1)));
    rows.total_suitcases.push(suitcases);
    rows.suitcases_available.push(suitcases);
    rows.status.push(past ? 'completed' : random() < 0.05 ? 'cancelled' : 'active');
    rows.created_at.push(new Date(now.getTime() - random() * 14 * DAY_MS).toISOString());
  }
  const types: Record<keyof typeof rows, string> = {
    id: 'uuid',
    region: 'text',
    driver_id: 'uuid',
    from_place: 'text',
    to_place: 'text',
    departs_at: 'timestamptz',
    timezone: 'text',
    price_cents: 'int4',
    total_seats: 'int2',
    seats_available: 'int2',
    total_suitcases: 'int2',
    suitcases_available: 'int2',
    status: 'text',
    created_at: 'timestamptz',
  };
  await insertColumns(
    pool,
    'rides',
    Object.fromEntries(Object.entries(rows).map(([name, values]) => [name, { type: types[name as keyof typeof rows], values }])),
  );
  return rows;
}

/**
 * The bookings behind the seeded rides' taken seats: each active or completed ride gets one
 * one-seat booking per seat it shows taken, by distinct passengers other than its driver
 * (confirmed on a past ride, pending or confirmed on an upcoming one), so that the tables a
 * booking reads hold data to plan on, as in a running system, and the counters agree with them.
 */
async function seedBookings(pool: SeedClient, random: () => number, rides: Awaited<ReturnType<typeof seedRides>>, userIds: readonly string[]) {
  const bookings = {
    id: [] as string[],
    ride_id: [] as string[],
    user_id: [] as string[],
    seats: [] as number[],
    suitcases: [] as number[],
    status: [] as string[],
    payment_intent_id: [] as string[],
    created_at: [] as string[],
    updated_at: [] as string[],
  };
  for (let index = 0; index < rides.id.length; index += 1) {
    if (rides.status[index] === 'cancelled') continue;
    const taken = rides.total_seats[index]! - rides.seats_available[index]!;
    const passengers = new Set<string>();
    while (passengers.size < taken) {
      const passenger = pick(random, userIds);
      if (passenger !== rides.driver_id[index]) passengers.add(passenger);
    }
    for (const passenger of passengers) {
      bookings.id.push(randomUUID());
      bookings.ride_id.push(rides.id[index]!);
      bookings.user_id.push(passenger);
      bookings.seats.push(1);
      bookings.suitcases.push(0);
      bookings.status.push(rides.status[index] === 'completed' || random() < 0.5 ? 'confirmed' : 'pending');
      bookings.payment_intent_id.push('NO_STRIPE');
      bookings.created_at.push(rides.created_at[index]!);
      bookings.updated_at.push(rides.created_at[index]!);
    }
  }
  await insertColumns(pool, 'bookings', {
    id: { type: 'uuid', values: bookings.id },
    ride_id: { type: 'uuid', values: bookings.ride_id },
    user_id: { type: 'uuid', values: bookings.user_id },
    seats: { type: 'int2', values: bookings.seats },
    suitcases: { type: 'int2', values: bookings.suitcases },
    status: { type: 'text', values: bookings.status },
    payment_intent_id: { type: 'text', values: bookings.payment_intent_id },
    created_at: { type: 'timestamptz', values: bookings.created_at },
    updated_at: { type: 'timestamptz', values: bookings.updated_at },
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
  await pool.query('analyze');
  return { userIds: users.ids, signedIn, driverIds, seededAt };
}

/** The user with the most conversations: the inbox worth explaining. */
export async function busiestInboxUser(pool: SeedClient): Promise<string> {
  const { rows } = await pool.query<{ user_id: string }>(
    'select user_id from (select user_a as user_id from conversations union all select user_b from conversations) pairs group by user_id order by count(*) desc limit 1',
  );
  return rows[0]!.user_id;
}

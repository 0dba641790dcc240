import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

/** A region's life: prepared as a draft, served while live, kept readable once archived. */
export const REGION_STATUSES = ['draft', 'live', 'archived'] as const;

/**
 * A region's brand colours: the light theme's primary, the dark theme's, and the scale of eleven
 * shades (50 to 950) the web app's classes use (apps/web/src/index.css).
 */
export interface RegionThemeColumn {
  light: string;
  dark: string;
  scale: Record<'50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950', string>;
}

/**
 * A college community the app serves (the API calls it a region; `X-Region` carries its slug).
 * Created by migration 0019 for cornell and nj, and by platform administrators from the console.
 */
export const regions = pgTable(
  'regions',
  {
    slug: text('slug').primaryKey(),
    /** "Cornell", "New Jersey". */
    name: text('name').notNull(),
    /** "at Cornell", "in New Jersey": titles such as "Ride Requests at Cornell". */
    wherePhrase: text('where_phrase').notNull(),
    subtitle: text('subtitle').notNull(),
    theme: jsonb('theme').$type<RegionThemeColumn>().notNull(),
    /** IANA zone: the region's days (the carousel, the search by day) are read there. */
    timeZone: text('time_zone').notNull(),
    mapLat: doublePrecision('map_lat').notNull(),
    mapLng: doublePrecision('map_lng').notNull(),
    mapZoom: smallint('map_zoom').notNull(),
    /** Who may sign in here: these domains and their subdomains. */
    emailDomains: text('email_domains').array().notNull().default(sql`'{}'`),
    status: text('status', { enum: REGION_STATUSES }).notNull().default('draft'),
    /** Where the region stands among others in the picker: lower first. */
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lowercase letters, digits and inner hyphens, at most 32: the slug is a path segment of the web app.
    check('regions_slug_check', sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$'`),
    check('regions_status_check', sql`${t.status} in ('draft', 'live', 'archived')`),
    check('regions_map_check', sql`${t.mapLat} between -90 and 90 and ${t.mapLng} between -180 and 180 and ${t.mapZoom} between 1 and 18`),
  ],
);

/** The places of a region: where rides and requests start, stop and end. */
export const regionPlaces = pgTable(
  'region_places',
  {
    region: text('region')
      .notNull()
      .references(() => regions.slug, { onDelete: 'cascade' }),
    /** Stored and sent over the API: `new_york_city`. */
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The order of the region's lists (the spec's order for cornell and nj). */
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.region, t.slug] }),
    check('region_places_slug_check', sql`${t.slug} ~ '^[a-z0-9_]{1,64}$'`),
    check('region_places_point_check', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
  ],
);

/** The colleges of a region: the school badge and the search's college filter. A slug is the app's, across regions. */
export const regionColleges = pgTable(
  'region_colleges',
  {
    slug: text('slug').primaryKey(),
    region: text('region')
      .notNull()
      .references(() => regions.slug, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A person's college is the one whose domain (or a subdomain of it) their address has. */
    emailDomains: text('email_domains').array().notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('region_colleges_region_idx').on(t.region), check('region_colleges_slug_check', sql`${t.slug} ~ '^[a-z0-9_-]{1,64}$'`)],
);

/** The people who moderate one region in the console (reports, verification, users of that region). */
export const regionModerators = pgTable(
  'region_moderators',
  {
    region: text('region')
      .notNull()
      .references(() => regions.slug, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.email] })],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id'),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    check('files_visibility_check', sql`${t.visibility} in ('public', 'private')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    college: text('college'),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    avatarColor: text('avatar_color'),
    bio: text('bio').notNull().default(''),
    okayWithChatting: boolean('okay_with_chatting').notNull().default(true),
    okayWithAnimals: boolean('okay_with_animals').notNull().default(false),
    okayWithMusic: boolean('okay_with_music').notNull().default(true),
    okayWithSmoking: boolean('okay_with_smoking').notNull().default(false),
    verificationStatus: text('verification_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    driverVerified: boolean('driver_verified').notNull().default(false),
    /**
     * Reviews received and the sum of their stars, kept by a trigger on reviews (migration
     * 0008), so that every ride card can show its driver's rating without an aggregate per search.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsTotal: integer('review_stars_total').notNull().default(0),
    /** Set while an administrator has suspended the account: no sign-in, no sessions. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Set once the account was deleted: the row stays (others' history points at it) but is anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_identity_idx').on(t.issuer, t.subject),
    index('users_email_idx').on(t.email),
    check(
      'users_verification_status_check',
      sql`${t.verificationStatus} in ('none', 'pending', 'approved', 'rejected')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The periodic job deletes expired sessions.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A sign-in code sent to a university address (docs/decisions/sign-in-methods.md). Only its keyed
 * hash is kept; it works once, for ten minutes, and five wrong tries spend it. A newer code for the
 * same address replaces it (used_at).
 */
export const emailSignInCodes = pgTable(
  'email_sign_in_codes',
  {
    id: id(),
    email: text('email').notNull(),
    region: text('region').notNull()
      .references(() => regions.slug),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code signed someone in or a newer code replaced it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_sign_in_codes_email_idx').on(t.email, t.createdAt),
    // The periodic job deletes codes a day after they expired.
    index('email_sign_in_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A campus sign-in (OpenID Connect) from the button to the session: the state, nonce and PKCE
 * verifier sent to the provider, the browser that started it, and, once the provider answered,
 * the user and the hash of the one-time code the web app exchanges for the session.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: id(),
    region: text('region').notNull()
      .references(() => regions.slug),
    /** SHA-256 of the state: the provider's answer finds its sign-in by it. */
    stateHash: text('state_hash').notNull(),
    /** SHA-256 of the value of the cookie set in the browser that started the sign-in. */
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the provider's answer arrived: a replayed answer finds it set. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_sign_ins_state_idx').on(t.stateHash),
    uniqueIndex('oidc_sign_ins_handoff_idx').on(t.handoffHash),
    index('oidc_sign_ins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A weekly ride series (docs/decisions/weekly-rides.md): the template every occurrence copies, the
 * weekdays and wall-clock time in the series' zone, the last local day it repeats on, and how far
 * occurrences have been created (at most SERIES_HORIZON_WEEKS ahead; the periodic job extends it).
 * Each occurrence is a ride of its own pointing here; (series_id, series_day) is unique, so two
 * runs never create one occurrence twice.
 */
export const rideSeries = pgTable(
  'ride_series',
  {
    id: id(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    region: text('region').notNull()
      .references(() => regions.slug),
    timezone: text('timezone').notNull(),
    /** Local weekdays, 0 = Sunday. */
    weekdays: smallint('weekdays').array().notNull(),
    /** Local departure time, HH:MM. */
    localTime: text('local_time').notNull(),
    /** Local day of the first occurrence. */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    /** Last local day an occurrence may depart on (inclusive). */
    until: date('until', { mode: 'string' }).notNull(),
    /** Occurrences exist for every matching day up to and including this local day. */
    createdThrough: date('created_through', { mode: 'string' }).notNull(),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    /** Stops of every occurrence, in route order. */
    stopPlaces: text('stop_places').array().notNull().default(sql`'{}'`),
    /** Minutes after the departure at which each stop is reached (same order as stop_places). */
    stopOffsetsMinutes: integer('stop_offsets_minutes').array().notNull().default(sql`'{}'`),
    priceCents: integer('price_cents').notNull(),
    totalSeats: smallint('total_seats').notNull(),
    totalSuitcases: smallint('total_suitcases').notNull(),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    pickupAddress: text('pickup_address'),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropoffAddress: text('dropoff_address'),
    dropoffLat: doublePrecision('dropoff_lat'),
    dropoffLng: doublePrecision('dropoff_lng'),
    status: text('status', { enum: ['active', 'stopped'] }).notNull().default('active'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_series_driver_idx').on(t.driverId),
    // The periodic job's scan: active series that still have days to create.
    index('ride_series_active_idx').on(t.createdThrough).where(sql`${t.status} = 'active'`),
    check('ride_series_status_check', sql`${t.status} in ('active', 'stopped')`),
    check('ride_series_until_check', sql`${t.until} >= ${t.firstDay}`),
  ],
);

export const rides = pgTable(
  'rides',
  {
    id: id(),
    region: text('region').notNull()
      .references(() => regions.slug),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    /** Stops between from_place and to_place, in route order (docs/decisions/stopovers-and-seats-per-leg.md). */
    stopPlaces: text('stop_places').array().notNull().default(sql`'{}'`),
    /** When the ride leaves each stop (same order as stop_places). */
    stopTimes: timestamp('stop_times', { withTimezone: true }).array().notNull().default(sql`'{}'`),
    /** The whole route: from_place, the stops, to_place. */
    route: text('route')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`array[from_place] || stop_places || array[to_place]`),
    timezone: text('timezone').notNull(),
    priceCents: integer('price_cents').notNull(),
    totalSeats: smallint('total_seats').notNull(),
    totalSuitcases: smallint('total_suitcases').notNull(),
    /**
     * Free seats and suitcases per leg (leg i runs from route[i] to route[i + 1]). Written only by
     * the seat inventory (modules/rides/seat-inventory.ts).
     */
    legSeats: smallint('leg_seats').array().notNull(),
    legSuitcases: smallint('leg_suitcases').array().notNull(),
    /** The whole ride's free seats and suitcases: the smallest over its legs. */
    seatsAvailable: smallint('seats_available')
      .notNull()
      .generatedAlwaysAs(sql`legs_min(leg_seats)`),
    suitcasesAvailable: smallint('suitcases_available')
      .notNull()
      .generatedAlwaysAs(sql`legs_min(leg_suitcases)`),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    pickupAddress: text('pickup_address'),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropoffAddress: text('dropoff_address'),
    dropoffLat: doublePrecision('dropoff_lat'),
    dropoffLng: doublePrecision('dropoff_lng'),
    status: text('status', { enum: ['active', 'cancelled', 'completed'] }).notNull().default('active'),
    /** Set when an administrator hid the ride after a report: nobody but its driver sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the driver last edited the ride (null when never). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The weekly series this ride is an occurrence of (null for a single ride). */
    seriesId: uuid('series_id').references(() => rideSeries.id, { onDelete: 'set null' }),
    /** The series' local day this occurrence stands for; stays when the driver edits its time. */
    seriesDay: date('series_day', { mode: 'string' }),
    /**
     * How many wait on this ride's waiting list: kept by a trigger on waitlist_entries (migration
     * 0010), so that ride lists read the list only for the rare ride someone waits on.
     */
    waitingCount: integer('waiting_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('rides_series_day_idx').on(t.seriesId, t.seriesDay),
    index('rides_search_idx').on(t.region, t.status, t.departsAt),
    index('rides_driver_idx').on(t.driverId, t.departsAt),
    check('rides_status_check', sql`${t.status} in ('active', 'cancelled', 'completed')`),
    check('rides_price_check', sql`${t.priceCents} >= 100`),
    check('rides_total_seats_check', sql`${t.totalSeats} between 1 and 8`),
    check('rides_total_suitcases_check', sql`${t.totalSuitcases} between 0 and 8`),
    check(
      'rides_legs_check',
      sql`cardinality(${t.legSeats}) = cardinality(${t.stopPlaces}) + 1 and cardinality(${t.legSuitcases}) = cardinality(${t.stopPlaces}) + 1
          and cardinality(${t.stopTimes}) = cardinality(${t.stopPlaces})
          and 0 <= all(${t.legSeats}) and ${t.totalSeats} >= all(${t.legSeats})
          and 0 <= all(${t.legSuitcases}) and ${t.totalSuitcases} >= all(${t.legSuitcases})`,
    ),
  ],
);

/**
 * Every part of every ride a passenger could book: one row per ordered pair of places on its route
 * (board before alight), with when the ride leaves the boarding place. Kept by a trigger on rides
 * (migration 0018; docs/decisions/ride-segments-index.md), never written by the code: the search by
 * place walks one of its indexes in boarding order and stops at the page's end.
 */
export const rideSegments = pgTable(
  'ride_segments',
  {
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    /** 0-based places on the route: 0 is the departure, the last is the destination. */
    boardPosition: smallint('board_position').notNull(),
    alightPosition: smallint('alight_position').notNull(),
    /** The segment runs to the ride's destination (the search from a place, to anywhere). */
    toDestination: boolean('to_destination').notNull(),
    region: text('region').notNull(),
    boardPlace: text('board_place').notNull(),
    alightPlace: text('alight_place').notNull(),
    /** When the ride leaves the boarding place: the departure, or the stop's own time. */
    leavesAt: timestamp('leaves_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rideId, t.boardPosition, t.alightPosition] }),
    // From A to B, soonest boarding first.
    index('ride_segments_pair_idx').on(t.region, t.boardPlace, t.alightPlace, t.leavesAt),
    // From A to anywhere: each boarding place of a ride once, with the segment to its destination.
    index('ride_segments_boarding_idx').on(t.region, t.boardPlace, t.leavesAt).where(sql`${t.toDestination}`),
    // Anywhere to B: each place of a ride once, with the segment from its departure.
    index('ride_segments_alighting_idx').on(t.region, t.alightPlace, t.leavesAt).where(sql`${t.boardPosition} = 0`),
  ],
);

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
const BOOKING_CANCELLERS = ['passenger', 'driver', 'app'] as const;

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: smallint('seats').notNull(),
    suitcases: smallint('suitcases').notNull(),
    /** Where the passenger boards and leaves: places of the ride's route, from before to. */
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    /**
     * Who ended a cancelled booking: the passenger, the driver (a rejection) or the app (the ride
     * was cancelled, a block, a suspension, a departure while pending). Null while not cancelled,
     * and for bookings cancelled before this was recorded.
     */
    cancelledBy: text('cancelled_by', { enum: BOOKING_CANCELLERS }),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_one_active_per_user_idx')
      .on(t.rideId, t.userId)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    index('bookings_ride_idx').on(t.rideId, t.createdAt),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    check('bookings_seats_check', sql`${t.seats} between 1 and 8`),
    check('bookings_suitcases_check', sql`${t.suitcases} between 0 and 8`),
    check('bookings_status_check', sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'completed')`),
    check('bookings_cancelled_by_check', sql`${t.cancelledBy} in ('passenger', 'driver', 'app')`),
  ],
);

/**
 * A passenger waiting for room on a full ride (docs/decisions/waiting-list.md): one entry per
 * passenger and ride; `seq` orders them first come, first served (joins are serialised by the
 * ride's row lock, so the sequence follows the order in which they committed).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: smallint('seats').notNull(),
    suitcases: smallint('suitcases').notNull(),
    /** The segment waited for (places of the ride's route, from before to). */
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_per_user_idx').on(t.rideId, t.userId),
    index('waitlist_entries_ride_order_idx').on(t.rideId, t.seq),
    index('waitlist_entries_user_idx').on(t.userId),
    check('waitlist_entries_seats_check', sql`${t.seats} between 1 and 8`),
    check('waitlist_entries_suitcases_check', sql`${t.suitcases} between 0 and 8`),
  ],
);

export const rideRequests = pgTable(
  'ride_requests',
  {
    id: id(),
    region: text('region').notNull()
      .references(() => regions.slug),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    seatsNeeded: smallint('seats_needed').notNull(),
    suitcasesNeeded: smallint('suitcases_needed').notNull(),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    preferredPickupAddress: text('preferred_pickup_address').notNull(),
    preferredPickupLat: doublePrecision('preferred_pickup_lat'),
    preferredPickupLng: doublePrecision('preferred_pickup_lng'),
    preferredDropoffAddress: text('preferred_dropoff_address').notNull(),
    preferredDropoffLat: doublePrecision('preferred_dropoff_lat'),
    preferredDropoffLng: doublePrecision('preferred_dropoff_lng'),
    status: text('status', { enum: ['open', 'expired'] }).notNull().default('open'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_requests_search_idx').on(t.region, t.status, t.departsAt),
    index('ride_requests_route_idx').on(t.region, t.fromPlace, t.toPlace, t.departsAt),
    index('ride_requests_user_idx').on(t.userId, t.departsAt),
    check('ride_requests_status_check', sql`${t.status} in ('open', 'expired')`),
    check('ride_requests_seats_check', sql`${t.seatsNeeded} between 1 and 8`),
    check('ride_requests_suitcases_check', sql`${t.suitcasesNeeded} between 1 and 8`),
  ],
);

export const rideMessages = pgTable(
  'ride_messages',
  {
    id: id(),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    /** Null for a system message (for example "this ride was cancelled"). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['user', 'system'] }).notNull().default('user'),
    content: text('content').notNull(),
    /** Set when an administrator removed the message; it then shows as removed. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_messages_ride_idx').on(t.rideId, t.createdAt),
    check('ride_messages_kind_check', sql`${t.kind} in ('user', 'system')`),
    check('ride_messages_content_check', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

/** One row per pair of users who have exchanged direct messages; userA < userB. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userA, t.userB),
    index('conversations_user_a_idx').on(t.userA, t.lastMessageAt),
    index('conversations_user_b_idx').on(t.userB, t.lastMessageAt),
    check('conversations_ordered_pair_check', sql`${t.userA} < ${t.userB}`),
  ],
);

export const directMessages = pgTable(
  'direct_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('direct_messages_unread_idx')
      .on(t.receiverId, t.conversationId)
      .where(sql`${t.readAt} is null`),
    check('direct_messages_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
    check('direct_messages_content_check', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    rideId: uuid('ride_id').references(() => rides.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    otherUserId: uuid('other_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Makes a notification that must exist once (a review due, a request match) idempotent. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_idx').on(t.dedupeKey),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rideId: uuid('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `driver`: the passenger reviews the driver; `passenger`: the driver reviews the passenger. */
    reviewType: text('review_type', { enum: ['driver', 'passenger'] }).notNull(),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_once_per_booking_and_kind_idx').on(t.bookingId, t.reviewType),
    index('reviews_reviewee_idx').on(t.revieweeId, t.reviewType, t.createdAt),
    index('reviews_ride_idx').on(t.rideId),
    check('reviews_type_check', sql`${t.reviewType} in ('driver', 'passenger')`),
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('reviews_comment_check', sql`char_length(${t.comment}) between 1 and 1000`),
  ],
);

export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseFrontFileId: uuid('license_front_file_id')
      .notNull()
      .references(() => files.id),
    licenseBackFileId: uuid('license_back_file_id')
      .notNull()
      .references(() => files.id),
    insuranceFileId: uuid('insurance_file_id')
      .notNull()
      .references(() => files.id),
    licenseExpiration: date('license_expiration'),
    insuranceExpiration: date('insurance_expiration'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why an administrator rejected the documents; shown to the user. */
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_submissions_status_idx').on(t.status, t.createdAt),
    index('verification_submissions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('verification_submissions_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('verification_submissions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    region: text('region').notNull()
      .references(() => regions.slug),
    createdAt: createdAt(),
    /** Double opt-in: null until the address's owner opens the link of the confirmation e-mail. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_email_region_idx').on(t.email, t.region),
    // The console's subscriber list and export: confirmed ones, the latest confirmed first.
    index('subscriptions_confirmed_idx').on(t.confirmedAt, t.id).where(sql`${t.confirmedAt} is not null`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    region: text('region').notNull()
      .references(() => regions.slug),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    /** Set when an administrator marked it handled in the console; null while it waits. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The administrator who did; null for the admin command's machine credential. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('feedback_comment_check', sql`char_length(${t.comment}) between 1 and 1000`),
    // The console's inbox, newest first, a page at a time.
    index('feedback_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * When each periodic job last ran, shared by every server process: a run first claims its period
 * here with one conditional statement, so a job runs once per period however many processes tick.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

export const OUTBOX_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;

/**
 * One message for one channel, written in the transaction of the event that causes it (a trigger
 * on notifications writes the rows of every notification). Workers claim due rows with
 * FOR UPDATE SKIP LOCKED; see docs/decisions/notification-outbox.md.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    /** Notification id + channel, or the key of a digest or an address mail: sent once. */
    idempotencyKey: text('idempotency_key').notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set instead of userId for a mail to an address without an account (newsletter opt-in). */
    address: text('address'),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    /** What a message without a notification says (digests, address mails). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Claimed before rows of a lower priority that are due: a sign-in code (1) goes ahead of digests and notices (0). */
    priority: smallint('priority').notNull().default(0),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_outbox_key_idx').on(t.idempotencyKey),
    index('notification_outbox_due_idx').on(t.priority.desc(), t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('notification_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);

/** A person's switches per category and channel, and the token of their private calendar feed. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, { email?: boolean; push?: boolean }>>().notNull().default({}),
  calendarToken: text('calendar_token').notNull().unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a person last got a digest of one conversation ('dm:<conversation id>' or 'ride:<ride id>'). */
export const chatDigests = pgTable(
  'chat_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationKey: text('conversation_key').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** The newest message that digest covered; the next one starts after it. */
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('chat_digests_pk_idx').on(t.userId, t.conversationKey)],
);

/** The development mailbox (/dev/mail): e-mails kept instead of sent when SMTP_URL is unset. */
export const devMailbox = pgTable('dev_mailbox', {
  id: id(),
  messageId: text('message_id').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  raw: text('raw').notNull(),
  createdAt: createdAt(),
});

/** Browsers that asked for web push: one row per endpoint, which belongs to the last user who subscribed it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Who blocked whom. A block works both ways; the row says who can lift it. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blocks_pair_idx').on(t.blockerId, t.blockedId),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const REPORT_TARGET_TYPES = ['user', 'ride', 'ride_request', 'message', 'direct_message'] as const;

export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The person the report is about (the author of the reported content). */
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    action: text('action', { enum: ['dismiss', 'warn', 'hide_content', 'suspend_user'] }),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('reports_details_check', sql`char_length(${t.details}) <= 1000`),
  ],
);

/** Every administrator action and account deletion; never updated, never deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Null when the action came from the admin command line. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** The row acted on: an id, or a region's slug (migration 0019). */
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

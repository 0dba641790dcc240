import { z } from 'zod';
import { CAROUSEL_DAYS, DAY_COUNTS_MAX_DAYS, SERIES_MAX_WEEKS, MAX_SEATS, MAX_SUITCASES, MAX_PRICE, MIN_PRICE, MIN_SEATS, MIN_SUITCASES, RIDE_MESSAGES_IN_RIDE } from '../constants.js';
import { addDays, dayInTimeZone, isCalendarDay, isValidTimeZone, weekdayOf } from '../time-zones.js';
import { RegionSchema } from './common.js';
import { RideMessageDto } from './messages.js';
import { CollegeSchema, PreferencesSchema, RatingSummaryDto } from './users.js';

export const RIDE_STATUSES = ['active', 'cancelled', 'completed'] as const;
export const RideStatusSchema = z.enum(RIDE_STATUSES);
export type RideStatus = z.infer<typeof RideStatusSchema>;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
/**
 * Who ended a cancelled booking: the passenger (it shows as Cancelled, and they may book again),
 * the driver (a rejection: Declined to the passenger, REJECTED to the driver) or the app (the ride
 * was cancelled, a block, a suspension, or the ride left while the booking was still pending).
 */
export const BOOKING_CANCELLERS = ['passenger', 'driver', 'app'] as const;
export const BookingCancellerSchema = z.enum(BOOKING_CANCELLERS);
export type BookingCanceller = z.infer<typeof BookingCancellerSchema>;
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

export const RIDE_NOTES_MAX_COUNT = 10;
export const RIDE_NOTE_MAX_CHARS = 500;
export const ADDRESS_MAX_CHARS = 300;
export const RIDES_PAGE_DEFAULT = 50;
export const RIDES_PAGE_MAX = 100;
/** A ride stops at most this many times between its departure place and its destination. */
export const RIDE_STOPS_MAX = 5;
/** Every stop is reached before this many hours after the ride's departure. */
export const RIDE_STOP_WITHIN_HOURS = 24;

/** A calendar day written yyyy-mm-dd. */
export const CalendarDaySchema = z.string().refine(isCalendarDay, 'must be a calendar day written yyyy-mm-dd');
/** A time of day written HH:MM (24 hours). */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (00:00 to 23:59)');
export const TimeZoneSchema = z.string().refine(isValidTimeZone, 'must be an IANA time zone such as America/New_York');
/** A place slug; the server checks that it belongs to the caller's region. */
export const PlaceValueSchema = z.string().trim().min(1, 'is required').max(64);

/**
 * Notes are free text (spec section 5): each is trimmed, and a blank one (the empty box of a
 * form sent as it is) is dropped rather than refused.
 */
export function notesSchema(maxCount: number, maxChars: number) {
  return z
    .array(z.string().trim().max(maxChars))
    .max(maxCount)
    .default([])
    .transform((notes) => notes.filter((note) => note.length > 0));
}

const seatCount = z.number().int('must be a whole number').min(MIN_SEATS).max(MAX_SEATS);
const suitcaseCount = z.number().int('must be a whole number').min(MIN_SUITCASES).max(MAX_SUITCASES);

/** Money with at most 2 decimals (checked on cents, so 12.3 and 12.30 are fine and 12.345 is not). */
export const PriceSchema = z
  .number()
  .min(MIN_PRICE, `must be at least ${MIN_PRICE}`)
  .max(MAX_PRICE, `must be at most ${MAX_PRICE}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most 2 decimals');

const optionalAddress = z
  .string()
  .trim()
  .max(ADDRESS_MAX_CHARS)
  .nullish()
  .transform((value) => (value ? value : null));
const latitude = z.number().min(-90).max(90).nullish().transform((value) => value ?? null);
const longitude = z.number().min(-180).max(180).nullish().transform((value) => value ?? null);

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * Repeat a new ride weekly (docs/decisions/weekly-rides.md): on these weekdays (0 = Sunday, in the
 * ride's `timezone`) at the same local wall-clock time, until this local day (inclusive).
 */
export const RideRepeatInput = z
  .object({
    weekdays: z
      .array(z.number().int('must be a whole number').min(0, 'must be 0 (Sunday) to 6 (Saturday)').max(6, 'must be 0 (Sunday) to 6 (Saturday)'))
      .min(1, 'choose at least one weekday')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must not repeat a weekday'),
    until: CalendarDaySchema,
  })
  .strict();
export type RideRepeat = z.output<typeof RideRepeatInput>;

/** The local day (in its zone) a ride given in UTC departs on; null when the zone or reading is not valid. */
export function localDepartureDay(ride: { date: string; time: string; timezone: string }): string | null {
  if (!isCalendarDay(ride.date) || !isValidTimeZone(ride.timezone)) return null;
  const instant = new Date(`${ride.date}T${ride.time}:00.000Z`);
  return Number.isNaN(instant.getTime()) ? null : dayInTimeZone(instant, ride.timezone);
}

/**
 * The rules of `repeat` against the first departure (one place, for the server and the form): the
 * first local day is one of the weekdays, and `until` is neither before it nor more than
 * SERIES_MAX_WEEKS after it.
 */
export function repeatIssues(ride: { date: string; time: string; timezone: string }, repeat: RideRepeat): { path: string[]; message: string }[] {
  const first = localDepartureDay(ride);
  if (!first) return [];
  const issues: { path: string[]; message: string }[] = [];
  if (!repeat.weekdays.includes(weekdayOf(first))) {
    issues.push({ path: ['repeat', 'weekdays'], message: `must include the weekday of the first departure (${WEEKDAY_NAMES[weekdayOf(first)]})` });
  }
  if (repeat.until < first) issues.push({ path: ['repeat', 'until'], message: 'must not be before the first departure' });
  const last = addDays(first, SERIES_MAX_WEEKS * 7);
  if (repeat.until > last) issues.push({ path: ['repeat', 'until'], message: `must be at most ${SERIES_MAX_WEEKS} weeks after the first departure (${last})` });
  return issues;
}

/** A stop on the way, in route order; `date` and `time` are UTC like the ride's own. */
export const RideStopInput = z.object({ place: PlaceValueSchema, date: CalendarDaySchema, time: TimeOfDaySchema }).strict();
export type RideStopInput = z.infer<typeof RideStopInput>;

const rideStopsSchema = z.array(RideStopInput).max(RIDE_STOPS_MAX, `at most ${RIDE_STOPS_MAX} stops`);

/**
 * The rules of stops against the ride (one place, for the server and the form): places distinct
 * from each other and from the ride's ends, each stop after the one before it (the first after the
 * departure), and all within RIDE_STOP_WITHIN_HOURS of the departure. Region membership is the
 * server's check.
 */
export function stopIssues(ride: { from?: string; to?: string; date: string; time: string }, stops: readonly RideStopInput[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const departure = Date.parse(`${ride.date}T${ride.time}:00.000Z`);
  const latest = departure + RIDE_STOP_WITHIN_HOURS * 3_600_000;
  const seen = new Set<string>();
  let previous = departure;
  stops.forEach((stop, index) => {
    if (stop.place === ride.from || stop.place === ride.to) {
      issues.push({ path: ['stops', index, 'place'], message: 'must differ from the departure place and the destination' });
    } else if (seen.has(stop.place)) {
      issues.push({ path: ['stops', index, 'place'], message: 'is already a stop of this ride' });
    }
    seen.add(stop.place);
    const at = Date.parse(`${stop.date}T${stop.time}:00.000Z`);
    if (Number.isNaN(at) || Number.isNaN(departure)) return;
    if (at <= previous) {
      issues.push({ path: ['stops', index, 'time'], message: index === 0 ? 'must be after the departure' : 'must be after the previous stop' });
    } else if (at >= latest) {
      issues.push({ path: ['stops', index, 'time'], message: `must be within ${RIDE_STOP_WITHIN_HOURS} hours of the departure` });
    }
    previous = Math.max(previous, at);
  });
  return issues;
}

/**
 * The body of POST /api/rides (spec section 7). `date` and `time` are UTC; the web form converts
 * the local entry before sending. seatsAvailable / suitcasesAvailable may be left out; when sent
 * they must equal the totals, since a new ride has no bookings. `driver` is accepted for
 * compatibility and ignored: the driver is always the signed-in caller.
 */
export const CreateRideInput = z
  .object({
    from: PlaceValueSchema,
    to: PlaceValueSchema,
    date: CalendarDaySchema,
    time: TimeOfDaySchema,
    totalSeats: seatCount,
    seatsAvailable: seatCount.optional(),
    totalSuitcases: suitcaseCount,
    suitcasesAvailable: suitcaseCount.optional(),
    price: PriceSchema,
    notes: notesSchema(RIDE_NOTES_MAX_COUNT, RIDE_NOTE_MAX_CHARS),
    pickupAddress: optionalAddress,
    pickupLat: latitude,
    pickupLng: longitude,
    dropoffAddress: optionalAddress,
    dropoffLat: latitude,
    dropoffLng: longitude,
    timezone: TimeZoneSchema,
    driver: z.unknown().optional(),
    /** A ride back (to -> from) posted with this one, in UTC like date and time. */
    returnTrip: z.object({ date: CalendarDaySchema, time: TimeOfDaySchema }).strict().optional(),
    /** Repeat the ride weekly; with a return trip, the ride back repeats too, shifted by the same days. */
    repeat: RideRepeatInput.optional(),
    /** Stops on the way, in route order (at most RIDE_STOPS_MAX); none by default. */
    stops: rideStopsSchema.default([]),
  })
  .superRefine((ride, ctx) => {
    for (const issue of stopIssues(ride, ride.stops)) ctx.addIssue({ code: 'custom', ...issue });
    if (ride.repeat) for (const issue of repeatIssues(ride, ride.repeat)) ctx.addIssue({ code: 'custom', ...issue });
    if (ride.returnTrip && `${ride.returnTrip.date}T${ride.returnTrip.time}` <= `${ride.date}T${ride.time}`) {
      ctx.addIssue({ code: 'custom', path: ['returnTrip', 'time'], message: 'the return must depart after the outbound ride' });
    }
    if (ride.from === ride.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must differ from the departure place' });
    if (ride.seatsAvailable !== undefined && ride.seatsAvailable !== ride.totalSeats) {
      ctx.addIssue({ code: 'custom', path: ['seatsAvailable'], message: 'must equal totalSeats on a new ride' });
    }
    if (ride.suitcasesAvailable !== undefined && ride.suitcasesAvailable !== ride.totalSuitcases) {
      ctx.addIssue({ code: 'custom', path: ['suitcasesAvailable'], message: 'must equal totalSuitcases on a new ride' });
    }
    for (const [lat, lng, name] of [
      [ride.pickupLat, ride.pickupLng, 'pickup'],
      [ride.dropoffLat, ride.dropoffLng, 'dropoff'],
    ] as const) {
      if ((lat === null) !== (lng === null)) {
        ctx.addIssue({ code: 'custom', path: [`${name}Lat`], message: 'latitude and longitude go together' });
      }
    }
  });
export type CreateRideInput = z.input<typeof CreateRideInput>;
export type CreateRide = z.output<typeof CreateRideInput>;

/** Query strings: an empty value counts as absent (spec section 5, "empty or undefined values are skipped"). */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const CollegesQuery = z.preprocess(
  (value) => {
    const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item) => item !== '');
    return list.length === 0 ? undefined : list;
  },
  z.array(CollegeSchema).max(10).optional(),
);

/** A yes/no query parameter: `true` or `1`, `false` or `0`. */
const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const RideFilterFields = {
  from: z.preprocess(emptyAsAbsent, PlaceValueSchema.optional()),
  to: z.preprocess(emptyAsAbsent, PlaceValueSchema.optional()),
  /** One college or several (repeat the parameter); matches the driver's college. */
  colleges: CollegesQuery,
  /** The viewer's IANA zone that startDate / endDate / day counts are read in; UTC when absent. */
  timezone: z.preprocess(emptyAsAbsent, TimeZoneSchema.default('UTC')),
  /** At least this many free seats on the part searched (the smallest over its legs); 0 or absent: any, full rides too. */
  seats: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).max(MAX_SEATS).optional()),
  /** At least this many free suitcases on the part searched (the smallest over its legs); 0 or absent: any. */
  suitcases: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).max(MAX_SUITCASES).optional()),
  /** Only rides of drivers whose licence and insurance an administrator approved. */
  verifiedDrivers: z.preprocess(emptyAsAbsent, QueryBoolean.optional()),
};

export const RIDE_SORTS = ['departure', 'price'] as const;
export const RideSortSchema = z.enum(RIDE_SORTS);
export type RideSort = z.infer<typeof RideSortSchema>;

/**
 * `sort=price` on a search with `from` or `to` orders, in the server, at most this many matching
 * rides (the soonest); rides after them are not listed in that order
 * (docs/decisions/search-filters-in-the-address.md).
 */
export const PRICE_SORT_CANDIDATES_MAX = 500;

/**
 * GET /api/rides/getall. startDate and endDate are calendar days in `timezone`, both inclusive;
 * startDate = endDate is a single day.
 */
export const RideSearchQuery = z
  .object({
    ...RideFilterFields,
    startDate: z.preprocess(emptyAsAbsent, CalendarDaySchema.optional()),
    endDate: z.preprocess(emptyAsAbsent, CalendarDaySchema.optional()),
    /** departure (soonest boarding first, the default) or price (the part searched, cheapest first; then soonest). */
    sort: z.preprocess(emptyAsAbsent, RideSortSchema.default('departure')),
    limit: z.coerce.number().int().min(1).max(RIDES_PAGE_MAX).default(RIDES_PAGE_DEFAULT),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
    path: ['endDate'],
    message: 'must not be before startDate',
  });
export type RideSearchQuery = z.input<typeof RideSearchQuery>;
export type RideSearch = z.output<typeof RideSearchQuery>;

/** GET /api/rides/day-counts: counts per day from startDate for `days` days, with the list's filters. */
export const RideDayCountsQuery = z.object({
  ...RideFilterFields,
  startDate: CalendarDaySchema,
  days: z.coerce.number().int().min(1).max(DAY_COUNTS_MAX_DAYS).default(CAROUSEL_DAYS),
});
export type RideDayCountsQuery = z.input<typeof RideDayCountsQuery>;
export type RideDayCounts = z.output<typeof RideDayCountsQuery>;

export const RideDayCountDto = z.object({ date: z.string(), count: z.number().int() });
export const RideDayCountsDto = z.array(RideDayCountDto);
export type RideDayCount = z.infer<typeof RideDayCountDto>;

/** GET /api/rides/user/:userId paging. */
export const UserRidesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RIDES_PAGE_MAX).default(RIDES_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const RidePathParams = z.object({ id: z.uuid() });

/**
 * The driver as signed-in viewers see them; `info` is the driver's bio. The rating (reviews
 * received, as on the profile) and the preferences help a passenger choose.
 */
export const RideDriverDto = RatingSummaryDto.extend({
  id: z.uuid(),
  name: z.string(),
  info: z.string(),
  avatar: z.string().nullable(),
  avatarColor: z.string().nullable(),
  college: CollegeSchema.nullable(),
  driverVerified: z.boolean(),
  preferences: PreferencesSchema,
});
export type RideDriver = z.infer<typeof RideDriverDto>;

export const RidePassengerDto = z.object({
  /** The booking's id (what Accept / Reject act on). */
  id: z.uuid(),
  status: BookingStatusSchema,
  /** Set on a cancelled booking when it is known who cancelled it (not for old bookings). */
  cancelledBy: BookingCancellerSchema.optional(),
  seats: z.number().int(),
  suitcases: z.number().int(),
  user: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable(), avatarColor: z.string().nullable() }),
  /** Where the passenger boards and leaves: the ride's own ends unless they booked a segment. */
  from: z.string(),
  to: z.string(),
});
export type RidePassenger = z.infer<typeof RidePassengerDto>;

/** The caller's own booking on a ride, for the card button (Reserve / Pending / Confirmed / Declined). */
export const MyBookingDto = z.object({
  id: z.uuid(),
  status: BookingStatusSchema,
  /** Set on a cancelled booking when it is known who cancelled it (not for old bookings). */
  cancelledBy: BookingCancellerSchema.optional(),
  seats: z.number().int(),
  suitcases: z.number().int(),
  /** Where the passenger boards and leaves: the ride's own ends unless they booked a segment. */
  from: z.string(),
  to: z.string(),
});
export type MyBooking = z.infer<typeof MyBookingDto>;

/** The caller's own place on a ride's waiting list (docs/decisions/waiting-list.md). */
export const MyWaitlistEntryDto = z.object({
  /** 1 = first in line. */
  position: z.number().int().min(1),
  seats: z.number().int(),
  suitcases: z.number().int(),
  createdAt: z.iso.datetime(),
  /** Where the passenger boards and leaves: the ride's own ends unless they booked a segment. */
  from: z.string(),
  to: z.string(),
});
export type MyWaitlistEntry = z.infer<typeof MyWaitlistEntryDto>;

/** A stop of a ride, in route order: its place and when the ride leaves it (UTC, as the ride's own date and time). */
export const RideStopDto = z.object({
  place: z.string(),
  date: z.string(),
  time: z.string(),
  departsAt: z.iso.datetime(),
});
export type RideStop = z.infer<typeof RideStopDto>;

/**
 * One leg of a ride: from a point of its route to the next (a ride of n stops has n + 1 legs), with
 * the seats and suitcases still free on it and its road distance.
 */
export const RideLegDto = z.object({
  from: z.string(),
  to: z.string(),
  miles: z.number(),
  seatsAvailable: z.number().int().min(0),
  suitcasesAvailable: z.number().int().min(0),
});
export type RideLeg = z.infer<typeof RideLegDto>;

/**
 * The part of a ride a passenger looks at or books: from one point of its route to a later one.
 * `date`/`time` are when the ride leaves `from`, `arrivalDate`/`arrivalTime` when it reaches `to`
 * (a stop's own time, or for the destination an estimate from the distance), all UTC. `price` is
 * the segment's price per seat (the ride's price times the segment's share of the route's miles,
 * rounded up to the dollar, at least 1); seats and suitcases are the smallest free counts over the
 * segment's legs.
 */
export const RideSegmentDto = z.object({
  from: z.string(),
  to: z.string(),
  date: z.string(),
  time: z.string(),
  arrivalDate: z.string(),
  arrivalTime: z.string(),
  price: z.number(),
  miles: z.number(),
  routeMiles: z.number(),
  seatsAvailable: z.number().int().min(0),
  suitcasesAvailable: z.number().int().min(0),
});
export type RideSegment = z.infer<typeof RideSegmentDto>;

/**
 * A ride (spec section 3). What depends on the viewer:
 * - driver: null for signed-out callers (the card shows the sign-in prompt instead).
 * - passengers, messages and messageCount: only for the ride's participants (the driver, and
 *   passengers with a pending or confirmed booking); everyone else gets empty lists and 0.
 *   `messages` holds the latest RIDE_MESSAGES_IN_RIDE messages of the ride chat, oldest first;
 *   `messageCount` is how many the chat holds in all.
 * - myBooking: the caller's active booking, else their latest one; null when none or signed out.
 * - canDelete: true for the driver while the ride is active and has not departed.
 * - myWaitlistEntry: the caller's place on the waiting list, null when not waiting or signed out;
 *   waitingCount: how many passengers wait (for everyone).
 */
export const RideDto = z.object({
  id: z.uuid(),
  region: RegionSchema,
  from: z.string(),
  to: z.string(),
  /** UTC calendar day of departure, yyyy-mm-dd. */
  date: z.string(),
  /** UTC time of departure, HH:MM. */
  time: z.string(),
  departsAt: z.iso.datetime(),
  price: z.number(),
  seatsAvailable: z.number().int(),
  totalSeats: z.number().int(),
  suitcasesAvailable: z.number().int(),
  totalSuitcases: z.number().int(),
  notes: z.array(z.string()),
  postedTime: z.string(),
  createdAt: z.iso.datetime(),
  pickupAddress: z.string().nullable(),
  pickupLat: z.number().nullable(),
  pickupLng: z.number().nullable(),
  dropoffAddress: z.string().nullable(),
  dropoffLat: z.number().nullable(),
  dropoffLng: z.number().nullable(),
  /** The poster's IANA zone. */
  timezone: z.string(),
  status: RideStatusSchema,
  driver: RideDriverDto.nullable(),
  messages: z.array(RideMessageDto).max(RIDE_MESSAGES_IN_RIDE),
  messageCount: z.number().int().min(0),
  passengers: z.array(RidePassengerDto),
  canDelete: z.boolean(),
  myBooking: MyBookingDto.nullable(),
  /** When the driver last edited the ride (ISO 8601), null when never. */
  editedAt: z.iso.datetime().nullable(),
  waitingCount: z.number().int().min(0),
  myWaitlistEntry: MyWaitlistEntryDto.nullable(),
  /** The weekly series this ride is an occurrence of; null for a single ride. */
  seriesId: z.uuid().nullable(),
  /** Stops between `from` and `to`, in route order; empty for a ride without stops. */
  stops: z.array(RideStopDto),
  /** The route's legs in order (stops + 1), each with its free seats and suitcases. */
  legs: z.array(RideLegDto).min(1),
  /**
   * The part of the route the caller asked for (a search's from/to), else the whole ride. The
   * spec's seatsAvailable / suitcasesAvailable are the whole ride's: the smallest over its legs.
   */
  segment: RideSegmentDto,
});
export type Ride = z.infer<typeof RideDto>;

export const RideListDto = z.array(RideDto);

/**
 * A ride's free seats and suitcases, how many wait for it and its status, sent after every change
 * to everyone browsing the ride's region (docs/decisions/live-seat-counts.md), so that lists
 * update without a refetch.
 */
export const RideSeatsDto = z.object({
  rideId: z.uuid(),
  seatsAvailable: z.number().int().min(0),
  suitcasesAvailable: z.number().int().min(0),
  /** Free seats and suitcases per leg, in route order. */
  legs: z.array(z.object({ seatsAvailable: z.number().int().min(0), suitcasesAvailable: z.number().int().min(0) })).min(1),
  waitingCount: z.number().int().min(0),
  status: RideStatusSchema,
});
export type RideSeats = z.infer<typeof RideSeatsDto>;

/**
 * The server's rule for a new ride's departure (a UTC day and time, as CreateRideInput carries
 * them): strictly after now. The web form checks it before sending.
 */
export function departsInFuture(ride: { date: string; time: string }, now: Date): boolean {
  return new Date(`${ride.date}T${ride.time}:00.000Z`).getTime() > now.getTime();
}

/**
 * The answer of POST /api/rides: the ride (the first occurrence of a weekly ride), and the ride
 * back when a return trip was asked for. With `repeat`, how many occurrences were created now
 * (those within the horizon; see docs/decisions/weekly-rides.md), and as many for the ride back.
 */
export const CreatedRideDto = RideDto.extend({
  returnRide: RideDto.optional(),
  occurrencesCreated: z.number().int().min(1).optional(),
  returnOccurrencesCreated: z.number().int().min(1).optional(),
});
export type CreatedRide = z.infer<typeof CreatedRideDto>;

const editedAddress = z
  .string()
  .trim()
  .max(ADDRESS_MAX_CHARS)
  .nullable()
  .transform((value) => (value ? value : null))
  .optional();

/**
 * The body of PATCH /api/rides/{id}: what the driver may change before departure, each field
 * optional (absent = unchanged). from/to are refused (that is another ride). Date and time are UTC
 * and go together.
 */
export const UpdateRideInput = z
  .object({
    date: CalendarDaySchema.optional(),
    time: TimeOfDaySchema.optional(),
    price: PriceSchema.optional(),
    totalSeats: seatCount.optional(),
    totalSuitcases: suitcaseCount.optional(),
    notes: z
      .array(z.string().trim().max(RIDE_NOTE_MAX_CHARS))
      .max(RIDE_NOTES_MAX_COUNT)
      .transform((notes) => notes.filter((note) => note.length > 0))
      .optional(),
    /** The ride's stops as they should be, in route order ([] removes them all); absent = unchanged. */
    stops: rideStopsSchema.optional(),
    // null clears an address; absent leaves it as it is.
    pickupAddress: editedAddress,
    dropoffAddress: editedAddress,
    from: z.unknown().optional(),
    to: z.unknown().optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    for (const field of ['from', 'to'] as const) {
      if (patch[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'cannot change; cancel and post a new ride instead' });
      }
    }
    if ((patch.date === undefined) !== (patch.time === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'date and time go together' });
    }
  });
export type UpdateRideInput = z.input<typeof UpdateRideInput>;
export type UpdateRide = z.output<typeof UpdateRideInput>;

export const RideSeriesPathParams = z.object({ seriesId: z.uuid() });
/** DELETE /api/ride-series/{seriesId}?from=yyyy-mm-dd: from this local day of the series on. */
export const CancelRideSeriesQuery = z.object({ from: CalendarDaySchema });
export const CancelledRideSeriesDto = z.object({
  seriesId: z.uuid(),
  from: z.string(),
  /** The occurrences this call cancelled, soonest first. */
  cancelledRideIds: z.array(z.uuid()),
});
export type CancelledRideSeries = z.infer<typeof CancelledRideSeriesDto>;

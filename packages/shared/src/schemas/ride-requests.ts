import { z } from 'zod';
import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS, MIN_SUITCASES } from '../constants.js';
import { pagingQuery } from './common.js';
import { CollegeSchema, RatingSummaryDto } from './users.js';
import { CalendarDaySchema, notesSchema, PlaceValueSchema, TimeOfDaySchema, TimeZoneSchema } from './rides.js';

export const RIDE_REQUEST_NOTES_MAX_COUNT = 10;
export const RIDE_REQUEST_NOTE_MAX_CHARS = 500;
export const RIDE_REQUEST_ADDRESS_MAX_CHARS = 300;
export const RIDE_REQUEST_LIST_DEFAULT_LIMIT = 50;
export const RIDE_REQUEST_LIST_MAX_LIMIT = 100;

const AddressSchema = z.string().trim().min(1, 'is required').max(RIDE_REQUEST_ADDRESS_MAX_CHARS);
const LatitudeSchema = z.number().min(-90).max(90).nullish();
const LongitudeSchema = z.number().min(-180).max(180).nullish();

/**
 * The Request a Ride form (spec section 5). date and time are UTC, converted from the local entry
 * by the client; timezone is the requester's IANA zone, which decides their "same day" for alerts.
 * The region's places, from != to and a future departure are checked by the server, which knows
 * the region and the time.
 */
export const CreateRideRequestInput = z.object({
  from: PlaceValueSchema,
  to: PlaceValueSchema,
  date: CalendarDaySchema,
  time: TimeOfDaySchema,
  seatsNeeded: z.number().int().min(MIN_SEATS).max(MAX_SEATS),
  suitcasesNeeded: z.number().int().min(MIN_SUITCASES).max(MAX_SUITCASES),
  notes: notesSchema(RIDE_REQUEST_NOTES_MAX_COUNT, RIDE_REQUEST_NOTE_MAX_CHARS),
  preferredPickupAddress: AddressSchema,
  preferredPickupLat: LatitudeSchema,
  preferredPickupLng: LongitudeSchema,
  preferredDropoffAddress: AddressSchema,
  preferredDropoffLat: LatitudeSchema,
  preferredDropoffLng: LongitudeSchema,
  timezone: TimeZoneSchema,
});
export type CreateRideRequestInput = z.input<typeof CreateRideRequestInput>;
export type CreateRideRequest = z.output<typeof CreateRideRequestInput>;

/** Empty filter values are skipped, as the spec says of search filters. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const RideRequestSearchQuery = z
  .object({
    from: optionalFilter(z.string().max(100)),
    to: optionalFilter(z.string().max(100)),
    /** The viewer's local day, read in `timezone`. */
    date: optionalFilter(CalendarDaySchema),
    timezone: optionalFilter(TimeZoneSchema),
  })
  .extend(pagingQuery(RIDE_REQUEST_LIST_DEFAULT_LIMIT, RIDE_REQUEST_LIST_MAX_LIMIT).shape);
export type RideRequestSearchQuery = z.output<typeof RideRequestSearchQuery>;

export const OwnRideRequestsQuery = pagingQuery(RIDE_REQUEST_LIST_MAX_LIMIT, RIDE_REQUEST_LIST_MAX_LIMIT);

/**
 * The requester as a signed-in viewer sees them, with their rating (reviews received, as on the
 * profile). `driverVerified` is the one verification there is (licence and insurance checked by an
 * admin), the same flag a ride gives of its driver: the Details modal's "Verified Passenger".
 */
export const RideRequestPassengerDto = RatingSummaryDto.extend({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarColor: z.string().nullable(),
  college: CollegeSchema.nullable(),
  driverVerified: z.boolean(),
});

export const RideRequestDto = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  /** UTC yyyy-mm-dd. */
  date: z.string(),
  /** UTC HH:MM. */
  time: z.string(),
  departsAt: z.iso.datetime(),
  seatsNeeded: z.number().int(),
  suitcasesNeeded: z.number().int(),
  notes: z.array(z.string()),
  /** Null for signed-out viewers, who see no passenger identity. */
  userId: z.uuid().nullable(),
  preferredPickupAddress: z.string(),
  preferredPickupLat: z.number().nullable(),
  preferredPickupLng: z.number().nullable(),
  preferredDropoffAddress: z.string(),
  preferredDropoffLat: z.number().nullable(),
  preferredDropoffLng: z.number().nullable(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  postedTime: z.string(),
  /** Null for signed-out viewers ("to view passenger details"). */
  passenger: RideRequestPassengerDto.nullable(),
  /** True when the signed-in viewer posted this request ("This is your ride request."). */
  isOwn: z.boolean(),
});
export type RideRequest = z.infer<typeof RideRequestDto>;

export const RideRequestListDto = z.array(RideRequestDto);

export const DeleteRideRequestDto = z.object({ ok: z.literal(true) });

import { DEFAULT_SEATS, DEFAULT_SUITCASES, SERIES_HORIZON_WEEKS, SERIES_MAX_WEEKS } from '@carpool/shared/constants';
import { CreateRideInput, departsInFuture, type CreateRide, type CreatedRide, type Ride, type UpdateRideInput } from '@carpool/shared/schemas/rides';
import { dayInTimeZone, wallClockToUtc } from '@carpool/shared/time-zones';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * What the Post a New Ride form holds: the API's field names, with the date and time as the
 * poster typed them (local) and the numbers as the inputs give them (text).
 */
export interface PostRideFormValues extends FieldValues {
  from: string;
  to: string;
  date: string;
  time: string;
  totalSeats: string;
  totalSuitcases: string;
  price: string;
  pickupAddress: string;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffAddress: string;
  dropoffLat: number | null;
  dropoffLng: number | null;
  notes: string[];
  /** "Add a return trip": a ride back (to -> from), local date and time like the ride's own. */
  returnTrip: boolean;
  returnDate: string;
  returnTime: string;
  /** "Repeat weekly": on these local weekdays (0 = Sunday) until this local day. */
  repeat: boolean;
  repeatWeekdays: number[];
  repeatUntil: string;
}

export const POST_RIDE_DEFAULTS: PostRideFormValues = {
  from: '',
  to: '',
  date: '',
  time: '',
  totalSeats: String(DEFAULT_SEATS),
  totalSuitcases: String(DEFAULT_SUITCASES),
  price: '',
  pickupAddress: '',
  pickupLat: null,
  pickupLng: null,
  dropoffAddress: '',
  dropoffLat: null,
  dropoffLng: null,
  notes: [],
  returnTrip: false,
  returnDate: '',
  returnTime: '',
  repeat: false,
  repeatWeekdays: [],
  repeatUntil: '',
};

function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The POST /api/rides body: the date and time, local to the poster's zone, converted to UTC; that zone attached. */
export function toCreateRideBody(values: PostRideFormValues, timezone: string): Record<string, unknown> {
  const utc = wallClockToUtc(values.date, values.time, timezone);
  return {
    from: values.from,
    to: values.to,
    // An incomplete entry keeps its raw text so the schema reports the field the poster must fix.
    date: utc?.date ?? values.date,
    time: utc?.time ?? values.time,
    totalSeats: toNumber(values.totalSeats),
    totalSuitcases: toNumber(values.totalSuitcases),
    price: toNumber(values.price),
    notes: values.notes,
    pickupAddress: values.pickupAddress,
    pickupLat: values.pickupLat,
    pickupLng: values.pickupLng,
    dropoffAddress: values.dropoffAddress,
    dropoffLat: values.dropoffLat,
    dropoffLng: values.dropoffLng,
    timezone,
    ...(values.returnTrip ? { returnTrip: returnTripBody(values, timezone) } : {}),
    // Weekdays and until are local days in the poster's zone, as the API takes them.
    ...(values.repeat ? { repeat: { weekdays: [...values.repeatWeekdays].sort((a, b) => a - b), until: values.repeatUntil } } : {}),
  };
}

function returnTripBody(values: PostRideFormValues, timezone: string): { date: string; time: string } {
  const utc = wallClockToUtc(values.returnDate, values.returnTime, timezone);
  return { date: utc?.date ?? values.returnDate, time: utc?.time ?? values.returnTime };
}

const apiResolver = zodResolver(CreateRideInput);

/**
 * Validates the form with the very schema the server uses (CreateRideInput), on the body that
 * would be sent. The field names match, so the schema's errors land on the right inputs, and the
 * submit handler receives the parsed UTC body.
 */
export function postRideResolver(timezone: () => string, now: () => Date = () => new Date()): Resolver<PostRideFormValues, unknown, CreateRide> {
  return async (values, context, options) => {
    const result = (await apiResolver(toCreateRideBody(values, timezone()) as never, context, options as never)) as unknown as Awaited<
      ReturnType<Resolver<PostRideFormValues, unknown, CreateRide>>
    >;
    // The schema cannot know the time; the server's other rule on the departure is checked here.
    if (Object.keys(result.errors).length === 0 && !departsInFuture(result.values as CreateRide, now())) {
      return { values: {}, errors: { time: { type: 'past', message: PAST_DEPARTURE_ERROR } } };
    }
    return result;
  };
}

export const PAST_DEPARTURE_ERROR = 'This time has passed. Choose a departure in the future.';

/** Short messages per field; the schema's own wording is written for API callers. */
export const POST_RIDE_FIELD_ERRORS: Partial<Record<keyof PostRideFormValues, string>> = {
  from: 'Choose where the ride leaves from.',
  to: 'Choose a destination other than the departure.',
  date: 'Choose the day of the ride.',
  time: 'Choose the departure time.',
  totalSeats: 'Seats must be a whole number from 1 to 8.',
  totalSuitcases: 'Suitcases must be a whole number from 1 to 8.',
  price: 'The price must be at least $1, with at most 2 decimals.',
  pickupAddress: 'The pick-up address is too long.',
  dropoffAddress: 'The drop-off address is too long.',
  notes: 'Notes must not be empty or too long.',
  returnTrip: 'Choose a return day and time after the departure.',
};

/** The messages of the "Repeat weekly" fields (the schema reports them under repeat.weekdays and repeat.until). */
export const REPEAT_FIELD_ERRORS = {
  weekdays: 'Choose the weekdays, including the day of the first ride.',
  until: `Choose an end date from the first ride to ${SERIES_MAX_WEEKS} weeks after it.`,
} as const;

export const REPEAT_HORIZON_HINT = `Rides are created ${SERIES_HORIZON_WEEKS} weeks ahead; the later ones appear as the weeks go by.`;

/** The success message after posting: how many rides a weekly ride (and its ride back) created. */
export function postedRideMessage(created: Pick<CreatedRide, 'occurrencesCreated' | 'returnOccurrencesCreated'>, single: string): string {
  if (created.occurrencesCreated === undefined) return single;
  const rides = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  const back = created.returnOccurrencesCreated === undefined ? '' : ` and ${rides(created.returnOccurrencesCreated, 'ride')} back`;
  return `Your weekly ride has been posted: ${rides(created.occurrencesCreated, 'ride')}${back} created.`;
}

/** The post form prefilled with a ride to edit, its departure shown in the viewer's zone. */
export function editRideFormValues(ride: Ride, timezone: string): PostRideFormValues {
  const departsAt = new Date(ride.departsAt);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(departsAt);
  return {
    ...POST_RIDE_DEFAULTS,
    from: ride.from,
    to: ride.to,
    date: dayInTimeZone(departsAt, timezone),
    time,
    totalSeats: String(ride.totalSeats),
    totalSuitcases: String(ride.totalSuitcases),
    price: String(ride.price),
    pickupAddress: ride.pickupAddress ?? '',
    pickupLat: ride.pickupLat,
    pickupLng: ride.pickupLng,
    dropoffAddress: ride.dropoffAddress ?? '',
    dropoffLat: ride.dropoffLat,
    dropoffLng: ride.dropoffLng,
    notes: ride.notes,
  };
}

/** The PATCH body of an edit: only the fields that differ from the ride (from/to never change). */
export function toUpdateRideBody(ride: Ride, body: CreateRide): UpdateRideInput {
  const changes: UpdateRideInput = {};
  if (body.date !== ride.date || body.time !== ride.time) Object.assign(changes, { date: body.date, time: body.time });
  if (body.price !== ride.price) changes.price = body.price;
  if (body.totalSeats !== ride.totalSeats) changes.totalSeats = body.totalSeats;
  if (body.totalSuitcases !== ride.totalSuitcases) changes.totalSuitcases = body.totalSuitcases;
  if (JSON.stringify(body.notes) !== JSON.stringify(ride.notes)) changes.notes = body.notes;
  if (body.pickupAddress !== ride.pickupAddress) changes.pickupAddress = body.pickupAddress;
  if (body.dropoffAddress !== ride.dropoffAddress) changes.dropoffAddress = body.dropoffAddress;
  return changes;
}

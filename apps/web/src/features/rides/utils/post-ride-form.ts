import { DEFAULT_SEATS, DEFAULT_SUITCASES, MAX_PRICE, MIN_PRICE, SERIES_HORIZON_WEEKS, SERIES_MAX_WEEKS } from '@carpool/shared/constants';
import { estimatedTravelMinutes, legMiles } from '@carpool/shared/distance';
import type { PlaceIndex } from '@carpool/shared/place-index';
import { CreateRideInput, departsInFuture, type CreateRide, type CreatedRide, type Ride, type UpdateRideInput } from '@carpool/shared/schemas/rides';
import { dayInTimeZone, timeInTimeZone, wallClockToInstant, wallClockToUtc } from '@carpool/shared/time-zones';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';

/** A stop as the form holds it: its place, and its day and time as the driver reads them (local). */
export interface PostRideStopValues {
  place: string;
  date: string;
  time: string;
  /** The day and time are the form's estimate from the distance, not the driver's: they follow the departure. */
  estimated: boolean;
}

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
  /** Stops on the way, in route order. */
  stops: PostRideStopValues[];
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
  stops: [],
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
    // Each stop's day and time are local like the departure's, and sent in UTC like it.
    stops: values.stops.map((stop) => {
      const at = wallClockToUtc(stop.date, stop.time, timezone);
      return { place: stop.place, date: at?.date ?? stop.date, time: at?.time ?? stop.time };
    }),
  };
}

function returnTripBody(values: PostRideFormValues, timezone: string): { date: string; time: string } {
  const utc = wallClockToUtc(values.returnDate, values.returnTime, timezone);
  return { date: utc?.date ?? values.returnDate, time: utc?.time ?? values.returnTime };
}

export const PAST_DEPARTURE_ERROR = 'This time has passed. Choose a departure in the future.';

const RETURN_TRIP_ERROR = 'Choose a return day and time after the departure.';
const COORDINATES_ERROR = 'Choose the address again from the suggestions.';

/**
 * The form's words for the shared schema's rules, one text per form field (the schema's own
 * wording is written for API callers). The schema reports the return trip under returnTrip.date /
 * .time and "Repeat weekly" under repeat.weekdays / .until; here they are the form's fields.
 */
const POST_RIDE_FIELD_ERRORS = {
  from: 'Choose where the ride leaves from.',
  to: 'Choose a destination other than the departure.',
  date: 'Choose the day of the ride.',
  time: 'Choose the departure time.',
  totalSeats: 'Seats must be a whole number from 1 to 8.',
  totalSuitcases: 'Suitcases must be a whole number from 1 to 8.',
  price: `The price must be from $${MIN_PRICE} to $${MAX_PRICE}, with at most 2 decimals.`,
  pickupAddress: 'The pick-up address is too long.',
  dropoffAddress: 'The drop-off address is too long.',
  notes: 'Notes must not be empty or too long.',
  returnDate: RETURN_TRIP_ERROR,
  returnTime: RETURN_TRIP_ERROR,
  repeatWeekdays: 'Choose the weekdays, including the day of the first ride.',
  repeatUntil: `Choose an end date from the first ride to ${SERIES_MAX_WEEKS} weeks after it.`,
} as const satisfies Partial<Record<keyof PostRideFormValues, string>>;

/**
 * Where a body field shows in the form, by whole path or top-level field (also for the server's
 * 400 details): the return trip and the repeat are split into the form's own fields, and a picked
 * suggestion's coordinates answer under their address.
 */
export const POST_RIDE_FIELD_OF_BODY: Readonly<Record<string, string>> = {
  'returnTrip.date': 'returnDate',
  returnTrip: 'returnTime',
  'repeat.until': 'repeatUntil',
  repeat: 'repeatWeekdays',
  pickupLat: 'pickupAddress',
  pickupLng: 'pickupAddress',
  dropoffLat: 'dropoffAddress',
  dropoffLng: 'dropoffAddress',
};

/** The form's words for a stop's field whose entry is missing or not a day or time (the schema's own rules). */
const STOP_FIELD_ERRORS: Readonly<Record<string, string>> = {
  place: 'Choose the place of the stop.',
  date: 'Choose the day of the stop.',
  time: 'Choose the time of the stop.',
};

/** "must be after the departure" -> "Must be after the departure.": the shared rules of stops, as a sentence. */
function asSentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Where a rule on a stop shows: under the stop's field (`stops.1.time`). The shared rules of stops
 * (stopIssues: order, distinct places, within a day) keep their words; an empty or malformed entry
 * gets the form's.
 */
function stopIssueOf(path: readonly PropertyKey[], code: string | undefined, message: string): { path: string[]; message: string } {
  const [, index, field] = path.map(String);
  if (index === undefined || field === undefined) return { path: ['stops'], message: asSentence(message) };
  // The shared rules report on the place and the time; a day is only ever refused for its format.
  const sharedRule = code === 'custom' && field !== 'date';
  return { path: ['stops', index, field], message: sharedRule ? asSentence(message) : (STOP_FIELD_ERRORS[field] ?? asSentence(message)) };
}

function formIssueOf(path: readonly PropertyKey[]): { path: string[]; message: string } | null {
  const whole = path.map(String).join('.');
  const top = String(path[0] ?? '');
  const field = POST_RIDE_FIELD_OF_BODY[whole] ?? POST_RIDE_FIELD_OF_BODY[top] ?? top;
  // Coordinates come only from a picked suggestion; a rule they break is fixed by picking again.
  if (field !== top && (field === 'pickupAddress' || field === 'dropoffAddress')) return { path: [field], message: COORDINATES_ERROR };
  if (field in POST_RIDE_FIELD_ERRORS) {
    return { path: [field], message: POST_RIDE_FIELD_ERRORS[field as keyof typeof POST_RIDE_FIELD_ERRORS] };
  }
  return null;
}

/**
 * The Post a New Ride form's schema: the very schema the server uses (CreateRideInput), on the
 * body that would be sent (UTC date and time, numbers), each rule it breaks worded for the form
 * and put on the form's field; plus the server's other rule, a departure ahead (the schema cannot
 * know the time). Its output is the parsed UTC body.
 */
export function postRideFormSchema(timezone: string, now: () => Date = () => new Date()) {
  return z.custom<PostRideFormValues>().transform((values, ctx): CreateRide => {
    const parsed = CreateRideInput.safeParse(toCreateRideBody(values, timezone));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'stops') {
          ctx.addIssue({ code: 'custom', ...stopIssueOf(issue.path, issue.code, issue.message) });
          continue;
        }
        // A rule on a body field the form has no input for (the zone) keeps the schema's words.
        ctx.addIssue({ code: 'custom', ...(formIssueOf(issue.path) ?? { path: issue.path.map(String), message: issue.message }) });
      }
      return z.NEVER;
    }
    if (!departsInFuture(parsed.data, now())) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: PAST_DEPARTURE_ERROR });
      return z.NEVER;
    }
    return parsed.data;
  });
}

export const REPEAT_HORIZON_HINT = `Rides are created ${SERIES_HORIZON_WEEKS} weeks ahead; the later ones appear as the weeks go by.`;

/** The success message after posting: how many rides a weekly ride (and its ride back) created. */
export function postedRideMessage(created: Pick<CreatedRide, 'occurrencesCreated' | 'returnOccurrencesCreated'>, single: string): string {
  if (created.occurrencesCreated === undefined) return single;
  const rides = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  const back = created.returnOccurrencesCreated === undefined ? '' : ` and ${rides(created.returnOccurrencesCreated, 'ride')} back`;
  return `Your weekly ride has been posted: ${rides(created.occurrencesCreated, 'ride')}${back} created.`;
}

/** An instant as the form's date and time inputs read it in the viewer's zone. */
function localWallClock(instant: Date, timezone: string): { date: string; time: string } {
  return { date: dayInTimeZone(instant, timezone), time: timeInTimeZone(instant, timezone) };
}

/** The post form prefilled with a ride to edit, its departure and stops shown in the viewer's zone. */
export function editRideFormValues(ride: Ride, timezone: string): PostRideFormValues {
  return {
    ...POST_RIDE_DEFAULTS,
    from: ride.from,
    to: ride.to,
    ...localWallClock(new Date(ride.departsAt), timezone),
    stops: ride.stops.map((stop) => ({ place: stop.place, ...localWallClock(new Date(stop.departsAt), timezone), estimated: false })),
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
  const stopsOf = (stops: readonly { place: string; date: string; time: string }[]) => JSON.stringify(stops.map(({ place, date, time }) => [place, date, time]));
  if (stopsOf(body.stops) !== stopsOf(ride.stops)) changes.stops = body.stops;
  return changes;
}

/**
 * When the ride reaches stop `index`, as the form's local day and time: the departure plus the
 * time the road miles to it take (through the stops before it). Null until the departure and the
 * places up to it are known.
 */
export function estimatedStopTime(
  places: PlaceIndex,
  values: Pick<PostRideFormValues, 'from' | 'date' | 'time' | 'stops'>,
  index: number,
  timezone: string,
): { date: string; time: string } | null {
  const departure = wallClockToInstant(values.date, values.time, timezone);
  const route = [values.from, ...values.stops.slice(0, index + 1).map((stop) => stop.place)];
  if (!departure || route.some((place) => !place)) return null;
  let miles: number;
  try {
    miles = legMiles(places, route).reduce((sum, leg) => sum + leg, 0);
  } catch {
    // A place of another region (the region was switched with the form open): no estimate.
    return null;
  }
  return localWallClock(new Date(departure.getTime() + estimatedTravelMinutes(miles) * 60_000), timezone);
}

import { DEFAULT_SEATS, DEFAULT_SUITCASES } from '@carpool/shared/constants';
import { CreateRideRequestInput, RIDE_REQUEST_NOTE_MAX_CHARS } from '@carpool/shared/schemas/ride-requests';
import { isWallClockInFuture, wallClockToUtc } from '@carpool/shared/time-zones';
import { z } from 'zod';

const fields = CreateRideRequestInput.shape;

/** An empty input reads "is required" rather than the format rule it trivially breaks. */
const required = <T extends z.ZodType<string, string>>(schema: T) => z.string().min(1, 'is required').pipe(schema);

/**
 * The Request a Ride form: the shared request schema's own rules, with date and time as typed (local),
 * a single notes box (an empty one sends no note), and the two rules the server would otherwise be
 * the first to tell: the places differ and the departure is ahead.
 */
export function requestRideFormSchema(timeZone: string, now: () => Date = () => new Date()) {
  return z
    .object({
      from: fields.from,
      to: fields.to,
      preferredPickupAddress: fields.preferredPickupAddress,
      preferredDropoffAddress: fields.preferredDropoffAddress,
      // Set by picking an address suggestion, cleared by typing.
      preferredPickupLat: fields.preferredPickupLat,
      preferredPickupLng: fields.preferredPickupLng,
      preferredDropoffLat: fields.preferredDropoffLat,
      preferredDropoffLng: fields.preferredDropoffLng,
      date: required(fields.date),
      time: required(fields.time),
      seatsNeeded: fields.seatsNeeded,
      suitcasesNeeded: fields.suitcasesNeeded,
      note: z.string().trim().max(RIDE_REQUEST_NOTE_MAX_CHARS),
    })
    .superRefine((values, ctx) => {
      if (values.from && values.from === values.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'must differ from the departure place' });
      }
      if (values.date && values.time && !isWallClockInFuture(values.date, values.time, timeZone, now())) {
        ctx.addIssue({ code: 'custom', path: ['time'], message: 'must be in the future' });
      }
    });
}

export type RequestRideFormValues = z.input<ReturnType<typeof requestRideFormSchema>>;
export type RequestRideFormField = keyof RequestRideFormValues;

/** What the form holds when it opens and after a successful submit (spec section 4: seats 1, suitcases 1). */
export const REQUEST_RIDE_FORM_DEFAULTS: RequestRideFormValues = {
  from: '',
  to: '',
  preferredPickupAddress: '',
  preferredDropoffAddress: '',
  preferredPickupLat: null,
  preferredPickupLng: null,
  preferredDropoffLat: null,
  preferredDropoffLng: null,
  date: '',
  time: '',
  seatsNeeded: DEFAULT_SEATS,
  suitcasesNeeded: DEFAULT_SUITCASES,
  note: '',
};

/** The body of POST /api/ride-requests: the local date and time turned into UTC, with the zone they were typed in. */
export function toCreateRideRequestBody(values: RequestRideFormValues, timeZone: string): CreateRideRequestInput {
  const utc = wallClockToUtc(values.date, values.time, timeZone);
  const note = values.note.trim();
  return {
    from: values.from,
    to: values.to,
    // The form has validated both; were one not a real reading, its raw text lets the server say so.
    date: utc?.date ?? values.date,
    time: utc?.time ?? values.time,
    seatsNeeded: values.seatsNeeded,
    suitcasesNeeded: values.suitcasesNeeded,
    notes: note ? [note] : [],
    preferredPickupAddress: values.preferredPickupAddress.trim(),
    preferredDropoffAddress: values.preferredDropoffAddress.trim(),
    preferredPickupLat: values.preferredPickupLat ?? null,
    preferredPickupLng: values.preferredPickupLng ?? null,
    preferredDropoffLat: values.preferredDropoffLat ?? null,
    preferredDropoffLng: values.preferredDropoffLng ?? null,
    timezone: timeZone,
  };
}

const FORM_FIELD_OF_BODY_FIELD: Record<string, RequestRideFormField> = {
  from: 'from',
  to: 'to',
  date: 'date',
  time: 'time',
  seatsNeeded: 'seatsNeeded',
  suitcasesNeeded: 'suitcasesNeeded',
  preferredPickupAddress: 'preferredPickupAddress',
  preferredDropoffAddress: 'preferredDropoffAddress',
  // A suggestion's coordinates are not fields of their own: their address answers for them.
  preferredPickupLat: 'preferredPickupAddress',
  preferredPickupLng: 'preferredPickupAddress',
  preferredDropoffLat: 'preferredDropoffAddress',
  preferredDropoffLng: 'preferredDropoffAddress',
  notes: 'note',
};

/**
 * The server's 400 details ([{path: 'body.time', message}]) as messages for the form's fields, so
 * that a rule only the server knows (a place outside the region) shows next to its input.
 */
export function fieldErrorsFromDetails(details: unknown): Partial<Record<RequestRideFormField, string>> {
  if (!Array.isArray(details)) return {};
  const errors: Partial<Record<RequestRideFormField, string>> = {};
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const bodyField = path.replace(/^body\./, '').split('.')[0] ?? '';
    const field = FORM_FIELD_OF_BODY_FIELD[bodyField];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

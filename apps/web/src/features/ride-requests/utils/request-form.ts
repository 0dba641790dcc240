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

/**
 * The body fields the form shows under another name (for the server's 400 details): the single
 * notes box, and a suggestion's coordinates, which are not fields of their own: their address
 * answers for them.
 */
export const REQUEST_FIELD_OF_BODY: Readonly<Record<string, RequestRideFormField>> = {
  notes: 'note',
  preferredPickupLat: 'preferredPickupAddress',
  preferredPickupLng: 'preferredPickupAddress',
  preferredDropoffLat: 'preferredDropoffAddress',
  preferredDropoffLng: 'preferredDropoffAddress',
};

/** The form's labels, which the shared schema's messages follow ("is required" -> "Date is required"). */
export const REQUEST_FIELD_LABELS: Readonly<Partial<Record<string, string>>> = {
  from: 'From',
  to: 'To',
  preferredPickupAddress: 'Pickup address',
  preferredDropoffAddress: 'Drop-off address',
  date: 'Date',
  time: 'Time',
  seatsNeeded: 'Seats needed',
  suitcasesNeeded: 'Suitcases needed',
  note: 'Notes',
};

/** A message worded to follow a name ("is required") follows the field's label; others stand as they are. */
export function wordRequestMessage(field: string, message: string): string {
  const label = REQUEST_FIELD_LABELS[field];
  return label && /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

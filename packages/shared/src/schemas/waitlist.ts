import { z } from 'zod';
import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS } from '../constants.js';
import { MyWaitlistEntryDto, PlaceValueSchema } from './rides.js';

/**
 * POST /api/rides/{id}/waitlist: what the passenger waits for. Only a request the ride cannot take
 * right now may wait (409 RIDE_HAS_ROOM otherwise: reserve instead).
 */
export const JoinWaitlistInput = z.object({
  seats: z.number().int('must be a whole number').min(MIN_SEATS).max(MAX_SEATS),
  suitcases: z.number().int('must be a whole number').min(0).max(MAX_SUITCASES),
  /** The segment waited for, as in a booking: places of the route, `from` before `to`; default the ride's ends. */
  from: PlaceValueSchema.optional(),
  to: PlaceValueSchema.optional(),
});
export type JoinWaitlistInput = z.infer<typeof JoinWaitlistInput>;

/**
 * The waiting-list form's rules: JoinWaitlistInput's, narrowed to the ride's totals as the form
 * last saw them (the server refuses a request that can never fit with 409 CONFLICT).
 */
export function joinWaitlistFormSchema(totals: { seats: number; suitcases: number }) {
  return JoinWaitlistInput.extend({
    seats: JoinWaitlistInput.shape.seats.max(totals.seats),
    suitcases: JoinWaitlistInput.shape.suitcases.max(totals.suitcases),
  });
}

/** The caller's entry just written, with its place in line. */
export const WaitlistEntryDto = MyWaitlistEntryDto.extend({ rideId: z.uuid() });
export type WaitlistEntry = z.infer<typeof WaitlistEntryDto>;

/** One waiting passenger, as the driver sees the list (GET /api/rides/{id}/waitlist). */
const WaitingPassengerDto = z.object({
  position: z.number().int().min(1),
  seats: z.number().int(),
  suitcases: z.number().int(),
  from: z.string(),
  to: z.string(),
  createdAt: z.iso.datetime(),
  user: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable(), avatarColor: z.string().nullable() }),
});
export type WaitingPassenger = z.infer<typeof WaitingPassengerDto>;

export const WaitingListDto = z.array(WaitingPassengerDto);

import { z } from 'zod';
import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS, PAYMENT_PLACEHOLDER_INTENT } from '../constants.js';
import { BookingStatusSchema, PlaceValueSchema, RideDto } from './rides.js';

const BOOKINGS_PAGE_DEFAULT = 50;
const BOOKINGS_PAGE_MAX = 100;

/**
 * POST /api/bookings/bookRide. The server also checks seats and suitcases against what the ride
 * has left (409 RIDE_FULL). Suitcases may be 0 here although the form starts at 1.
 */
export const BookRideInput = z.object({
  rideId: z.uuid(),
  seats: z.number().int('must be a whole number').min(MIN_SEATS).max(MAX_SEATS),
  suitcases: z.number().int('must be a whole number').min(0).max(MAX_SUITCASES),
  paymentIntentId: z.literal(PAYMENT_PLACEHOLDER_INTENT, {
    error: `must be "${PAYMENT_PLACEHOLDER_INTENT}" while payments are disabled`,
  }),
  /** Where the passenger boards and leaves: places of the ride's route, `from` before `to`; default its own ends. */
  from: PlaceValueSchema.optional(),
  to: PlaceValueSchema.optional(),
});
export type BookRideInput = z.infer<typeof BookRideInput>;

/** PUT /api/bookings/:bookingId/status: the driver accepts (confirmed) or rejects (cancelled). */
export const UpdateBookingStatusInput = z.object({ status: z.enum(['confirmed', 'cancelled']) });
export type UpdateBookingStatusInput = z.infer<typeof UpdateBookingStatusInput>;

export const BookingIdParams = z.object({ bookingId: z.uuid() });
export const BookingsOfRideParams = z.object({ rideId: z.uuid() });

export const UserBookingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BOOKINGS_PAGE_MAX).default(BOOKINGS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

const BookingUserDto = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarColor: z.string().nullable(),
});

/** A booking (spec section 3) with the ride as the caller sees it. */
export const BookingDto = z.object({
  id: z.uuid(),
  rideId: z.uuid(),
  userId: z.uuid(),
  user: BookingUserDto,
  seats: z.number().int(),
  suitcases: z.number().int(),
  status: BookingStatusSchema,
  /** Where the passenger boards and leaves (the ride's own ends unless a segment was booked). */
  from: z.string(),
  to: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ride: RideDto,
});
export type Booking = z.infer<typeof BookingDto>;

export const BookingListDto = z.array(BookingDto);

/**
 * The booking form's rules: BookRideInput's, narrowed to the room the ride has left as the form
 * last saw it (the server refuses more with 409 RIDE_FULL).
 */
export function bookRideFormSchema(room: { seats: number; suitcases: number }) {
  return BookRideInput.extend({
    seats: BookRideInput.shape.seats.max(room.seats),
    suitcases: BookRideInput.shape.suitcases.max(room.suitcases),
  });
}

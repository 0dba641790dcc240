import type { College } from '@carpool/shared/colleges';
import { PAYMENTS_ENABLED, RIDE_MESSAGE_PREVIEW_CHARS, RIDE_MESSAGE_PREVIEW_COUNT } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { BookingCanceller, BookingStatus, MyBooking, Ride } from '@carpool/shared/schemas/rides';

/** The College dropdown's label: "College", the one college's name, or "N Colleges". */
export function collegeSelectLabel(selected: readonly College[], nameOf: (college: College) => string): string {
  if (selected.length === 0) return 'College';
  if (selected.length === 1) return nameOf(selected[0]!);
  return `${selected.length} Colleges`;
}

/** "$25" for whole dollars, "$12.50" otherwise. */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export type RideCardAction =
  | { kind: 'sign-in'; label: 'Reserve'; disabled: false }
  | { kind: 'details'; label: 'Reserve' | 'Pending' | 'Confirmed' | 'Completed' | 'Cancelled' | 'Details' | 'Join waiting list' | `Waiting #${number}`; disabled: false }
  | { kind: 'declined'; label: 'Declined'; disabled: true };

/**
 * The passenger's button on a ride card (spec section 2): none = Reserve, pending = Pending,
 * confirmed = Confirmed, cancelled = Declined (disabled), own ride = Details. Signed out, Reserve
 * asks to sign in. A full ride (the segment looked at, for a part of it) says Join waiting list,
 * and a waiting passenger sees their place.
 * A booking the passenger cancelled themselves says Cancelled, as My Rides does, and opens the
 * dialog, where they may book again (the server's rebooking cap decides).
 */
export function rideCardAction(
  ride: Pick<Ride, 'driver' | 'myBooking'> & Partial<Pick<Ride, 'seatsAvailable' | 'myWaitlistEntry' | 'segment'>>,
  viewerId: string | null,
): RideCardAction {
  if (!viewerId) return { kind: 'sign-in', label: 'Reserve', disabled: false };
  if (ride.driver?.id === viewerId) return { kind: 'details', label: 'Details', disabled: false };
  // A passenger on the waiting list holds no active booking (booking ends the wait).
  if (ride.myWaitlistEntry) return { kind: 'details', label: `Waiting #${ride.myWaitlistEntry.position}`, disabled: false };
  const status: BookingStatus | null = ride.myBooking?.status ?? null;
  switch (status) {
    case 'pending':
      return { kind: 'details', label: 'Pending', disabled: false };
    case 'confirmed':
      return { kind: 'details', label: 'Confirmed', disabled: false };
    case 'completed':
      return { kind: 'details', label: 'Completed', disabled: false };
    case 'cancelled':
      if (ride.myBooking?.cancelledBy === 'passenger') return { kind: 'details', label: 'Cancelled', disabled: false };
      return { kind: 'declined', label: 'Declined', disabled: true };
    default:
      // A full ride (or part of it, the one looked at) offers its waiting list instead; the dialog holds the form.
      if ((ride.segment?.seatsAvailable ?? ride.seatsAvailable) === 0) return { kind: 'details', label: 'Join waiting list', disabled: false };
      return { kind: 'details', label: 'Reserve', disabled: false };
  }
}

/** What the driver reads after cancelling a ride: refunds only when payments are taken at all. */
export function cancelRideSucceededText(paymentsEnabled = PAYMENTS_ENABLED): string {
  return paymentsEnabled ? TEXTS.cancelRideSucceeded : TEXTS.cancelRideSucceededWithoutPayments;
}

/** A booking that holds seats and lets its passenger into the ride's participants and chat. */
export function isActiveBooking(booking: Pick<MyBooking, 'status'> | null | undefined): boolean {
  return booking?.status === 'pending' || booking?.status === 'confirmed';
}

/**
 * The driver's label for a booking that is no longer pending (spec section 4): a rejection is
 * REJECTED; a booking the passenger cancelled, or that ended with the ride, is CANCELLED.
 */
export function driverBookingLabel(status: BookingStatus, cancelledBy?: BookingCanceller): string | null {
  switch (status) {
    case 'confirmed':
      return 'ACCEPTED';
    case 'cancelled':
      return cancelledBy === 'passenger' || cancelledBy === 'app' ? 'CANCELLED' : 'REJECTED';
    case 'completed':
      return 'COMPLETED';
    default:
      return null;
  }
}

export function bookingStatusLabel(status: BookingStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Text colours of a passenger's status on My Rides: confirmed green, pending yellow, others grey. */
export function passengerStatusClasses(status: BookingStatus): string {
  if (status === 'confirmed') return 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200';
  if (status === 'pending') return 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200';
  return 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200';
}

export interface MessagePreviewLine {
  id: string;
  author: string;
  text: string;
}

export function cutMessage(content: string, max = RIDE_MESSAGE_PREVIEW_CHARS): string {
  const chars = Array.from(content);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : content;
}

/**
 * The My Rides preview: the last 2 of the ride's `messages` (oldest first) cut at 30 characters,
 * and "+N more messages" for the rest of the chat, counted from `messageCount`.
 */
export function messagePreview(
  messages: readonly RideMessage[],
  messageCount: number,
): { lines: MessagePreviewLine[]; more: string | null } {
  const latest = messages.slice(-RIDE_MESSAGE_PREVIEW_COUNT);
  const lines = latest.map((message) => ({
    id: message.id,
    author: message.userName ?? message.user?.name ?? (message.kind === 'system' ? 'Carpool' : 'Unknown'),
    text: cutMessage(message.content),
  }));
  const hidden = Math.max(0, messageCount - lines.length);
  return { lines, more: hidden > 0 ? `+${hidden} more ${hidden === 1 ? 'message' : 'messages'}` : null };
}

/** A driver's first name for the card ("Ada Lovelace" -> "Ada"). */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { bookingStatusLabel, formatPrice, isActiveBooking, passengerStatusClasses, pluralize } from '../utils/ride-labels';
import { cardClasses } from './field-classes';
import { isPartOfRide } from '../utils/ride-part';
import { legRange, routeTimes } from '../utils/ride-route';
import { ArrivalNote, Fact, icons, RouteLabel, RoutePartNote, useRouteText } from './ride-bits';
import { MessagePreview } from './message-preview';

function Notes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
      {notes.map((note, index) => (
        <li key={index} className="flex gap-2">
          <span aria-hidden="true" className="text-slate-400">•</span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{note}</span>
        </li>
      ))}
    </ul>
  );
}

export function RideStateBadge({ ride }: { ride: Ride }) {
  if (ride.status === 'cancelled') return <Badge className="bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-200">Ride cancelled</Badge>;
  if (ride.status === 'completed') return <Badge className="bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200">Completed</Badge>;
  return null;
}

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${className}`}>{children}</span>;
}

/** A ride the user posted (spec section 2, My Rides, "Posted card"). */
export function PostedRideCard({ ride, onView }: { ride: Ride; onView: () => void }) {
  const routeText = useRouteText();
  const { passengers } = ride;
  return (
    <article className={`${cardClasses} flex flex-col gap-4 p-4 sm:p-5`} aria-label={routeText(ride.from, ride.to)}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 dark:text-white">
            <RouteLabel from={ride.from} to={ride.to} />
          </h3>
          <RoutePartNote ride={ride} part={ride} />
        </div>
        <div className="flex items-center gap-2">
          <RideStateBadge ride={ride} />
          <span className="text-lg font-extrabold text-brand-700 dark:text-brand-300">
            {formatPrice(ride.price)}
            <span className="ml-1 text-xs font-medium text-slate-500 dark:text-slate-400">per seat</span>
          </span>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-4 dark:bg-slate-800/60">
        <Fact label="Date" icon={icons.calendar}>
          {formatLocalDate(ride.departsAt)}
        </Fact>
        <Fact label="Departure" icon={icons.clock}>
          {formatLocalTime(ride.departsAt)}
        </Fact>
        <Fact label="Seats" icon={icons.seat}>
          {ride.seatsAvailable}/{ride.totalSeats}
        </Fact>
        <Fact label="Suitcases" icon={icons.suitcase}>
          {ride.suitcasesAvailable}/{ride.totalSuitcases}
        </Fact>
      </dl>
      <Notes notes={ride.notes} />
      <div>
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Passengers</p>
        {passengers.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{TEXTS.empty.passengers}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {passengers.map((passenger) => (
              <li key={passenger.id} className={`rounded-full px-3 py-1 text-xs font-semibold ${passengerStatusClasses(passenger.status)}`}>
                {passenger.user.name || 'Unknown'} · {pluralize(passenger.seats, 'seat')}
                {isPartOfRide(ride, passenger) ? ` · ${routeText(passenger.from, passenger.to)}` : ''} · {bookingStatusLabel(passenger.status)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <MessagePreview messages={ride.messages} messageCount={ride.messageCount} />
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onView} aria-label={`View Details: ${routeText(ride.from, ride.to)}`}>
          View Details
        </Button>
      </div>
    </article>
  );
}

/**
 * When a booking's passenger boards and arrives: the ride's departure for its departure place, a
 * stop's time for a stop, and the ride's estimated arrival for its destination (when known).
 */
export function bookingTimes(booking: Booking): { boards: string; arrives: string | null } {
  const { ride } = booking;
  const range = legRange(ride, booking);
  const times = routeTimes(ride);
  if (!range) return { boards: ride.departsAt, arrives: null };
  return { boards: times[range.from] ?? ride.departsAt, arrives: times[range.to] ?? null };
}

/**
 * A ride the user booked (spec section 2, My Rides, "Booked card"). A booking of a part of the route
 * shows that part, where the passenger boards and when, and the whole ride under it.
 */
export function BookedRideCard({
  booking,
  onView,
  onCancel,
  cancelling,
}: {
  booking: Booking;
  onView: () => void;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const routeText = useRouteText();
  const { ride } = booking;
  const part = isPartOfRide(ride, booking);
  const times = part ? bookingTimes(booking) : { boards: ride.departsAt, arrives: null };
  return (
    <article className={`${cardClasses} flex flex-col gap-4 p-4 sm:p-5`} aria-label={routeText(booking.from, booking.to)}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 dark:text-white">
            <RouteLabel from={booking.from} to={booking.to} />
          </h3>
          <RoutePartNote ride={ride} part={booking} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A completed ride's completed booking says so once, not "Completed Completed". */}
          {ride.status === 'completed' && booking.status === 'completed' ? null : <RideStateBadge ride={ride} />}
          <Badge className={passengerStatusClasses(booking.status)}>
            <span className="sr-only">Booking: </span>
            {bookingStatusLabel(booking.status)}
          </Badge>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-4 dark:bg-slate-800/60">
        <Fact label="Date" icon={icons.calendar}>
          {formatLocalDate(times.boards)}
        </Fact>
        <Fact label="Departure" icon={icons.clock}>
          {formatLocalTime(times.boards)}
          {times.arrives ? <ArrivalNote boards={times.boards} arrives={times.arrives} /> : null}
        </Fact>
        <Fact label="Seats booked" icon={icons.seat}>
          {booking.seats}
        </Fact>
        <Fact label="Suitcases" icon={icons.suitcase}>
          {booking.suitcases}
        </Fact>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Driver: <span className="font-semibold text-slate-900 dark:text-white">{ride.driver?.name ?? 'Unknown'}</span>
      </p>
      <Notes notes={ride.notes} />
      <MessagePreview messages={ride.messages} messageCount={ride.messageCount} />
      <div className="flex flex-wrap justify-end gap-2">
        {isActiveBooking(booking) ? (
          <Button variant="danger" onClick={onCancel} disabled={cancelling}>
            {cancelling ? 'Cancelling...' : 'Cancel Booking'}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onView} aria-label={`View Details: ${routeText(booking.from, booking.to)}`}>
          View Details
        </Button>
      </div>
    </article>
  );
}

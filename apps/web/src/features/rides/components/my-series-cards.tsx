import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { bookingStatusLabel, formatPrice, isActiveBooking, passengerStatusClasses, pluralize } from '../utils/ride-labels';
import { cardClasses } from './field-classes';
import { Badge, bookingTimes, RideStateBadge } from './my-ride-cards';
import { RouteLabel, useRouteText } from './ride-bits';

/** A series card lists this many dates until asked for all of them. */
const DATES_SHOWN = 4;

const rowClasses = 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60';
const dateButtonClasses =
  'min-w-0 rounded-lg text-left text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300';

/** The card of a weekly series: its route, a line under it and its dates, a few until asked for all. */
function SeriesCard<T>({
  from,
  to,
  summary,
  aside,
  items,
  keyOf,
  renderRow,
}: {
  from: string;
  to: string;
  summary: string;
  aside?: ReactNode;
  items: readonly T[];
  keyOf: (item: T) => string;
  renderRow: (item: T) => ReactNode;
}) {
  const routeText = useRouteText();
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const shown = showAll ? items : items.slice(0, DATES_SHOWN);
  return (
    <article className={`${cardClasses} flex flex-col gap-4 p-4 sm:p-5`} aria-label={`Weekly ride: ${routeText(from, to)}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 dark:text-white">
            <RouteLabel from={from} to={to} />
          </h3>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{summary}</p>
        </div>
        {aside}
      </header>
      <ul id={listId} aria-label="Dates" className="space-y-2">
        {shown.map((item) => (
          <li key={keyOf(item)} className={rowClasses}>
            {renderRow(item)}
          </li>
        ))}
      </ul>
      {items.length > DATES_SHOWN ? (
        <div className="flex justify-end">
          <Button size="sm" variant="ghost" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer dates' : `Show all ${items.length} dates`}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** The passengers of an occurrence in a few words: "2 passengers · 1 pending". */
function passengerSummary(ride: Ride): string {
  const active = ride.passengers.filter((passenger) => isActiveBooking(passenger));
  const pending = active.filter((passenger) => passenger.status === 'pending').length;
  if (active.length === 0) return 'No passengers yet';
  return `${pluralize(active.length, 'passenger')}${pending ? ` · ${pending} pending` : ''}`;
}

/** The occurrences of one weekly series the user posted, each date opening its ride (My Rides, "Rides I Posted"). */
export function PostedSeriesCard({ rides, onView }: { rides: readonly Ride[]; onView: (ride: Ride) => void }) {
  const first = rides[0]!;
  return (
    <SeriesCard
      from={first.from}
      to={first.to}
      summary={`Weekly ride · ${pluralize(rides.length, 'date')}`}
      aside={
        <span className="text-lg font-extrabold text-brand-700 dark:text-brand-300">
          {formatPrice(first.price)}
          <span className="ml-1 text-xs font-medium text-slate-500 dark:text-slate-400">per seat</span>
        </span>
      }
      items={rides}
      keyOf={(ride) => ride.id}
      renderRow={(ride) => (
        <>
          <button type="button" className={dateButtonClasses} onClick={() => onView(ride)}>
            <span className="sr-only">View Details: </span>
            {formatLocalDate(ride.departsAt)}
            <span className="ml-2 font-medium text-slate-600 dark:text-slate-300">{formatLocalTime(ride.departsAt)}</span>
          </button>
          <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
            <span>
              {ride.seatsAvailable}/{ride.totalSeats} seats free
            </span>
            <span>{passengerSummary(ride)}</span>
            <RideStateBadge ride={ride} />
          </span>
        </>
      )}
    />
  );
}

/**
 * The user's bookings on occurrences of one weekly series, for the same part of the route (My
 * Rides, "Rides I Booked"): each date opens its ride, and an active booking can be cancelled there.
 */
export function BookedSeriesCard({
  bookings,
  onView,
  onCancel,
  cancellingId,
}: {
  bookings: readonly Booking[];
  onView: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
  cancellingId: string | null;
}) {
  const first = bookings[0]!;
  return (
    <SeriesCard
      from={first.from}
      to={first.to}
      summary={`Weekly ride · ${pluralize(bookings.length, 'booking')} · Driver: ${first.ride.driver?.name ?? 'Unknown'}`}
      items={bookings}
      keyOf={(booking) => booking.id}
      renderRow={(booking) => {
        const boards = bookingTimes(booking).boards;
        return (
          <>
            <button type="button" className={dateButtonClasses} onClick={() => onView(booking)}>
              <span className="sr-only">View Details: </span>
              {formatLocalDate(boards)}
              <span className="ml-2 font-medium text-slate-600 dark:text-slate-300">{formatLocalTime(boards)}</span>
            </button>
            <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
              <span>{pluralize(booking.seats, 'seat')}</span>
              {booking.ride.status === 'cancelled' ? <RideStateBadge ride={booking.ride} /> : null}
              <Badge className={passengerStatusClasses(booking.status)}>
                <span className="sr-only">Booking: </span>
                {bookingStatusLabel(booking.status)}
              </Badge>
              {isActiveBooking(booking) ? (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onCancel(booking)}
                  disabled={cancellingId === booking.id}
                  aria-label={`Cancel Booking of ${formatLocalDate(boards)}`}
                >
                  {cancellingId === booking.id ? 'Cancelling...' : 'Cancel'}
                </Button>
              ) : null}
            </span>
          </>
        );
      }}
    />
  );
}

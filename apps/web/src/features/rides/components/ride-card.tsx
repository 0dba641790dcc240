import type { Ride } from '@carpool/shared/schemas/rides';
import { ReservePrompt } from '../../../components/reserve-prompt';
import { Button } from '../../../components/ui/button';
import { openAuthModal } from '../../../lib/window-events';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { formatPrice, rideCardAction } from '../utils/ride-labels';
import { isPartOfRide, segmentTimes } from '../utils/ride-part';
import { cardClasses } from './field-classes';
import { ArrivalNote, DriverChip, EditedBadge, Fact, icons, RouteLabel, RoutePartNote, SeatIcons, useRouteText } from './ride-bits';

interface RideCardProps {
  ride: Ride;
  viewerId: string | null;
  onOpen: (ride: Ride) => void;
}

/**
 * A ride of the list (spec section 2, "Ride card"). A search from a stop or to a stop finds the
 * ride for that part of its route (its `segment`): the card shows that part first, its boarding and
 * arrival times, its room and its price, and the whole ride under it.
 */
export function RideCard({ ride, viewerId, onOpen }: RideCardProps) {
  const routeText = useRouteText();
  const action = rideCardAction(ride, viewerId);
  const open = () => (action.kind === 'sign-in' ? openAuthModal('sign-in') : onOpen(ride));
  const { segment } = ride;
  const part = isPartOfRide(ride, segment);
  const times = segmentTimes(segment);
  const boards = part ? times.boards : ride.departsAt;
  const full = segment.seatsAvailable === 0;

  return (
    <article className={`${cardClasses} flex flex-col gap-4 p-4 transition-shadow hover:shadow-md sm:p-5`} aria-label={routeText(segment.from, segment.to)}>
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 dark:text-white">
            <button
              type="button"
              onClick={open}
              className="rounded-md text-left hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:hover:text-brand-300"
            >
              <RouteLabel from={segment.from} to={segment.to} />
            </button>
          </h3>
          <RoutePartNote ride={ride} part={segment} />
        </div>
        <div className="flex items-baseline gap-3">
          <EditedBadge editedAt={ride.editedAt} />
          <span className="text-xs text-slate-500 dark:text-slate-400">Posted {ride.postedTime}</span>
          <span className="text-xl font-extrabold text-brand-700 dark:text-brand-300">
            {formatPrice(segment.price)}
            <span className="ml-1 text-xs font-medium text-slate-500 dark:text-slate-400">per seat</span>
          </span>
        </div>
      </header>

      {ride.pickupAddress || ride.dropoffAddress ? (
        <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {ride.pickupAddress ? (
            <p className="flex gap-2">
              <span aria-hidden="true" className="mt-0.5 text-emerald-600">{icons.pin}</span>
              <span>
                <span className="font-medium">Pick-up:</span> {ride.pickupAddress}
              </span>
            </p>
          ) : null}
          {ride.dropoffAddress ? (
            <p className="flex gap-2">
              <span aria-hidden="true" className="mt-0.5 text-brand-600">{icons.flag}</span>
              <span>
                <span className="font-medium">Drop-off:</span> {ride.dropoffAddress}
              </span>
            </p>
          ) : null}
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-4 dark:bg-slate-800/60">
        <Fact label="Date" icon={icons.calendar}>
          {formatLocalDate(boards)}
        </Fact>
        <Fact label="Departure" icon={icons.clock}>
          {formatLocalTime(boards)}
          {part ? <ArrivalNote boards={boards} arrives={times.arrives} /> : null}
        </Fact>
        <Fact label="Seats available" icon={icons.seat}>
          <span className={`inline-flex flex-wrap items-center gap-x-1.5 ${full ? 'text-red-600 dark:text-red-400' : ''}`}>
            <SeatIcons available={segment.seatsAvailable} total={ride.totalSeats} />
            {segment.seatsAvailable} of {ride.totalSeats}
          </span>
        </Fact>
        <Fact label="Suitcases" icon={icons.suitcase}>
          {segment.suitcasesAvailable} of {ride.totalSuitcases}
        </Fact>
      </dl>

      {ride.notes.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {ride.notes.map((note, index) => (
            <li key={index} className="flex gap-2">
              <span aria-hidden="true" className="text-slate-400">•</span>
              <span className="min-w-0 [overflow-wrap:anywhere]">{note}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {ride.driver ? (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
          <DriverChip driver={ride.driver} />
          <Button
            variant={action.label === 'Reserve' ? 'primary' : 'secondary'}
            disabled={action.disabled}
            onClick={open}
            aria-label={`${action.label}: ${routeText(segment.from, segment.to)}`}
            className="min-w-[7.5rem]"
          >
            {action.label}
          </Button>
        </footer>
      ) : (
        <ReservePrompt />
      )}
    </article>
  );
}

import type { Ride } from '@carpool/shared/schemas/rides';
import { formatLocalDate, formatLocalDateTime, formatLocalTime } from '../../../lib/local-date-time';
import { isPartOfRide } from '../utils/ride-part';
import { legRange, routePlaces, routeTimes } from '../utils/ride-route';
import { usePlaceLabel } from '../../../lib/region';

/**
 * The whole route of a ride in the dialog: its departure place, its stops and its destination, each
 * with when the ride is there (in the viewer's zone; the destination's is an estimate), and where the
 * part looked at boards and leaves. Shown for a ride with stops or a part of one.
 */
export function RideRoute({ ride }: { ride: Ride }) {
  const placeLabel = usePlaceLabel();
  const part = isPartOfRide(ride, ride.segment);
  if (ride.stops.length === 0 && !part) return null;
  const places = routePlaces(ride);
  const times = routeTimes(ride);
  const range = part ? legRange(ride, ride.segment) : null;
  const departureDay = formatLocalDate(ride.departsAt);
  const last = places.length - 1;
  return (
    <section aria-labelledby="ride-route-heading">
      <h3 id="ride-route-heading" className="mb-2 text-base font-bold text-slate-900 dark:text-white">
        Route
      </h3>
      <ol className="space-y-0 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
        {places.map((place, index) => {
          const at = times[index];
          const boards = range?.from === index;
          const leaves = range?.to === index;
          const inPart = range ? index >= range.from && index <= range.to : true;
          return (
            <li key={`${index}-${place}`} className="relative py-1.5" data-testid="ride-route-point">
              <span
                aria-hidden="true"
                className={`absolute top-3 -left-[1.4rem] h-2.5 w-2.5 rounded-full ring-2 ring-white dark:ring-slate-900 ${
                  inPart ? 'bg-brand-600 dark:bg-brand-400' : 'bg-slate-300 dark:bg-slate-600'
                }`}
              />
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className={`text-sm font-semibold ${inPart ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400'}`}>{placeLabel(place)}</span>
                {at ? (
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {index === last ? 'about ' : ''}
                    {formatLocalDate(at) === departureDay ? formatLocalTime(at) : formatLocalDateTime(at)}
                  </span>
                ) : null}
                {boards ? <RoutePointBadge>Board here</RoutePointBadge> : null}
                {leaves ? <RoutePointBadge>Get off here</RoutePointBadge> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RoutePointBadge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-200 dark:ring-brand-800">
      {children}
    </span>
  );
}

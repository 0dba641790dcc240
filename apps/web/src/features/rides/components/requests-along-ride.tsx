import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { WEEKDAY_NAMES } from '@carpool/shared/schemas/rides';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { formatLocalTime } from '../../../lib/local-date-time';
import { usePlaceLabel, useRegion } from '../../../lib/region';
import { useOpenRequestsAlongRide } from '../api/get-open-requests';
import { useRouteText } from './ride-bits';

interface RequestGroup {
  key: string;
  from: string;
  to: string;
  /** The viewer's weekday of the first request of the group. */
  weekday: string;
  requests: RideRequest[];
}

/** Requests of the same part of the route on the same day, in the order the server gave them (soonest first). */
function groupRequests(requests: readonly RideRequest[]): RequestGroup[] {
  const groups = new Map<string, RequestGroup>();
  for (const request of requests) {
    const departs = new Date(request.departsAt);
    const key = `${request.from}|${request.to}|${departs.toDateString()}`;
    const group = groups.get(key) ?? { key, from: request.from, to: request.to, weekday: WEEKDAY_NAMES[departs.getDay()]!, requests: [] };
    group.requests.push(request);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** "3 students want Binghamton → New York City on Friday". */
function requestGroupTitle(group: Pick<RequestGroup, 'from' | 'to' | 'weekday'> & { count: number }, routeText: (from: string, to: string) => string): string {
  const who = group.count === 1 ? '1 student wants' : `${group.count} students want`;
  return `${who} ${routeText(group.from, group.to)} on ${group.weekday}`;
}

/**
 * The open ride requests a driver's ride serves, grouped by part of the route and day, each
 * student with a one-click message: shown after posting and in the driver's ride dialog.
 */
export function RequestsAlongRide({ requests, headingLevel = 3 }: { requests: readonly RideRequest[]; headingLevel?: 2 | 3 }) {
  const placeLabel = usePlaceLabel();
  const routeText = useRouteText();
  const { toPath } = useRegion();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="requests-along-heading" className="space-y-3">
      <Heading id="requests-along-heading" className="text-base font-bold text-slate-900 dark:text-white">
        Students asking along your route
      </Heading>
      {groupRequests(requests).map((group) => (
        <div key={group.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
          <p className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            {requestGroupTitle({ ...group, count: group.requests.length }, routeText)}
          </p>
          <ul className="mt-2 space-y-2">
            {group.requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center gap-3">
                <Avatar name={request.passenger?.name ?? 'Student'} src={request.passenger?.avatar ?? null} color={request.passenger?.avatarColor ?? null} size="sm" />
                <span className="min-w-0 flex-1 text-sm text-slate-700 dark:text-slate-200">
                  <span className="font-semibold">{request.passenger?.name ?? 'A student'}</span>
                  {' · '}
                  {placeLabel(request.from)} around {formatLocalTime(request.departsAt)}
                  {' · '}
                  {request.seatsNeeded === 1 ? '1 seat' : `${request.seatsNeeded} seats`}
                </span>
                {request.passenger ? (
                  <Link
                    to={toPath(`/conversation-messages/${request.passenger.id}`)}
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Message ${request.passenger.name}`}
                  >
                    Message
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The driver's ride dialog: the requests along the ride while it can still take them (not departed, not cancelled). */
export function DriverRequestsAlongRide({ rideId, open }: { rideId: string; open: boolean }) {
  const { data } = useOpenRequestsAlongRide(rideId, open);
  return data ? <RequestsAlongRide requests={data} /> : null;
}

import type { Ride, RideDriver } from '@carpool/shared/schemas/rides';
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingSummary } from '../../../components/rating-summary';
import { Avatar } from '../../../components/ui/avatar';
import { formatLocalDate, formatLocalDateTime, formatLocalTime } from '../../../lib/local-date-time';
import { useCollegeName, usePlaceLabel, useRegion } from '../../../lib/region';
import { firstName } from '../utils/ride-labels';

/** "Ithaca → New York City": two of the region's places by their labels. */
export function useRouteText(): (from: string, to: string) => string {
  const placeLabel = usePlaceLabel();
  return useCallback((from: string, to: string) => `${placeLabel(from)} → ${placeLabel(to)}`, [placeLabel]);
}

export function RouteLabel({ from, to }: { from: string; to: string }) {
  const placeLabel = usePlaceLabel();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span>{placeLabel(from)}</span>
      <span className="text-brand-600 dark:text-brand-400">
        →
      </span>
      <span>{placeLabel(to)}</span>
    </span>
  );
}

function CollegeBadge({ college }: { college: RideDriver['college'] }) {
  const collegeLabel = useCollegeName();
  if (!college) return null;
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-200 dark:ring-brand-800">
      {collegeLabel(college)}
    </span>
  );
}

/** The driver's avatar, first name, school badge and rating; linked to the profile (signed-in viewers only see a driver). */
export function DriverChip({ driver, suffix }: { driver: RideDriver; suffix?: ReactNode }) {
  const { toPath } = useRegion();
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Link to={toPath(`/profile/${driver.id}`)} className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500" tabIndex={-1} aria-hidden="true">
        <Avatar name={driver.name} src={driver.avatar} color={driver.avatarColor} size="md" />
      </Link>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-1.5">
          <Link
            to={toPath(`/profile/${driver.id}`)}
            className="truncate text-sm font-semibold text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white"
          >
            {firstName(driver.name)}
          </Link>
          {driver.driverVerified ? (
            <span title="Verified driver" aria-label="Verified driver" className="text-sky-600 dark:text-sky-400">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M10 1.5 12.4 3l2.8-.2.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.2L10 18.5 7.6 17l-2.8.2-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7 2.8.2zm3.7 6.2a.8.8 0 0 0-1.2-1l-3.4 4-1.6-1.6a.8.8 0 1 0-1.1 1.1l2.2 2.2a.8.8 0 0 0 1.2 0z" />
              </svg>
            </span>
          ) : null}
          {suffix}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <CollegeBadge college={driver.college} />
          <RatingSummary rating={driver} role="driver" />
        </div>
      </div>
    </div>
  );
}

/**
 * Under a route: "part of Ithaca → New York City" when the route shown is a part of the ride (a
 * search's segment, a booking's range), else the stops the ride makes ("via Binghamton, Scranton").
 */
export function RoutePartNote({ ride, part }: { ride: Pick<Ride, 'from' | 'to' | 'stops'>; part: { from: string; to: string } }) {
  const placeLabel = usePlaceLabel();
  const routeText = useRouteText();
  const isPart = part.from !== ride.from || part.to !== ride.to;
  if (!isPart && ride.stops.length === 0) return null;
  return (
    <p className="text-sm font-normal text-slate-500 dark:text-slate-400">
      {isPart ? `part of ${routeText(ride.from, ride.to)}` : `via ${ride.stops.map((stop) => placeLabel(stop.place)).join(', ')}`}
    </p>
  );
}

/** "Arrives 7:00 PM" under a boarding time, with the day when it is another one on the viewer's calendar. */
export function ArrivalNote({ boards, arrives }: { boards: string; arrives: string }) {
  const sameDay = formatLocalDate(boards) === formatLocalDate(arrives);
  return (
    <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">
      Arrives {sameDay ? formatLocalTime(arrives) : formatLocalDateTime(arrives)}
    </span>
  );
}

/** Marks a ride its driver changed after posting, so passengers look at the time and price again. */
export function EditedBadge({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <span
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
      title={`Edited by the driver on ${formatLocalDateTime(editedAt)}`}
    >
      Edited
    </span>
  );
}

/**
 * The seats as icons, free ones in the brand colour and taken ones greyed, for a glance at a card;
 * the words beside them ("2 of 4") are what a screen reader reads.
 */
export function SeatIcons({ available, total }: { available: number; total: number }) {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-0.5 align-middle" data-testid="seat-icons">
      {Array.from({ length: total }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 20 20"
          className={`h-3.5 w-3.5 ${index < available ? 'text-brand-600 dark:text-brand-400' : 'text-slate-300 dark:text-slate-600'}`}
          fill="currentColor"
          data-free={index < available}
        >
          <circle cx="10" cy="5.5" r="3.5" />
          <path d="M3.5 17.5c0-3.9 2.9-6.5 6.5-6.5s6.5 2.6 6.5 6.5z" />
        </svg>
      ))}
    </span>
  );
}

/**
 * A labelled figure of a ride: "Date", "Thu, 12 Mar 2026". A definition list allows only dt and dd
 * inside its groups, so the icon sits in the term and the value is indented under the label.
 */
export function Fact({ label, children, icon, wide = false }: { label: string; children: ReactNode; icon: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
        <span aria-hidden="true" className="shrink-0 text-slate-400 dark:text-slate-500">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-[22px] text-sm font-semibold text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const iconProps = { viewBox: '0 0 24 24', className: 'h-4 w-4', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const icons = {
  calendar: (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  ),
  clock: (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  ),
  seat: (
    <svg {...iconProps}>
      <circle cx="12" cy="7" r="3.5" />
      <path d="M5 21v-2a7 7 0 0 1 14 0v2" />
    </svg>
  ),
  suitcase: (
    <svg {...iconProps}>
      <rect x="4" y="7" width="16" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M9 11v5M15 11v5" />
    </svg>
  ),
  pin: (
    <svg {...iconProps}>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  ),
  flag: (
    <svg {...iconProps}>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </svg>
  ),
};

import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import type { ReactNode } from 'react';
import { openAuthModal } from '../../../lib/window-events';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { ArrowRightIcon, CalendarIcon, ClockIcon, FlagIcon, NoteIcon, PinIcon, SeatIcon, SuitcaseIcon } from './ride-request-icons';
import { usePlaceLabel } from '../../../lib/region';

// The pieces the request card, its Details modal and the My Rides card have in common.

type HeadingLevel = 'h2' | 'h3';

/** "Ithaca → Boston"; the arrow is drawn, so screen readers hear "Ithaca to Boston". */
export function RouteTitle({
  request,
  as: Heading = 'h3',
  className = '',
  id,
}: {
  request: RideRequest;
  as?: HeadingLevel;
  className?: string;
  id?: string;
}) {
  const placeLabel = usePlaceLabel();
  return (
    <Heading id={id} className={`flex min-w-0 flex-wrap items-center gap-x-2 font-bold text-slate-900 dark:text-white ${className}`}>
      <span>{placeLabel(request.from)}</span>
      <ArrowRightIcon className="h-4 w-4 text-brand-600 dark:text-brand-400" />
      <span className="sr-only">to</span>
      <span>{placeLabel(request.to)}</span>
    </Heading>
  );
}

/** The departure on the viewer's calendar and clock; the API gives it in UTC. */
export function DepartureLine({ request }: { request: RideRequest }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-slate-700 dark:text-slate-200">
      <span className="inline-flex items-center gap-1.5">
        <CalendarIcon className="h-4 w-4 text-slate-400" />
        {formatLocalDate(request.departsAt)}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <ClockIcon className="h-4 w-4 text-slate-400" />
        {formatLocalTime(request.departsAt)}
      </span>
    </p>
  );
}

export function PostedTime({ request }: { request: RideRequest }) {
  return <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">Posted {request.postedTime}</span>;
}

/** The preferred pick-up and drop-off addresses. */
export function PreferredStops({ request }: { request: RideRequest }) {
  return (
    <dl className="space-y-1.5 text-sm">
      <div className="flex gap-2">
        <dt className="inline-flex shrink-0 items-center gap-1.5 text-slate-500 dark:text-slate-400">
          <PinIcon className="h-4 w-4 text-emerald-600 dark:text-emerald-400" />
          Pick-up:
        </dt>
        <dd className="min-w-0 break-words text-slate-800 dark:text-slate-100">{request.preferredPickupAddress}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="inline-flex shrink-0 items-center gap-1.5 text-slate-500 dark:text-slate-400">
          <FlagIcon className="h-4 w-4 text-brand-600 dark:text-brand-400" />
          Drop-off:
        </dt>
        <dd className="min-w-0 break-words text-slate-800 dark:text-slate-100">{request.preferredDropoffAddress}</dd>
      </div>
    </dl>
  );
}

function Need({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
      <dt className="flex items-center gap-2 text-xs font-medium text-slate-600 dark:text-slate-300">
        <span className="text-brand-600 dark:text-brand-400">{icon}</span>
        {label}
      </dt>
      <dd className="ml-auto text-sm font-bold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

/** Seats and suitcases needed. */
export function Needs({ request }: { request: RideRequest }) {
  return (
    <dl className="grid grid-cols-2 gap-2">
      <Need icon={<SeatIcon />} label="Seats needed" value={request.seatsNeeded} />
      <Need icon={<SuitcaseIcon />} label="Suitcases needed" value={request.suitcasesNeeded} />
    </dl>
  );
}

export function Notes({ request }: { request: RideRequest }) {
  if (request.notes.length === 0) return null;
  return (
    <div className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100">
      <NoteIcon className="mt-0.5 h-4 w-4" />
      <div className="min-w-0">
        <span className="sr-only">Notes: </span>
        {request.notes.map((note, index) => (
          <p key={index} className="break-words">
            {note}
          </p>
        ))}
      </div>
    </div>
  );
}

/** Signed-out viewers see who posted nothing; the server sends no passenger to them. */
export function PassengerSignInPrompt() {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      <button
        type="button"
        onClick={() => openAuthModal('sign-in')}
        className="rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:text-brand-200"
      >
        {TEXTS.rideRequests.signInPromptAction}
      </button>{' '}
      {TEXTS.rideRequests.signInPromptRest}
    </p>
  );
}

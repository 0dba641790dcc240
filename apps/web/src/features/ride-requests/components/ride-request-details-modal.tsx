import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useRegion } from '../../../lib/region';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { PassengerIdentity } from './passenger-identity';
import { CalendarIcon, ClockIcon, InfoIcon, MessageIcon, SeatIcon, SuitcaseIcon } from './ride-request-icons';
import { PostedTime, PreferredStops, RouteTitle } from './ride-request-parts';

interface RideRequestDetailsModalProps {
  request: RideRequest | null;
  isSignedIn: boolean;
  onClose: () => void;
}

const DETAILS_TITLE = 'Ride Request Details';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-100 px-3 py-2.5 dark:bg-slate-800">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">
        <span className="text-brand-600 dark:text-brand-400">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-bold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * The Details modal of spec section 2: date and time on the viewer's clock, seats, suitcases,
 * notes, the passenger ("Verified Passenger" when verified) and Contact Passenger, which is a link because it
 * goes to another page. The requester sees "This is your ride request." instead: nobody contacts
 * themselves (spec section 6).
 */
export function RideRequestDetailsModal({ request, isSignedIn, onClose }: RideRequestDetailsModalProps) {
  const { toPath } = useRegion();
  const notesHeadingId = useId();
  const passengerHeadingId = useId();
  return (
    <Modal open={request !== null} onClose={onClose} title={DETAILS_TITLE}>
      {request ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <RouteTitle request={request} as="h3" className="text-lg" />
            <PostedTime request={request} />
          </div>
          <dl className="grid grid-cols-2 gap-2">
            <Fact icon={<CalendarIcon />} label="Date">
              {formatLocalDate(request.departsAt)}
            </Fact>
            <Fact icon={<ClockIcon />} label="Time">
              {formatLocalTime(request.departsAt)}
            </Fact>
            <Fact icon={<SeatIcon />} label="Seats needed">
              {request.seatsNeeded}
            </Fact>
            <Fact icon={<SuitcaseIcon />} label="Suitcases needed">
              {request.suitcasesNeeded}
            </Fact>
          </dl>
          <PreferredStops request={request} />
          <section aria-labelledby={notesHeadingId}>
            <h4 id={notesHeadingId} className="text-sm font-semibold text-slate-900 dark:text-white">
              Notes
            </h4>
            {request.notes.length > 0 ? (
              <ul className="mt-1.5 space-y-1 text-sm text-slate-700 dark:text-slate-200">
                {request.notes.map((note, index) => (
                  <li key={index} className="break-words rounded-lg bg-amber-50 px-3 py-2 dark:bg-amber-950/40">
                    {note}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No notes</p>
            )}
          </section>
          <section aria-labelledby={passengerHeadingId} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
            <h4 id={passengerHeadingId} className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">
              Passenger
            </h4>
            <PassengerIdentity request={request} isSignedIn={isSignedIn} showVerified />
            {isSignedIn && request.isOwn ? (
              <p className="mt-4 flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-2.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                <InfoIcon className="h-4 w-4 text-slate-500 dark:text-slate-400" />
                {TEXTS.rideRequests.ownRequest}
              </p>
            ) : null}
            {isSignedIn && !request.isOwn && request.passenger ? (
              <Link
                to={toPath(`/conversation-messages/${request.passenger.id}`)}
                className={buttonClasses('primary', 'md', 'mt-4 w-full')}
              >
                <MessageIcon className="h-4 w-4" />
                {TEXTS.rideRequests.contactPassenger}
              </Link>
            ) : null}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}

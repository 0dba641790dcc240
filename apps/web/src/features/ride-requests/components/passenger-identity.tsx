import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { Link } from 'react-router';
import { RatingSummary } from '../../../components/rating-summary';
import { Avatar } from '../../../components/ui/avatar';
import { useCollegeName, useRegion } from '../../../lib/region';
import { firstName } from '../utils/passenger';
import { CheckBadgeIcon } from './ride-request-icons';
import { PassengerSignInPrompt } from './ride-request-parts';

interface PassengerIdentityProps {
  request: RideRequest;
  isSignedIn: boolean;
  /** The Details modal adds "Verified Passenger" beside the name, for a verified passenger only. */
  showVerified?: boolean;
}

/**
 * Who posted the request: their avatar and first name (a link to their profile, for signed-in
 * viewers only, as the spec has it for avatars on ride cards), "Anonymous passenger" when the
 * server names nobody, or the sign-in prompt for a signed-out viewer.
 */
export function PassengerIdentity({ request, isSignedIn, showVerified = false }: PassengerIdentityProps) {
  const collegeLabel = useCollegeName();
  const { toPath } = useRegion();
  if (!isSignedIn) return <PassengerSignInPrompt />;
  const { passenger } = request;
  if (!passenger) {
    return (
      <div className="flex items-center gap-3">
        <Avatar name={null} size="md" />
        <span className="text-sm font-semibold text-slate-700 dark:text-slate-200">{TEXTS.rideRequests.anonymousPassenger}</span>
      </div>
    );
  }
  const name = firstName(passenger.name);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Link
        to={toPath(`/profile/${passenger.id}`)}
        className="flex min-w-0 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Avatar name={passenger.name} src={passenger.avatar} color={passenger.avatarColor} size="md" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-slate-900 hover:underline dark:text-white">{name}</span>
          {passenger.college ? (
            <span className="block text-xs text-slate-500 dark:text-slate-400">{collegeLabel(passenger.college)}</span>
          ) : null}
          <span className="mt-0.5 block">
            <RatingSummary rating={passenger} role="passenger" />
          </span>
        </span>
      </Link>
      {showVerified && passenger.driverVerified ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-800">
          <CheckBadgeIcon className="h-3.5 w-3.5" />
          {TEXTS.rideRequests.verifiedPassenger}
        </span>
      ) : null}
    </div>
  );
}

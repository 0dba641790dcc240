import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { PassengerIdentity } from './passenger-identity';
import { RequestSafetyMenu } from './request-safety-menu';
import { DepartureLine, Needs, Notes, PostedTime, PreferredStops, RouteTitle } from './ride-request-parts';

interface RideRequestCardProps {
  request: RideRequest;
  isSignedIn: boolean;
  onShowDetails: (request: RideRequest) => void;
}

/** One request in a list (spec section 2, Ride request list). */
export function RideRequestCard({ request, isSignedIn, onShowDetails }: RideRequestCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <RouteTitle request={request} id={headingId} className="text-lg" />
        <PostedTime request={request} />
      </div>
      <DepartureLine request={request} />
      <PreferredStops request={request} />
      <Needs request={request} />
      <Notes request={request} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        <PassengerIdentity request={request} isSignedIn={isSignedIn} />
        <Button variant="secondary" size="sm" onClick={() => onShowDetails(request)} className="ml-auto">
          {TEXTS.rideRequests.details}
        </Button>
        <RequestSafetyMenu request={request} isSignedIn={isSignedIn} />
      </div>
    </article>
  );
}

import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useMyRideRequests } from '../api/get-my-ride-requests';
import { useDeleteRideRequest } from '../api/delete-ride-request';
import { useOpenRequestForm } from '../hooks/use-open-request-form';
import { TrashIcon } from './ride-request-icons';
import { DepartureLine, Needs, Notes, PostedTime, RouteTitle } from './ride-request-parts';
import { usePlaceLabel } from '../../../lib/region';

interface MyRideRequestCardProps {
  request: RideRequest;
  isDeleting: boolean;
  onDelete: (request: RideRequest) => void;
}

/** Spec section 2, My Rides, request card: route, date, time, needs, notes, posted time, delete. */
function MyRideRequestCard({ request, isDeleting, onDelete }: MyRideRequestCardProps) {
  const placeLabel = usePlaceLabel();
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <RouteTitle request={request} id={headingId} className="text-lg" />
          <PostedTime request={request} />
        </div>
        <button
          type="button"
          aria-label={`Delete ride request from ${placeLabel(request.from)} to ${placeLabel(request.to)}`}
          title="Delete ride request"
          disabled={isDeleting}
          onClick={() => onDelete(request)}
          className="-mr-2 -mt-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-50 dark:text-slate-400 dark:hover:bg-red-950/50 dark:hover:text-red-400"
        >
          {isDeleting ? <Spinner size="sm" label="Deleting" /> : <TrashIcon className="h-5 w-5" />}
        </button>
      </div>
      <DepartureLine request={request} />
      <Needs request={request} />
      <Notes request={request} />
    </article>
  );
}

/**
 * My Rides' "My Ride Requests" tab. Deleting asks first (the spec's confirmation), removes the
 * card on success, and says "Failed to delete ride request. Please try again." otherwise.
 */
export function MyRideRequests() {
  const query = useMyRideRequests();
  const deleteRequest = useDeleteRideRequest();
  const openRequestForm = useOpenRequestForm();
  const { showToast } = useToast();

  const [deleting, setDeleting] = useState<RideRequest | null>(null);

  const onDelete = () => {
    if (!deleting) return;
    deleteRequest.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onSuccess: () => showToast({ message: TEXTS.rideRequests.deleted, tone: 'success' }),
      onError: () => showToast({ message: TEXTS.deleteRequestFailed, tone: 'error' }),
    });
  };

  if (query.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-slate-600 dark:text-slate-300">
        <Spinner size="lg" label={null} />
        <p role="status">{TEXTS.loadingYourRides}</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <p
        role="alert"
        className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
      >
        {TEXTS.loadOwnRidesFailed}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700">
        <p className="text-slate-600 dark:text-slate-300">{TEXTS.empty.requestedRides}</p>
        <Button variant="secondary" onClick={openRequestForm}>
          {TEXTS.rideRequests.formTitle}
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="My ride requests">
        {query.data.map((request) => (
          <li key={request.id} className="flex">
            <MyRideRequestCard
              request={request}
              isDeleting={deleteRequest.isPending && deleteRequest.variables === request.id}
              onDelete={setDeleting}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={TEXTS.confirmDeleteRequest}
        confirmLabel="Delete"
        tone="danger"
        pending={deleteRequest.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

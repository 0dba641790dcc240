import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useState } from 'react';
import { PreferenceList } from '../../../components/preference-list';
import { ReservePrompt } from '../../../components/reserve-prompt';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useSession } from '../../../lib/session';
import { useCancelRide } from '../api/cancel-ride';
import { useRide } from '../api/get-ride';
import { useNow } from '../hooks/use-now';
import { formatLocalDate, formatLocalTime } from '../../../lib/local-date-time';
import { bookingStatusLabel, cancelRideSucceededText, formatPrice, isActiveBooking, passengerStatusClasses, pluralize } from '../utils/ride-labels';
import { isPartOfRide, segmentTimes } from '../utils/ride-part';
import { segmentPriceRule } from '../utils/ride-route';
import { viewRideAs } from '../utils/ride-segment';
import { ArrivalNote, DriverChip, EditedBadge, Fact, icons, RoutePartNote, SeatIcons, useRouteText } from './ride-bits';
import { DriverRequestsAlongRide } from './requests-along-ride';
import { RideRoute } from './ride-route';
import { RideParticipants } from './ride-participants';
import { RideSafetyActions } from './ride-safety-actions';
import { SeriesCancelButton, WeeklySeriesNotice } from './weekly-series';
import type { RideChatSlot } from './ride-slots';
import { BookOrWait, WaitingPassengers } from './waitlist-panel';

/**
 * The edit form is the post form, loaded when the driver first edits: imported statically here it
 * put a second copy of the dialog primitives into this chunk, whose layers then no longer knew of
 * each other (one Escape closed the cancel confirmation and the ride dialog together).
 */
const PostRideForm = lazyWithReload(() => import('./post-ride-modal').then((module) => module.PostRideForm), EditFormUnavailable);

function EditFormUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      The edit form could not be loaded. Please reload the page and try again.
    </p>
  );
}

interface RideDetailModalProps {
  rideId: string | null;
  /** The copy the opener already has, shown while the fresh one loads. */
  initialRide?: Ride;
  onClose: () => void;
  chatSlot?: RideChatSlot;
}

function RideStatusNotice({ ride, now }: { ride: Ride; now: number }) {
  if (ride.status === 'cancelled') {
    return <p className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800 dark:bg-red-950/50 dark:text-red-200">This ride was cancelled by the driver.</p>;
  }
  if (ride.status === 'completed' || new Date(ride.departsAt).getTime() <= now) {
    return <p className="rounded-xl bg-slate-100 p-3 text-sm font-semibold dark:bg-slate-800">This ride has departed.</p>;
  }
  return null;
}

/**
 * The part of the ride the dialog is about: the passenger's own booking or place in line, else the
 * part of the route the card that opened it showed (a search from or to a stop), else all of it.
 */
function viewedRange(ride: Ride, initialRide: Ride | undefined): { from: string; to: string } | null {
  if (ride.myBooking && (isActiveBooking(ride.myBooking) || ride.myBooking.status === 'completed')) return ride.myBooking;
  if (ride.myWaitlistEntry) return ride.myWaitlistEntry;
  if (initialRide?.id === ride.id && isPartOfRide(initialRide, initialRide.segment)) return initialRide.segment;
  return null;
}

/** The ride detail dialog of spec section 2: details, notes, participants, then booking or chat. */
export function RideDetailModal({ rideId, initialRide, onClose, chatSlot }: RideDetailModalProps) {
  const routeText = useRouteText();
  const { data: fresh, isError } = useRide(rideId, initialRide);
  const ride = fresh ? viewRideAs(fresh, viewedRange(fresh, initialRide)) : undefined;
  return (
    <Modal open={rideId !== null} onClose={onClose} title={ride ? routeText(ride.segment.from, ride.segment.to) : 'Ride details'} size="lg">
      {ride ? (
        <RideDetails key={ride.id} ride={ride} onClose={onClose} chatSlot={chatSlot} />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {TEXTS.fetchRidesFailed}
        </p>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}

function RideDetails({ ride, onClose, chatSlot }: { ride: Ride; onClose: () => void; chatSlot?: RideChatSlot }) {
  const routeText = useRouteText();
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  // The booking the ride showed when this dialog booked (none, or an earlier cancelled one): until
  // the ride's answer brings the new booking, the new passenger is one already. After that, the
  // booking's own status decides (a cancellation ends the chat, as for everyone).
  const [bookedOver, setBookedOver] = useState<string | null | undefined>(undefined);
  const cancelRide = useCancelRide();
  const [editing, setEditing] = useState(false);
  const isDriver = viewerId !== null && ride.driver?.id === viewerId;
  const hasActiveBooking = isActiveBooking(ride.myBooking);
  const awaitingNewBooking = bookedOver !== undefined && (ride.myBooking?.id ?? null) === bookedOver;
  // A passenger whose ride is over keeps reading its participants and chat (a lost item, a review to write).
  const rodeAlong = ride.myBooking?.status === 'completed';
  const isParticipant = isDriver || hasActiveBooking || awaitingNewBooking || rodeAlong;
  const now = useNow();
  const bookable = ride.status === 'active' && new Date(ride.departsAt).getTime() > now;
  const { segment } = ride;
  const part = isPartOfRide(ride, segment);
  const times = segmentTimes(segment);
  const boards = part ? times.boards : ride.departsAt;

  const { showToast } = useToast();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const onCancelRide = () => {
    cancelRide.mutate(ride.id, {
      onSuccess: () => {
        setConfirmingCancel(false);
        showToast({ tone: 'success', message: cancelRideSucceededText(), durationMs: 8_000 });
        onClose();
      },
      onError: (error) => {
        setConfirmingCancel(false);
        showToast({ tone: 'error', message: TEXTS.cancelRideFailedWith(error.message || 'Unknown error') });
      },
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="space-y-0.5">
          <RoutePartNote ride={ride} part={segment} />
          <p className="flex items-baseline gap-2 text-sm text-slate-500 dark:text-slate-400">
            Posted {ride.postedTime} <EditedBadge editedAt={ride.editedAt} />
          </p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-extrabold text-brand-700 dark:text-brand-300">
            {formatPrice(segment.price)}
            <span className="ml-1 text-sm font-medium text-slate-500 dark:text-slate-400">per seat</span>
          </p>
          {part ? <p className="text-xs text-slate-500 dark:text-slate-400">{segmentPriceRule(ride.price, segment)}</p> : null}
        </div>
      </div>

      <RideStatusNotice ride={ride} now={now} />
      {isDriver && ride.seriesId ? <WeeklySeriesNotice /> : null}

      <section aria-label="Ride details" className="space-y-3">
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <Fact label="Date" icon={icons.calendar}>
            {formatLocalDate(boards)}
          </Fact>
          <Fact label="Departure" icon={icons.clock}>
            {formatLocalTime(boards)}
            {part ? <ArrivalNote boards={boards} arrives={times.arrives} /> : null}
          </Fact>
          <Fact label="Seats available" icon={icons.seat}>
            <span className="inline-flex flex-wrap items-center gap-x-1.5">
              <SeatIcons available={segment.seatsAvailable} total={ride.totalSeats} />
              {segment.seatsAvailable} of {ride.totalSeats}
            </span>
          </Fact>
          <Fact label="Suitcases" icon={icons.suitcase}>
            {segment.suitcasesAvailable} of {ride.totalSuitcases}
          </Fact>
          {ride.pickupAddress ? (
            <Fact label="Pick-up" icon={icons.pin} wide>
              {ride.pickupAddress}
            </Fact>
          ) : null}
          {ride.dropoffAddress ? (
            <Fact label="Drop-off" icon={icons.flag} wide>
              {ride.dropoffAddress}
            </Fact>
          ) : null}
        </dl>
        {ride.driver ? (
          <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <DriverChip driver={ride.driver} />
            {ride.driver.info ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{ride.driver.info}</p> : null}
            <div className="mt-3">
              <PreferenceList preferences={ride.driver.preferences} />
            </div>
          </div>
        ) : null}
      </section>

      <RideRoute ride={ride} />

      <section aria-labelledby="trip-notes-heading">
        <h3 id="trip-notes-heading" className="mb-2 text-base font-bold text-slate-900 dark:text-white">
          Trip Notes
        </h3>
        {ride.notes.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            {ride.notes.map((note, index) => (
              <li key={index} className="break-words">
                {note}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">The driver left no notes.</p>
        )}
      </section>

      {/* Right under the ride's facts, where the driver is looking, not below a long chat. */}
      {ride.canDelete && editing ? (
        <section aria-label="Edit ride" className="rounded-xl border border-brand-200 p-4 dark:border-brand-800">
          <Suspense fallback={<Spinner />}>
            <PostRideForm ride={ride} onDone={() => setEditing(false)} />
          </Suspense>
        </section>
      ) : null}

      {viewerId === null ? (
        <ReservePrompt />
      ) : isParticipant ? (
        <>
          {ride.myBooking && (hasActiveBooking || rodeAlong) ? (
            <p className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
              <span>
                Your booking: {isPartOfRide(ride, ride.myBooking) ? `${routeText(ride.myBooking.from, ride.myBooking.to)}, ` : ''}
                {pluralize(ride.myBooking.seats, 'seat')}, {pluralize(ride.myBooking.suitcases, 'suitcase')}
              </span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${passengerStatusClasses(ride.myBooking.status)}`}>
                {bookingStatusLabel(ride.myBooking.status)}
              </span>
            </p>
          ) : null}
          {/* Who the server shows the passengers to; right after booking they come with the refetch. */}
          {isDriver || hasActiveBooking || rodeAlong ? <RideParticipants ride={ride} viewerId={viewerId} /> : null}
          {isDriver ? <WaitingPassengers ride={ride} /> : null}
          {isDriver ? <DriverRequestsAlongRide rideId={ride.id} open={ride.canDelete} /> : null}
          {chatSlot ? (
            <section aria-labelledby="ride-messages-heading">
              <h3 id="ride-messages-heading" className="mb-2 text-base font-bold text-slate-900 dark:text-white">
                Messages
              </h3>
              {chatSlot(ride.id, { readOnlyReason: rodeAlong && !isDriver ? TEXTS.rideChatReadOnly : null })}
            </section>
          ) : null}
        </>
      ) : bookable ? (
        <BookOrWait ride={ride} onBooked={() => setBookedOver(ride.myBooking?.id ?? null)} />
      ) : null}

      {ride.canDelete ? (
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          <Button variant="secondary" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
            {editing ? 'Close editing' : 'Edit ride'}
          </Button>
          <Button variant="danger" onClick={() => setConfirmingCancel(true)} disabled={cancelRide.isPending}>
            {cancelRide.isPending ? 'Cancelling...' : ride.seriesId ? 'Cancel this ride' : 'Cancel ride'}
          </Button>
          {ride.seriesId ? <SeriesCancelButton ride={ride} seriesId={ride.seriesId} onCancelled={onClose} /> : null}
          <ConfirmDialog
            open={confirmingCancel}
            title={TEXTS.confirmCancelRide}
            description={TEXTS.confirmIrreversible}
            confirmLabel="Cancel ride"
            cancelLabel="Keep ride"
            tone="danger"
            pending={cancelRide.isPending}
            onConfirm={onCancelRide}
            onClose={() => setConfirmingCancel(false)}
          />
        </div>
      ) : null}

      <RideSafetyActions ride={ride} viewerId={viewerId} onBlocked={onClose} />
    </div>
  );
}

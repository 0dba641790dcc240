import { TEXTS } from '@carpool/shared/texts';
import type { BookingStatus } from '@carpool/shared/schemas/rides';
import type { Ride } from '@carpool/shared/schemas/rides';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useRegion } from '../../../lib/region';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { bookingStatusLabel, driverBookingLabel, passengerStatusClasses, pluralize } from '../utils/ride-labels';
import { isPartOfRide } from '../utils/ride-part';
import { useRouteText } from './ride-bits';

const ACTION_PROMPT: Record<'confirmed' | 'cancelled', { title: string; confirmLabel: string }> = {
  confirmed: { title: TEXTS.confirmAcceptBooking, confirmLabel: 'Accept' },
  cancelled: { title: TEXTS.confirmRejectBooking, confirmLabel: 'Reject' },
};

function StatusBadge({ status, text }: { status: BookingStatus; text: string }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${passengerStatusClasses(status)}`}>{text}</span>;
}

function YouLabel() {
  return <span className="text-xs font-medium text-slate-500 dark:text-slate-400">(You)</span>;
}

interface RideParticipantsProps {
  ride: Ride;
  viewerId: string;
}

/** The driver and the passengers; the driver accepts or rejects pending bookings here. */
export function RideParticipants({ ride, viewerId }: RideParticipantsProps) {
  const routeText = useRouteText();
  const { toPath } = useRegion();
  const update = useUpdateBookingStatus();
  const isDriver = ride.driver?.id === viewerId;
  const { passengers } = ride;
  const { showToast } = useToast();
  const [deciding, setDeciding] = useState<{ bookingId: string; status: 'confirmed' | 'cancelled' } | null>(null);
  const decide = () => {
    if (!deciding) return;
    update.mutate(deciding, {
      onSettled: () => setDeciding(null),
      onError: (error) => showToast({ tone: 'error', message: error.message || 'Failed to update the booking.' }),
    });
  };

  return (
    <section aria-labelledby="ride-participants-heading" className="space-y-3">
      <h3 id="ride-participants-heading" className="text-base font-bold text-slate-900 dark:text-white">
        Ride Participants
      </h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {ride.driver ? (
          <li className="flex items-center gap-3 p-3">
            <Avatar name={ride.driver.name} src={ride.driver.avatar} color={ride.driver.avatarColor} size="sm" />
            <Link to={toPath(`/profile/${ride.driver.id}`)} className="font-semibold hover:underline">
              {ride.driver.name}
            </Link>
            {isDriver ? <YouLabel /> : null}
            <span className="ml-auto rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold text-white">Driver</span>
          </li>
        ) : null}
        {passengers.map((passenger) => {
          const label = driverBookingLabel(passenger.status, passenger.cancelledBy);
          return (
            <li key={passenger.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3" data-testid="ride-passenger">
              <Avatar name={passenger.user.name} src={passenger.user.avatar} color={passenger.user.avatarColor} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-1.5">
                  <Link to={toPath(`/profile/${passenger.user.id}`)} className="font-semibold hover:underline">
                    {passenger.user.name}
                  </Link>
                  {passenger.user.id === viewerId ? <YouLabel /> : null}
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {pluralize(passenger.seats, 'seat')} · {pluralize(passenger.suitcases, 'suitcase')}
                  {isPartOfRide(ride, passenger) ? ` · ${routeText(passenger.from, passenger.to)}` : ''}
                </p>
              </div>
              {isDriver && passenger.status === 'pending' ? (
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => setDeciding({ bookingId: passenger.id, status: 'confirmed' })} disabled={update.isPending}>
                    Accept
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setDeciding({ bookingId: passenger.id, status: 'cancelled' })} disabled={update.isPending}>
                    Reject
                  </Button>
                </div>
              ) : (
                <StatusBadge status={passenger.status} text={isDriver && label ? label : bookingStatusLabel(passenger.status)} />
              )}
            </li>
          );
        })}
      </ul>
      {passengers.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{TEXTS.empty.passengersOnRide}</p> : null}
      <ConfirmDialog
        open={deciding !== null}
        title={ACTION_PROMPT[deciding?.status ?? 'confirmed'].title}
        description={TEXTS.confirmIrreversible}
        confirmLabel={ACTION_PROMPT[deciding?.status ?? 'confirmed'].confirmLabel}
        tone={deciding?.status === 'cancelled' ? 'danger' : 'default'}
        pending={update.isPending}
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </section>
  );
}

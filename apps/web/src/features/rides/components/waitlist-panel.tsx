import { MAX_SEATS, MAX_SUITCASES, MIN_SEATS } from '@carpool/shared/constants';
import type { Ride, RideSegment } from '@carpool/shared/schemas/rides';
import { joinWaitlistFormSchema, type JoinWaitlistInput } from '@carpool/shared/schemas/waitlist';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useJoinWaitlist, useLeaveWaitlist, useWaitingPassengers } from '../api/waitlist';
import { pluralize } from '../utils/ride-labels';
import { isPartOfRide } from '../utils/ride-part';
import { segmentToSend } from '../utils/ride-route';
import { useRouteText } from './ride-bits';
import { BookingForm } from './booking-form';
import { usePlaceLabel } from '../../../lib/region';

function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

const ordinal = (position: number) => `#${position}`;

/** Whether a request of seats and suitcases is more than the ride (the part looked at) has left, so it may wait. */
function needsWaitlist(room: Pick<RideSegment, 'seatsAvailable' | 'suitcasesAvailable'>, seats: number, suitcases: number): boolean {
  return seats > room.seatsAvailable || suitcases > room.suitcasesAvailable;
}

/**
 * What a signed-in passenger without a booking sees on a bookable ride: their place on the
 * waiting list with "Leave waiting list"; else the booking form, and "Join waiting list" when the
 * ride is full, or on request when it has less room than they need.
 */
export function BookOrWait({ ride, onBooked }: { ride: Ride; onBooked: () => void }) {
  const placeLabel = usePlaceLabel();
  const [wantsMore, setWantsMore] = useState(false);
  if (ride.myWaitlistEntry) return <MyWaitlistPlace ride={ride} />;
  if (ride.segment.seatsAvailable === 0) {
    return (
      <div className="space-y-4">
        <p className="rounded-xl bg-slate-100 p-4 text-sm font-medium dark:bg-slate-800">
          {isPartOfRide(ride, ride.segment) ? `This ride is full between ${placeLabel(ride.segment.from)} and ${placeLabel(ride.segment.to)}.` : 'This ride is full.'}
          {ride.waitingCount > 0 ? ` ${pluralize(ride.waitingCount, 'passenger')} waiting.` : ''}
        </p>
        <WaitlistForm ride={ride} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <BookingForm ride={ride} onBooked={onBooked} />
      {wantsMore ? (
        <WaitlistForm ride={ride} />
      ) : (
        <button
          type="button"
          onClick={() => setWantsMore(true)}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Need more seats or suitcases than are left? Join waiting list
        </button>
      )}
    </div>
  );
}

/** "Join waiting list": seats and suitcases up to the ride's totals. */
export function WaitlistForm({ ride }: { ride: Ride }) {
  const seatChoices = range(MIN_SEATS, Math.min(ride.totalSeats, MAX_SEATS));
  const suitcaseChoices = range(0, Math.min(ride.totalSuitcases, MAX_SUITCASES));
  const totals = { seats: seatChoices.at(-1) ?? 0, suitcases: suitcaseChoices.at(-1) ?? 0 };
  // Rebuilt on each render: the driver may edit the ride's totals while the dialog is open.
  const schema = joinWaitlistFormSchema(totals);
  const join = useJoinWaitlist();
  const { showToast } = useToast();
  const form = useZodForm(schema, {
    // Start from a request the ride cannot take now: that is what waiting is for.
    defaultValues: { seats: Math.min(ride.segment.seatsAvailable + 1, totals.seats || MIN_SEATS), suitcases: 0 },
    messages: {
      seats: (issue) => (issue.code === 'too_big' ? `This ride takes ${pluralize(totals.seats, 'seat')} in all.` : undefined),
      suitcases: (issue) => (issue.code === 'too_big' ? `This ride takes ${pluralize(totals.suitcases, 'suitcase')} in all.` : undefined),
    },
  });
  const [seats, suitcases] = useWatch({ control: form.control, name: ['seats', 'suitcases'] });
  // The server answers 409 RIDE_HAS_ROOM to a request that fits now; it says so live instead.
  const fits = !needsWaitlist(ride.segment, seats, suitcases);

  const onSubmit = async (values: JoinWaitlistInput) => {
    try {
      const entry = await join.mutateAsync({ rideId: ride.id, seats: values.seats, suitcases: values.suitcases, ...segmentToSend(ride) });
      showToast({ tone: 'success', message: `You are ${ordinal(entry.position)} on the waiting list.` });
    } catch (caught) {
      form.showFailure(caught, isApiError(caught) && caught.status > 0 ? caught.message : 'Joining the waiting list failed. Please try again.');
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Join waiting list" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="text-base font-bold text-slate-900 dark:text-white">Join waiting list</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        When room comes free, the first passengers in line whose request fits get a pending booking, and the driver accepts or rejects it.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field name="seats" label="Seats">
          {(control) => (
            <select {...control} className={controlClasses} {...form.register('seats', { valueAsNumber: true })}>
              {seatChoices.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="suitcases" label="Suitcases">
          {(control) => (
            <select {...control} className={controlClasses} {...form.register('suitcases', { valueAsNumber: true })}>
              {suitcaseChoices.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {fits ? <p className="text-sm text-slate-600 dark:text-slate-300">The ride has room for this right now: reserve it instead.</p> : null}
      <FormError />
      <SubmitButton variant="secondary" className="w-full" disabled={fits} pendingText="Joining...">
        Join waiting list
      </SubmitButton>
    </Form>
  );
}

/** The waiting passenger's place in line and "Leave waiting list". */
function MyWaitlistPlace({ ride }: { ride: Ride }) {
  const placeLabel = usePlaceLabel();
  const entry = ride.myWaitlistEntry!;
  const leave = useLeaveWaitlist();
  const { showToast } = useToast();
  // mutateAsync: once the ride is read again this place is gone, and mutate's own callbacks with it.
  const onLeave = async () => {
    try {
      await leave.mutateAsync(ride.id);
      showToast({ tone: 'success', message: 'You left the waiting list.' });
    } catch (error) {
      showToast({ tone: 'error', message: (error instanceof Error && error.message) || 'Leaving the waiting list failed.' });
    }
  };
  return (
    <section aria-label="Your place on the waiting list" className="space-y-3 rounded-xl bg-amber-50 p-4 dark:bg-amber-950/40">
      <p className="text-sm text-amber-950 dark:text-amber-100">
        <span className="font-bold">You are {ordinal(entry.position)} on the waiting list</span> for{' '}
        {pluralize(entry.seats, 'seat')} and {pluralize(entry.suitcases, 'suitcase')}
        {isPartOfRide(ride, entry) ? ` from ${placeLabel(entry.from)} to ${placeLabel(entry.to)}` : ''}. When room comes free you get a pending booking
        and a notification.
      </p>
      <Button variant="secondary" onClick={() => void onLeave()} disabled={leave.isPending}>
        {leave.isPending ? 'Leaving...' : 'Leave waiting list'}
      </Button>
    </section>
  );
}

/** The driver's view of the line, in order, under the participants; asked for only when someone waits. */
export function WaitingPassengers({ ride }: { ride: Pick<Ride, 'id' | 'waitingCount' | 'from' | 'to'> }) {
  const routeText = useRouteText();
  const { data, isError } = useWaitingPassengers(ride.id, ride.waitingCount > 0);
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        The waiting list could not be loaded.
      </p>
    );
  }
  if (ride.waitingCount === 0 || !data || data.length === 0) return null;
  return (
    <section aria-labelledby="ride-waitlist-heading" className="space-y-3">
      <h3 id="ride-waitlist-heading" className="text-base font-bold text-slate-900 dark:text-white">
        Waiting list
      </h3>
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {data.map((waiting) => (
          <li key={waiting.user.id} className="flex items-center gap-3 p-3" data-testid="ride-waiting-passenger">
            <span className="w-7 text-sm font-bold text-slate-500 dark:text-slate-400">{ordinal(waiting.position)}</span>
            <Avatar name={waiting.user.name} src={waiting.user.avatar} color={waiting.user.avatarColor} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{waiting.user.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {pluralize(waiting.seats, 'seat')} · {pluralize(waiting.suitcases, 'suitcase')}
                {isPartOfRide(ride, waiting) ? ` · ${routeText(waiting.from, waiting.to)}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
